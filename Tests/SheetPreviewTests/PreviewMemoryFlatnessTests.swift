import Foundation
import SheetBench
import SheetTestSupport
import Testing

@testable import SheetPreview

/// Memory stays flat over a long session of synthetic drags with a real client over loopback (a
/// shortened `sheet preview --bench --soak 600`, which runs ten minutes). It reads the whole process's
/// resident memory, so it runs only on its own (``MemoryFlatness``): scripts/test runs the suites whose
/// names end in MemoryFlatnessTests after the parallel ones.
@Suite(.serialized, .enabled(if: MemoryFlatness.runs, Comment(rawValue: MemoryFlatness.skipped)))
struct PreviewMemoryFlatnessTests {
  @Test func aLongSessionDoesNotGrow() throws {
    let setup = PreviewSetup(behaviour: "bottom-sheet-vc", recordDirectory: NSTemporaryDirectory())
    // 3000 round trips to warm up (the allocator's arenas, Lua's first collections), then 9000 more:
    // about 13 drags, each with its release and settle. A leak of one reply string a message (300 bytes
    // or more) would grow the process by more than 2.5 MiB.
    let figures = try PreviewBenchmark.run(setup: setup, messages: 9000, warmUp: 3000)
    #expect(figures.decisions >= 12, "\(figures.decisions) releases")
    // the figure was read (a process that failed to read it would see no growth)
    #expect(figures.residentStart > 0)
    let growth = figures.residentEnd - figures.residentStart
    #expect(growth < 1536, "grew \(growth) KiB over \(figures.messages) round trips")
  }
}
