import Foundation
import SheetBench
import Testing

@testable import SheetPreview

/// Memory stays flat over a long session of synthetic drags with a real client over loopback (the
/// issue's figure is a 10-minute run, `sheet preview --bench --soak 600`; this is a shortened one). The
/// name ends in MemoryFlatnessTests, so scripts/test runs it on its own, after the parallel suites,
/// since it reads the whole process's resident memory.
@Suite(.serialized) struct PreviewMemoryFlatnessTests {
  @Test func aLongSessionDoesNotGrow() throws {
    let setup = PreviewSetup(behaviour: "bottom-sheet-vc", recordDirectory: NSTemporaryDirectory())
    // 3000 round trips to warm up (the allocator's arenas, Lua's first collections), then 9000 more:
    // about 13 drags, each with its release and settle. A leak of one reply string a message (300 bytes
    // or more) would grow the process by more than 2.5 MiB.
    let figures = try PreviewBenchmark.run(setup: setup, messages: 9000, warmUp: 3000)
    #expect(figures.decisions >= 12, "\(figures.decisions) releases")
    #expect(figures.residentStart > 0)
    let growth = figures.residentEnd - figures.residentStart
    #expect(growth < 1536, "grew \(growth) KiB over \(figures.messages) round trips")
  }
}
