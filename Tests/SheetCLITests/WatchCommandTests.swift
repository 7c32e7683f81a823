import Foundation
import Testing

/// `sheet watch`: re-runs on a change, keeps the last good result after a broken save.
@Suite struct WatchCommandTests {
  /// Starts `sheet watch FILE --max-runs 2` in `folder`, waits for the first run's line, calls `change`
  /// and waits for the process to stop. Returns its exit status and standard output.
  static func watch(
    _ file: String, in folder: TemporaryFolder, change: () throws -> Void
  ) throws -> (status: Int32, stdout: String) {
    let out = folder.url.appendingPathComponent("stdout")
    let process = try SheetBinary.start(
      ["watch", file, "--max-runs", "2", "--interval", "0.05"], in: folder.url, stdout: out,
      stderr: folder.url.appendingPathComponent("stderr"))
    defer { if process.isRunning { process.terminate() } }
    // A guard against hanging, not a timing assertion: give up after five minutes. The first run's
    // line is awaited by reading the output file (a process's output announces nothing); `sheet watch`
    // stamps the file before that run, so a change saved after the line is always seen.
    let deadline = Date().addingTimeInterval(300)
    func output() -> String { (try? String(contentsOf: out, encoding: .utf8)) ?? "" }
    while !output().contains("[run 1]"), process.isRunning, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    try #require(output().contains("[run 1]"), "the first run reported: \(output())")
    try change()
    let stopped = SheetBinary.waitForExit(process, seconds: max(deadline.timeIntervalSinceNow, 0))
    try #require(stopped, "watch stopped after two runs: \(output())")
    return (process.terminationStatus, output())
  }

  /// Watches a scenario whose text is `first`, then saves `second` over it.
  static func watch(first: String, then second: String) throws -> (status: Int32, stdout: String) {
    let folder = try TemporaryFolder()
    let file = try folder.write("watched.lua", first)
    // A different size, so the change shows even where modification times are coarse.
    return try watch(file, in: folder) { try folder.write("watched.lua", second + "\n-- saved again\n") }
  }

  @Test func reRunsWhenTheScenarioChanges() throws {
    let (status, stdout) = try Self.watch(first: Fixture.passing, then: Fixture.failing)
    let lines = Fixture.lines(stdout)
    #expect(
      lines.first?.hasPrefix("[run 1] ") == true && lines.first?.hasSuffix(": passed: 1 expectation") == true
    )
    #expect(lines.contains { $0.hasPrefix("[run 2] ") && $0.hasSuffix("FAILED: 1 of 1 expectation failed") })
    #expect(lines.contains { $0.contains("watched.lua:5: expectation failed: wrongly expects expanded") })
    #expect(status == 1, "the last run failed")
  }

  @Test func aBrokenSavePrintsItsErrorAndKeepsTheLastGoodResult() throws {
    let (status, stdout) = try Self.watch(first: Fixture.passing, then: "present(\n")
    let lines = Fixture.lines(stdout)
    #expect(lines.contains { $0.hasPrefix("[run 2] ") && $0.contains("watched.lua:") })
    #expect(lines.contains { $0.contains("watched.lua:") && $0.contains(": error: ") })
    #expect(lines.last == "  keeping the last good result: passed: 1 expectation")
    #expect(status == 1)
  }

  @Test func reRunsWhenTheBehaviourChanges() throws {
    let folder = try TemporaryFolder()
    try folder.write("mine.lua", "return { detents = { { id = 'normal', height = 500 } } }\n")
    let file = try folder.write(
      "watched.lua",
      "-- scenario\nbehaviour 'mine.lua'\npresent()\nsettle()\nexpect_near(sheet.height, 500, 0.01, 'h')\n")
    let (status, stdout) = try Self.watch(file, in: folder) {
      try folder.write("mine.lua", "return { detents = { { id = 'normal', height = 400 } } }  -- lower\n")
    }
    let lines = Fixture.lines(stdout)
    #expect(lines.first?.hasSuffix("passed: 1 expectation") == true, "\(lines)")
    #expect(lines.contains { $0.contains("watched.lua:5: expectation failed") }, "\(lines)")
    #expect(status == 1)
  }
}
