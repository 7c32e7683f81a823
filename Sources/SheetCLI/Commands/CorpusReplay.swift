import Dispatch
import SheetScenario
import SheetScript
import SheetTrace
import Synchronization

/// The replay of corpora on worker threads: the corpora are read a line at a time under the order's
/// lock (``SweepOrder/claim(reading:)``), each worker decodes the lines it claims and replays their
/// gestures with its own replayers, and the results are handed on in the corpora's order (each gesture
/// given its index among the gestures then), so the output is the same whatever
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
    let gestures = Mutex(0)
    DispatchQueue.concurrentPerform(iterations: max(1, jobs)) { _ in
      let replayers = sides.map { GestureReplayer(source: $0.source, overrides: $0.overrides) }
      while let (k, raw) = order.claim(reading: { feed.next() }) {
        let handed: Handed
        switch raw.decoded() {
        case .gesture(let record, let line):
          var file = ""
          if case .line(_, let name, _) = raw { file = name }
          // the index among the gestures is given as results are handed on, in order
          handed = .replayed(GestureReplay(record, index: -1, file: file, line: line, replayers: replayers))
        case .bad(let error):
          handed = .bad(error)
        }
        order.finish(k, handed) { _, done in
          for entry in done {
            guard case .replayed(var replay) = entry else {
              each(entry)
              continue
            }
            replay.index = gestures.withLock { count in
              defer { count += 1 }
              return count
            }
            each(.replayed(replay))
          }
        }
      }
    }
  }
}
