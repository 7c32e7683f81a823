import SheetTrace

/// One gesture's replay, as a replay report keeps it: keyed by the gesture's index in the corpora (0
/// for the first gesture of the first file), so that the replays of a corpus cut into shards can be put
/// back in order and summed (``GestureReplaySummary/add(_:)`` takes them in index order).
package struct GestureReplay: Sendable, Equatable {
  /// The gesture's index among the gestures read (bad lines are not counted).
  package var index: Int
  /// Its file and 1-based line.
  package var file: String
  package var line: Int
  /// The gesture's origin (`host`, `preview`, `scenario`, `synthetic`).
  package var origin: String
  /// Where it started: the recorded start detent, or the start state when there was none.
  package var start: String
  /// The recorded outcome's end, if the corpus has one.
  package var recorded: String?
  /// The intent, if the corpus has one.
  package var intent: String?
  /// The replay with the behaviour (and the second one, with `--against`).
  package var runs: [Result<Run, Failure>]

  /// A replay's outcome.
  package struct Run: Sendable, Equatable {
    /// Where the sheet went, how long it took to settle and how far it overshot.
    package var outcome: GestureRecord.Outcome
    /// Frames stepped from the touch-down until still.
    package var frames: Int
    /// Of those, the frames after the lift.
    package var settleFrames: Int

    /// A replay's outcome, as a shard's part keeps it.
    package init(outcome: GestureRecord.Outcome, frames: Int, settleFrames: Int) {
      self.outcome = outcome
      self.frames = frames
      self.settleFrames = settleFrames
    }
  }

  /// Why a gesture could not be replayed (a value the core refuses, a detent this screen lacks).
  package struct Failure: Error, Sendable, Equatable {
    package var message: String

    /// A failure, as a shard's part keeps it.
    package init(message: String) { self.message = message }
  }

  /// A gesture's replays as a shard's part keeps them.
  package init(
    index: Int, file: String, line: Int, origin: String, start: String, recorded: String?, intent: String?,
    runs: [Result<Run, Failure>]
  ) {
    self.index = index
    self.file = file
    self.line = line
    self.origin = origin
    self.start = start
    self.recorded = recorded
    self.intent = intent
    self.runs = runs
  }

  /// A gesture replayed by each replayer in turn.
  /// - Parameters:
  ///   - record: The gesture.
  ///   - index: Its index.
  ///   - file: Its file.
  ///   - line: Its line.
  ///   - replayers: One or two replayers.
  package init(_ record: GestureRecord, index: Int, file: String, line: Int, replayers: [GestureReplayer]) {
    self.index = index
    self.file = file
    self.line = line
    origin = record.origin
    start = record.start.detent ?? record.start.state.rawValue
    recorded = record.outcome?.end
    intent = record.intent
    runs = replayers.map { $0.replay(record) }
  }

  /// The end of replay `k`, or nil when it failed.
  package func end(_ k: Int) -> String? {
    guard case .success(let run) = runs[k] else { return nil }
    return run.outcome.end
  }

  /// The gesture as one line of `sheet replay --format jsonl`: its index, file, line, start, recorded
  /// end and intent, and each replay's end, settle time, overshoot and frames (or its error).
  package func jsonLine() -> String {
    var json = JSONWriter()
    json.beginObject()
    json.field("index", index)
    json.field("file", file)
    json.field("line", line)
    json.field("start", start)
    json.field("recorded", recorded)
    json.field("intent", intent)
    for (k, run) in runs.enumerated() {
      json.key(runs.count == 1 ? "replay" : k == 0 ? "a" : "b")
      json.beginObject()
      switch run {
      case .success(let run):
        json.field("end", run.outcome.end)
        json.key(literal: "settle")
        if let settle = run.outcome.settle { json.number(settle, decimals: 4) } else { json.null() }
        json.key(literal: "overshoot")
        if let overshoot = run.outcome.overshoot { json.number(overshoot, decimals: 2) } else { json.null() }
        json.field("frames", run.frames)
      case .failure(let failure):
        json.field("error", failure.message)
      }
      json.endObject()
    }
    if runs.count == 2 { json.field("changed", end(0) != end(1)) }
    json.endObject()
    return json.text
  }
}
