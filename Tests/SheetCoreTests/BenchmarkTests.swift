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

  @Test func anyPolicy() {
    let r = SheetCoreBenchmark.run(policy: Seed004Policy(), frames: 300)
    #expect(r.frames == 300 && r.settleNanosecondsPerFrame.isFinite)
  }
}
