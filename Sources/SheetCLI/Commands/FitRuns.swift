import SheetScenario
import SheetScript

/// A fit's runs on worker threads: a batch of points makes ``CorpusFit/runCount(points:)`` runs, each a
/// gesture at a point, taken by index (``Sweep/parallelMap(count:jobs:placeholder:_:)``) and kept by
/// index, then summed per point in index order, so the scores are the same whatever `--jobs`.
struct FitRuns: Sendable {
  /// The gestures and the behaviour.
  let fit: CorpusFit
  /// Worker threads.
  let jobs: Int
  /// The most runs one parallel batch makes: a larger batch is made a part at a time, in order (for
  /// scores, only a part's results are held at once).
  static let heldRuns = 1 << 20

  /// Each point's score.
  /// - Parameter points: The batch, a value per fitted threshold each.
  /// - Returns: A score per point, in order.
  func scores(_ points: [[Double]]) -> [FitScore] {
    chunked(points) { fit.scores(ends($0), points: $0.count) }
  }

  /// Where each run of a batch ended (``CorpusFit/run(_:replayer:)``): run `k` is gesture
  /// `k % gestures` at point `k / gestures`.
  /// - Parameter points: The batch, a value per fitted threshold each.
  /// - Returns: Each run's end, nil for a gesture that could not be replayed.
  func ends(_ points: [[Double]]) -> [String?] {
    chunked(points) { batch in
      let count = fit.runCount(points: batch.count)
      let workers = Workers(count: Sweep.workers(jobs: jobs, count: count))
      let fit = self.fit
      return Sweep.parallelMap(count: count, jobs: jobs, placeholder: String?.none) { index, worker in
        fit.run(index, replayer: workers.replayer(worker, point: index / fit.gestures.count, of: batch, fit))
      }
    }
  }

  /// `body` over the batch a part of at most ``heldRuns`` runs at a time, the results joined in order.
  private func chunked<Element>(_ points: [[Double]], _ body: ([[Double]]) -> [Element]) -> [Element] {
    let chunk = max(1, Self.heldRuns / max(1, fit.gestures.count))
    guard points.count > chunk else { return body(points) }
    return stride(from: 0, to: points.count, by: chunk).flatMap {
      body(Array(points[$0..<min($0 + chunk, points.count)]))
    }
  }

  /// Each worker's replayer for the point it is at: a worker takes runs in index order, so it moves to
  /// a point once and makes its replayer then (the behaviour's warm state is built once per point).
  private final class Workers: Sendable {
    private let slots: [Slot]

    init(count: Int) { slots = (0..<count).map { _ in Slot() } }

    func replayer(_ worker: Int, point: Int, of points: [[Double]], _ fit: CorpusFit) -> GestureReplayer {
      let slot = slots[worker]
      if let held = slot.held, held.point == point { return held.replayer }
      let replayer = GestureReplayer(source: fit.source, overrides: fit.overrides(points[point]))
      slot.held = (point, replayer)
      return replayer
    }

    /// One worker's replayer: only that worker reads and writes it.
    private final class Slot: @unchecked Sendable {
      var held: (point: Int, replayer: GestureReplayer)?
    }
  }
}
