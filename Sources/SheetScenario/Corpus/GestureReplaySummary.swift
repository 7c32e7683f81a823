import SheetCore
import SheetTrace

/// What a replay of a corpus found, summed from its gestures' replays (``add(_:)``, in index order) and
/// kept in memory that does not grow with the corpus: counts by name, and settle times and overshoots
/// in fixed bins (``GestureSpread``). Two summaries of the same replayers add up (``merge(_:)``).
package struct GestureReplaySummary: Sendable, Equatable {
  /// The most failures quoted (the rest are counted).
  package static let quotedFailures = 5

  /// Per replay (one, or two with `--against`).
  package struct Side: Sendable, Equatable {
    /// Replays that failed.
    package var failures = 0
    /// Outcome counts: start → end → gestures.
    package var outcomes: [String: [String: Int]] = [:]
    /// Intent against outcome: intent → end → gestures, for gestures with an intent.
    package var confusion: [String: [String: Int]] = [:]
    /// Gestures whose replay ends elsewhere than recorded: `recorded→end` → gestures.
    package var moved: [String: Int] = [:]
    /// Gestures with a recorded outcome that were replayed.
    package var recorded = 0
    /// Seconds from the lift until still, and points of overshoot, of the replays that settled.
    package var settle = GestureSpread(binWidth: 0.001, binCount: 10_000)
    package var overshoot = GestureSpread(binWidth: 0.01, binCount: 20_000)

    mutating func add(_ replay: GestureReplay, _ k: Int) {
      guard case .success(let run) = replay.runs[k] else {
        failures += 1
        return
      }
      let end = run.outcome.end
      outcomes[replay.start, default: [:]][end, default: 0] += 1
      if let intent = replay.intent { confusion[intent, default: [:]][end, default: 0] += 1 }
      if let recorded = replay.recorded {
        self.recorded += 1
        if recorded != end { moved["\(recorded)→\(end)", default: 0] += 1 }
      }
      if let seconds = run.outcome.settle { settle.add(seconds) }
      if let points = run.outcome.overshoot { overshoot.add(points) }
    }

    mutating func merge(_ other: Side) {
      failures += other.failures
      for (start, ends) in other.outcomes {
        for (end, n) in ends { outcomes[start, default: [:]][end, default: 0] += n }
      }
      for (intent, ends) in other.confusion {
        for (end, n) in ends { confusion[intent, default: [:]][end, default: 0] += n }
      }
      for (move, n) in other.moved { moved[move, default: 0] += n }
      recorded += other.recorded
      settle.merge(other.settle)
      overshoot.merge(other.overshoot)
    }
  }

  /// Gestures replayed.
  package private(set) var gestures = 0
  /// Gestures by origin.
  package private(set) var origins: [String: Int] = [:]
  /// One side per replayer.
  package private(set) var sides: [Side]
  /// With two replayers: gestures whose two replays end at different places, `a→b` → gestures.
  package private(set) var changes: [String: Int] = [:]
  /// The first failures, `file:line: message`.
  package private(set) var quoted: [String] = []

  /// An empty summary of `replayers` replays per gesture.
  package init(replayers: Int) {
    sides = [Side](repeating: Side(), count: replayers)
  }

  /// Adds a gesture's replays.
  package mutating func add(_ replay: GestureReplay) {
    gestures += 1
    origins[replay.origin, default: 0] += 1
    for k in sides.indices {
      sides[k].add(replay, k)
      if case .failure(let failure) = replay.runs[k], quoted.count < Self.quotedFailures {
        quoted.append("\(replay.file):\(replay.line): \(failure.message)")
      }
    }
    if sides.count == 2, let a = replay.end(0), let b = replay.end(1), a != b {
      changes["\(a)→\(b)", default: 0] += 1
    }
  }

  /// Adds a summary of the gestures that follow this one's (the next shard's).
  package mutating func merge(_ other: GestureReplaySummary) {
    precondition(sides.count == other.sides.count, "summaries of the same replayers")
    gestures += other.gestures
    for (origin, n) in other.origins { origins[origin, default: 0] += n }
    for k in sides.indices { sides[k].merge(other.sides[k]) }
    for (change, n) in other.changes { changes[change, default: 0] += n }
    quoted = Array((quoted + other.quoted).prefix(Self.quotedFailures))
  }

  /// Counts by name, largest first (ties by name): `290 half→full, 22 full→dismiss`.
  static func ranked(_ counts: [String: Int]) -> String {
    counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
      .map { "\(grouped($0.value)) \($0.key)" }.joined(separator: ", ")
  }

  /// A count with thousands separated: `5,000`.
  static func grouped(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return (n < 0 ? "-" : "") + out
  }
}
