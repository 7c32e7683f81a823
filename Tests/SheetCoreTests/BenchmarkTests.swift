import SheetBench
import Testing

@testable import SheetCore

/// The benchmark runs and measures what it says; no timing is asserted.
@Suite struct BenchmarkTests {
  @Test func runsBothPhases() {
    let r = SheetCoreBenchmark.run(frames: 500)
    #expect(r.frames == 500)
    #expect(r.dragNanosecondsPerFrame.isFinite && r.settleNanosecondsPerFrame.isFinite)
    // the work measured is the same every run: the sum of the heights it stepped through
    #expect(r.checksum == SheetCoreBenchmark.run(frames: 500).checksum)
    #expect(r.checksum != SheetCoreBenchmark.run(frames: 250).checksum)
  }

  /// `settleFrames: 0` times the dragging frames alone: the same drag, and no settling frame.
  @Test func draggingAlone() {
    let both = SheetCoreBenchmark.run(frames: 480)
    let dragging = SheetCoreBenchmark.run(frames: 480, settleFrames: 0)
    #expect(dragging.frames == 480 && dragging.dragNanosecondsPerFrame.isFinite)
    #expect(dragging.settleNanosecondsPerFrame.isNaN)
    // both sum the same drag and its release; only `both` adds 480 settling frames' heights
    #expect(dragging.checksum < both.checksum)
    #expect(dragging.checksum == SheetCoreBenchmark.run(frames: 480, settleFrames: 0).checksum)
  }

  /// `frames: 0` times the settling frames alone.
  @Test func settlingAlone() {
    let settling = SheetCoreBenchmark.run(frames: 0, settleFrames: 480)
    #expect(settling.dragNanosecondsPerFrame.isNaN && settling.settleNanosecondsPerFrame.isFinite)
    #expect(settling.checksum == SheetCoreBenchmark.run(frames: 0, settleFrames: 480).checksum)
    #expect(settling.checksum != SheetCoreBenchmark.run(frames: 0, settleFrames: 240).checksum)
  }

  @Test func anyPolicy() {
    let r = SheetCoreBenchmark.run(policy: Seed004Policy(), frames: 300)
    #expect(r.frames == 300 && r.settleNanosecondsPerFrame.isFinite)
  }
}
