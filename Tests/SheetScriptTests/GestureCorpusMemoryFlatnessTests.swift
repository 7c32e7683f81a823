import Foundation
import SheetBench
import SheetScript
import SheetTestSupport
import SheetTrace
import Testing

@testable import SheetScenario

/// A corpus is streamed, never loaded whole: replaying 10,000 synthetic gestures (a file of about 11
/// MiB) read a line at a time into a summary leaves the process's resident memory flat. It reads the
/// whole process's resident memory, so it runs only on its own (``MemoryFlatness``).
@Suite(
  .serialized, .enabled(if: MemoryFlatness.runs, Comment(rawValue: MemoryFlatness.skipped)),
  .disabled(if: SanitizedRun.isActive, "resident memory is not flat under AddressSanitizer's quarantine"))
struct GestureCorpusMemoryFlatnessTests {
  static let gestures = 10_000
  static let warmUp = 1_000

  @Test func replayingACorpusLeavesMemoryFlat() throws {
    let system = try #require(Presets.source(named: "system"))
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "corpus-flat-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("c.jsonl")
    FileManager.default.createFile(atPath: file.path, contents: nil)
    let handle = try FileHandle(forWritingTo: file)
    let synth = try GestureSynth(source: system, screen: .reference, seed: 2024)
    var batch = ""
    for index in 0..<Self.gestures {
      batch += synth.gesture(index).jsonLine() + "\n"
      if batch.utf8.count > 1 << 16 || index == Self.gestures - 1 {
        try handle.write(contentsOf: Data(batch.utf8))
        batch = ""
      }
    }
    try handle.close()
    let reader = try GestureLogReader(file: file.path)
    let replayer = GestureReplayer(source: system, overrides: [])
    var summary = GestureReplaySummary(replayers: 1)
    var before = 0
    while case .gesture(let record, let line)? = reader.next() {
      summary.add(GestureReplay(record, index: line - 1, file: file.path, line: line, replayers: [replayer]))
      if line == Self.warmUp { before = PreviewBenchmark.residentKiB() }
    }
    let growth = PreviewBenchmark.residentKiB() - before
    #expect(summary.gestures == Self.gestures && summary.sides[0].failures == 0)
    #expect(before > 0, "/proc/self/statm read")
    // the file is 5 times larger than the bound: a reader holding its lines would grow past it
    #expect(growth < 2048, "grew \(growth) KiB over \(Self.gestures - Self.warmUp) gestures")
  }
}
