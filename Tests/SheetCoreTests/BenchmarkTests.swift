import SheetBench
import Testing

@testable import SheetCore

/// The benchmark runs and measures what it says; no timing is asserted.
@Suite struct BenchmarkTests {
  @Test func runsBothPhases() {
    let r = SheetCoreBenchmark.run(frames: 500)
    #expect(r.frames == 500)
    #expect(r.dragNanosecondsPerFrame.isFinite && r.dragNanosecondsPerFrame > 0)
    #expect(r.settleNanosecondsPerFrame.isFinite && r.settleNanosecondsPerFrame > 0)
    #expect(r.checksum > 0)
  }

  @Test func anyPolicy() {
    let r = SheetCoreBenchmark.run(policy: Seed004Policy(), frames: 300)
    #expect(r.frames == 300 && r.settleNanosecondsPerFrame.isFinite)
  }
}
