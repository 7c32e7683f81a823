import Dispatch
import SheetScenario
import SheetScript
import SheetTrace

/// The replay of corpora on worker threads: the corpora are read a line at a time under the order's
/// lock (``SweepOrder/claim(reading:)``), each worker decodes the lines it claims and replays their
/// gestures with its own replayers, and the results are handed on in the corpora's order (a gesture's
/// index among the gestures is given by ``ReplayReport``, which takes them in that order), so the output
/// is the same whatever the number of workers and at most ``Sweep/window`` results wait. A shard
/// replays its items alone (``CorpusFeed``).
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

  /// Replays every gesture (of the shard's items) on `jobs` threads and hands each result on, in order.
  /// - Parameters:
  ///   - jobs: Worker threads (1 or more).
  ///   - shard: The shard whose items are replayed.
  ///   - each: Called with each result in the corpora's order, one call at a time, from any worker.
  /// - Returns: The corpora's items, the shard's and the others'.
  @discardableResult
  func run(jobs: Int, shard: Shard = .whole, each: @escaping @Sendable (Handed) -> Void) -> Int {
    let feed = CorpusFeed(files: files, shard: shard)
    let order = SweepOrder<Handed>(points: Int.max, files: 1, window: Sweep.window)
    let sides = self.sides
    DispatchQueue.concurrentPerform(iterations: max(1, jobs)) { _ in
      let replayers = sides.map { GestureReplayer(source: $0.source, overrides: $0.overrides) }
      while let (k, raw) = order.claim(reading: { feed.next() }) {
        let handed: Handed
        switch raw.decoded() {
        case .gesture(let record, let line):
          var file = ""
          if case .line(_, let name, _) = raw { file = name }
          // the index among the gestures is given by the report, which takes them in order
          handed = .replayed(GestureReplay(record, index: -1, file: file, line: line, replayers: replayers))
        case .bad(let error):
          handed = .bad(error)
        }
        order.finish(k, handed) { _, done in done.forEach(each) }
      }
    }
    return feed.items
  }
}
