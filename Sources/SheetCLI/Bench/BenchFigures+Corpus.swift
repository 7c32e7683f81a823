import Foundation
import SheetBench
import SheetScenario
import SheetScript
import SheetTrace
import Synchronization

extension BenchFigures {
  /// The replay of a synthetic corpus (`sheet replay`, one thread) against the time its frames take in
  /// the frame loop with the same behaviour, side by side: the corpus's dragging frames at
  /// `SheetCoreBenchmark`'s dragging frame time and its frames after the lift at its settling frame time,
  /// measured in the same round; and the same replay on two threads against one.
  /// - Returns: The ratio replay / frames, round by round, and the speed-up of two workers over one.
  func corpusReplay() throws -> (ratio: Measurement, speedup: Measurement) {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let source = try preset("system")
    let synth = try GestureSynth(source: source, screen: .reference, seed: 1)
    let count = quick ? 200 : 2_000
    let file = "\(folder)/corpus.jsonl"
    try (0..<count).map { synth.gesture($0).jsonLine() + "\n" }.joined()
      .write(toFile: file, atomically: true, encoding: .utf8)
    let replay = CorpusReplay(files: [file], sides: [(source, [])])
    let frames = Mutex((drag: 0, settle: 0, failed: 0))
    func replayed(jobs: Int) -> Double {
      frames.withLock { $0 = (0, 0, 0) }
      let ns = timer.nanoseconds {
        replay.run(jobs: jobs) { handed in
          guard case .replayed(let gesture) = handed, case .success(let run) = gesture.runs[0] else {
            return frames.withLock { $0.failed += 1 }
          }
          frames.withLock {
            $0.drag += run.frames - run.settleFrames
            $0.settle += run.settleFrames
          }
        }
      }
      return frames.withLock { $0.failed } == 0 ? ns : .nan
    }
    let scripted = try Behaviour.load(source)
    let loopFrames = quick ? 20_000 : 200_000
    let samples = timer.rounds([
      { replayed(jobs: 1) },
      {
        let loop = SheetCoreBenchmark.run(policy: scripted, frames: loopFrames)
        let counted = frames.withLock { $0 }
        return Double(counted.drag) * loop.dragNanosecondsPerFrame
          + Double(counted.settle) * loop.settleNanosecondsPerFrame
      },
      { replayed(jobs: 2) },
    ])
    return (
      .of(zip(samples[0], samples[1]).map { $0 / $1 }), .of(zip(samples[0], samples[2]).map { $0 / $1 })
    )
  }
}
