import Dispatch
import SheetScenario
import SheetScript
import SheetTrace

/// The replay of corpora on worker threads: the corpora are read a line at a time under the order's
/// lock (``SweepOrder/claim(reading:)``), each worker replays the gestures it claims with its own
/// replayers, and the results are handed on in the corpora's order, so the output is the same whatever
/// the number of workers and at most ``Sweep/window`` results wait.
struct CorpusReplay {
  /// What is handed on for each line, in order.
  enum Handed {
    /// A gesture's replays.
    case replayed(GestureReplay)
    /// A line (or file) that was not read.
    case bad(GestureLogError)
  }

  /// The corpora, in order.
  var files: [String]
  /// Each replay's behaviour and overrides.
  var sides: [(source: BehaviourSource, overrides: [(name: String, value: Double)])]

  /// Replays every gesture on `jobs` threads and hands each result on, in order.
  /// - Parameters:
  ///   - jobs: Worker threads (1 or more).
  ///   - each: Called with each result in the corpora's order, one call at a time, from any worker.
  func run(jobs: Int, each: @escaping @Sendable (Handed) -> Void) {
    let feed = CorpusFeed(files: files)
    let order = SweepOrder<Handed>(points: Int.max, files: 1, window: Sweep.window)
    let sides = self.sides
    DispatchQueue.concurrentPerform(iterations: max(1, jobs)) { _ in
      let replayers = sides.map { GestureReplayer(source: $0.source, overrides: $0.overrides) }
      while let (k, item) = order.claim(reading: { feed.next() }) {
        let handed: Handed
        switch item {
        case .gesture(let record, let index, let file, let line):
          handed = .replayed(
            GestureReplay(record, index: index, file: file, line: line, replayers: replayers))
        case .bad(let error):
          handed = .bad(error)
        }
        order.finish(k, handed) { _, done in
          for entry in done { each(entry) }
        }
      }
    }
  }
}
