import SheetScript
import SheetTrace

/// The gestures a fit replays and its runs: run `k` of a batch of points is gesture `k % gestures` at
/// point `k / gestures`, and its result is keyed by `k`, so runs can be made in any order, on any
/// worker (or, later, in shards) and summed in index order into each point's ``FitScore``.
package struct CorpusFit: Sendable {
  /// The most gestures a fit holds (they are replayed at every point, so they are kept in memory).
  package static let maximumGestures = 200_000

  /// The behaviour and the overrides every run shares (`--set`).
  package let source: BehaviourSource
  package let fixed: [(name: String, value: Double)]
  /// The fitted thresholds' names, in the order of a point's values.
  package let names: [String]
  /// The gestures with an intent, in the corpora's order.
  package let gestures: [GestureRecord]
  /// Gestures read without an intent (not replayed).
  package let withoutIntent: Int

  /// A fit of `names` over the gestures with an intent among `records`.
  package init(
    source: BehaviourSource, fixed: [(name: String, value: Double)], names: [String], records: [GestureRecord]
  ) {
    self.source = source
    self.fixed = fixed
    self.names = names
    gestures = records.filter { $0.intent != nil }
    withoutIntent = records.count - gestures.count
  }

  /// The overrides of a run at `point`: the shared ones, then the point's values.
  package func overrides(_ point: [Double]) -> [(name: String, value: Double)] {
    fixed + zip(names, point).map { ($0, $1) }
  }

  /// The runs of a batch of `points` points.
  package func runCount(points: Int) -> Int { points * gestures.count }

  /// Run `index` of a batch: its replayer must replay at point `index / gestures.count` of the batch.
  /// - Returns: Where the gesture ended, or nil when it could not be replayed.
  package func run(_ index: Int, replayer: GestureReplayer) -> String? {
    guard case .success(let run) = replayer.replay(gestures[index % gestures.count]) else { return nil }
    return run.outcome.end
  }

  /// Each point's score from a batch's run results, in index order.
  /// - Parameters:
  ///   - results: Run `k`'s end (nil: failed), `k` in `0..<runCount(points:)`.
  ///   - points: The batch's points.
  package func scores(_ results: [String?], points: Int) -> [FitScore] {
    precondition(results.count == runCount(points: points), "a result per run")
    let n = gestures.count
    return (0..<points).map { p in
      var score = FitScore()
      for g in 0..<n { score.add(intent: gestures[g].intent ?? "", end: results[p * n + g]) }
      return score
    }
  }
}

/// A point's agreement with the intents, and the confusion matrix of intent against outcome.
package struct FitScore: Sendable, Equatable {
  /// Intent → end → gestures, with the intents past ``GestureReplaySummary/maximumNames`` (in sorted
  /// order) under one row, as a replay's report keeps them.
  package var confusion: [String: [String: Int]] = [:]
  /// Gestures replayed, and those that could not be (counted as disagreeing).
  package var gestures = 0
  package var failures = 0
  /// Gestures whose replay ended at their intent (counted as they come: the matrix may fold intents).
  package var agreement = 0

  package init() {}

  /// Adds a gesture's run: its intent and where it ended (nil: failed).
  package mutating func add(intent: String, end: String?) {
    gestures += 1
    guard let end else {
      failures += 1
      return
    }
    if end == intent { agreement += 1 }
    GestureReplaySummary.add([end: 1], as: intent, to: &confusion)
  }
}
