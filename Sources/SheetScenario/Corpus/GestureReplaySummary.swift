import SheetCore
import SheetTrace

/// What a replay of a corpus found, summed from its gestures' replays (``add(_:)``, in index order) and
/// kept in memory that does not grow with the corpus: counts by name, and settle times and overshoots
/// in fixed bins (`BinnedSpread`). Two summaries of the same replayers add up (``merge(_:)``).
package struct GestureReplaySummary: Sendable, Equatable {
  /// The most failures quoted (the rest are counted).
  package static let quotedFailures = 5
  /// The most names a count keeps apart (origins, starting detents, intents, recorded moves): a corpus's
  /// names are its own, so past these a report stays short and its memory flat, whatever the corpus.
  package static let maximumNames = 64
  /// The name the gestures past the first ``maximumNames`` names, in sorted order, are counted under.
  package static let otherNames = "(other names)"

  /// Adds `value` to `counts` under `name`, keeping the ``maximumNames`` smallest names apart and the rest
  /// under ``otherNames``: the counts come out the same whatever order gestures and shards arrive in.
  static func add<Value>(
    _ value: Value, as name: String, to counts: inout [String: Value], zero: Value,
    _ combine: (inout Value, Value) -> Void
  ) {
    combine(&counts[name, default: zero], value)
    let apart = counts.count - (counts[otherNames] == nil ? 0 : 1)
    guard apart > maximumNames, let largest = counts.keys.lazy.filter({ $0 != otherNames }).max(),
      let evicted = counts.removeValue(forKey: largest)
    else { return }
    combine(&counts[otherNames, default: zero], evicted)
  }

  /// ``add(_:as:to:zero:_:)`` for a count.
  static func add(_ n: Int, as name: String, to counts: inout [String: Int]) {
    add(n, as: name, to: &counts, zero: 0) { $0 += $1 }
  }

  /// ``add(_:as:to:zero:_:)`` for counts by end.
  static func add(_ ends: [String: Int], as name: String, to counts: inout [String: [String: Int]]) {
    add(ends, as: name, to: &counts, zero: [:]) { $0.merge($1, uniquingKeysWith: +) }
  }

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
    /// Gestures with an intent whose replay ended at it (counted as they come: the matrix may fold
    /// intents).
    package var agreed = 0
    /// Gestures with a recorded outcome that were replayed.
    package var recorded = 0
    /// Seconds from the lift until still, and points of overshoot, of the replays that settled.
    package var settle = BinnedSpread(binWidth: 0.001, binCount: 10_000)
    package var overshoot = BinnedSpread(binWidth: 0.01, binCount: 20_000)

    mutating func add(_ replay: GestureReplay, _ k: Int) {
      guard case .success(let run) = replay.runs[k] else {
        failures += 1
        return
      }
      let end = run.outcome.end
      GestureReplaySummary.add([end: 1], as: replay.start, to: &outcomes)
      if let intent = replay.intent {
        GestureReplaySummary.add([end: 1], as: intent, to: &confusion)
        if intent == end { agreed += 1 }
      }
      if let recorded = replay.recorded {
        self.recorded += 1
        if recorded != end { GestureReplaySummary.add(1, as: "\(recorded)→\(end)", to: &moved) }
      }
      if let seconds = run.outcome.settle { settle.add(seconds) }
      if let points = run.outcome.overshoot { overshoot.add(points) }
    }

    mutating func merge(_ other: Side) {
      failures += other.failures
      for (start, ends) in other.outcomes { GestureReplaySummary.add(ends, as: start, to: &outcomes) }
      for (intent, ends) in other.confusion { GestureReplaySummary.add(ends, as: intent, to: &confusion) }
      for (move, n) in other.moved { GestureReplaySummary.add(n, as: move, to: &moved) }
      recorded += other.recorded
      agreed += other.agreed
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
    Self.add(1, as: replay.origin, to: &origins)
    for k in sides.indices {
      sides[k].add(replay, k)
      if case .failure(let failure) = replay.runs[k], quoted.count < Self.quotedFailures {
        quoted.append("\(replay.file):\(replay.line): \(failure.message)")
      }
    }
    if sides.count == 2, let a = replay.end(0), let b = replay.end(1), a != b {
      Self.add(1, as: "\(a)→\(b)", to: &changes)
    }
  }

  /// Adds a summary of the gestures that follow this one's (the next shard's).
  package mutating func merge(_ other: GestureReplaySummary) {
    precondition(sides.count == other.sides.count, "summaries of the same replayers")
    gestures += other.gestures
    for (origin, n) in other.origins { Self.add(n, as: origin, to: &origins) }
    for k in sides.indices { sides[k].merge(other.sides[k]) }
    for (change, n) in other.changes { Self.add(n, as: change, to: &changes) }
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
