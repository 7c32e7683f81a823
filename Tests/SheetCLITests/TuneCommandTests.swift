import Foundation
import Testing

/// `sheet tune` refuses ranges it cannot count and grids over its run cap, with a usage error, before any
/// run starts; a grid within the cap is never built, and its rows stream out in grid order.
@Suite struct TuneCommandTests {
  /// A scenario that presents the seed 000 sheet (whose thresholds include `dismiss_velocity` and
  /// `min_top`) and checks only that it comes to rest: each run is a handful of frames.
  static let tiny = """
    -- scenario
    behaviour 'bottom-sheet-vc'
    present()
    settle()
    expect(sheet.state == 'resting', 'at rest')
    """

  /// Seconds after which a sweep that should have been refused is stopped: a guard against hanging
  /// on a grid of millions of runs, not a timing check (a refusal runs nothing, which the tests check).
  static let hangGuard = 300.0

  /// Each row: the arguments after the scenario, the words the error must contain.
  static let refusals: [(arguments: [String], message: String, line: UInt)] = [
    (["--param", "x=0..inf:1"], "--param expects finite numbers, got 'x=0..inf:1' (to is inf)", #line),
    (["--param", "x=-inf..0:1"], "--param expects finite numbers, got 'x=-inf..0:1' (from is -inf)", #line),
    (["--param", "x=0..1:nan"], "--param expects finite numbers, got 'x=0..1:nan' (step is nan)", #line),
    (["--param", "x=nan..1:1"], "--param expects finite numbers, got 'x=nan..1:1' (from is nan)", #line),
    (["--param", "x=0..1e30:1"], "--param 'x=0..1e30:1' gives 1e+30 values (at most 10000", #line),
    (["--param", "x=-1e308..1e308:1"], "--param 'x=-1e308..1e308:1' gives too many values", #line),
    (["--param", "x=0..1:1e-320"], "--param 'x=0..1:1e-320' gives too many values", #line),
    (["--param", "x=0..10000:1"], "--param 'x=0..10000:1' gives 10001 values (at most 10000", #line),
    (["--param", "x=0..1:0"], "--param expects a step greater than 0, got 'x=0..1:0'", #line),
    (["--param", "x=0..1:-1"], "--param expects a step greater than 0, got 'x=0..1:-1'", #line),
    (["--param", "x=1..0:1"], "--param expects from <= to, got 'x=1..0:1'", #line),
    (
      ["--param", "a=1..10000:1", "--param", "b=1..10000:1", "--param", "c=1..10000:1"],
      "the sweep makes 1000000000000 runs (a: 10000 values x b: 10000 values x c: 10000 values x 1 scenario),"
        + " more than --max-runs 100000", #line
    ),
    (
      [
        "--param", "a=1..10000:1", "--param", "b=1..10000:1", "--param", "c=1..10000:1", "--param",
        "d=1..10000:1",
        "--param", "e=1..10000:1",
      ],
      "the sweep makes more than 9223372036854775807 runs", #line
    ),
    // 9091 x 11 = 100,001 runs: one over the default cap.
    (
      ["--param", "dismiss_velocity=1..9091:1", "--param", "min_top=1..11:1"],
      "the sweep makes 100001 runs (dismiss_velocity: 9091 values x min_top: 11 values x 1 scenario), more "
        + "than --max-runs 100000", #line
    ),
    (
      ["--param", "dismiss_velocity=1000..3000:1000", "--max-runs", "2"],
      "the sweep makes 3 runs (dismiss_velocity: 3 values x 1 scenario), more than --max-runs 2", #line
    ),
    (
      ["--param", "x=0..1:1", "--max-runs", "0"],
      "--max-runs expects a count of runs from 1 to 10000000, got '0'",
      #line
    ),
    (["--param", "x=0..1:1", "--max-runs", "many"], "--max-runs expects a count of runs", #line),
    (
      ["--param", "x=0..1:1", "--max-runs", "10000001"],
      "--max-runs expects a count of runs from 1 to 10000000, got '10000001'", #line
    ),
    (
      ["--param", "x=0..1:1", "--max-runs", "1000000000000"],
      "--max-runs expects a count of runs from 1 to 10000000, got '1000000000000'", #line
    ),
    (
      hugeGrid + ["--max-runs", "9000000"],
      "the sweep makes 9909900 runs (projection_rate: 1001 values x rubber_band: 100 values x "
        + "spring_damping: 99 values x 1 scenario), more than --max-runs 9000000", #line
    ),
  ]

  /// Three parameters of 1001, 100 and 99 values: 9,909,900 points.
  static let hugeGrid = [
    "--param", "projection_rate=0.99..0.999:0.000009", "--param", "rubber_band=0.1..0.199:0.001",
    "--param", "spring_damping=0.5..0.99:0.005",
  ]

  @Test(arguments: refusals.indices) func impossibleSweepsAreUsageErrorsBeforeAnyRun(_ i: Int) throws {
    let row = Self.refusals[i]
    let folder = try TemporaryFolder()
    let file = try folder.write("tiny.lua", Self.tiny)
    let run = try SheetBinary.run(["tune", file, "--jobs", "1"] + row.arguments, timeout: Self.hangGuard)
    let label = "line \(row.line): \(row.arguments)"
    #expect(!run.timedOut, "\(label): refused, not stopped by the guard")
    #expect(run.status == 2, "\(label): \(run.stderr)")
    #expect(run.stdout.isEmpty, "\(label): nothing ran: \(run.stdout)")
    #expect(run.stderr.contains(row.message), "\(label): \(run.stderr)")
    #expect(run.stderr.contains("usage: sheet tune"), "\(label)")
  }

  @Test func maxRunsCountsScenarioFilesToo() throws {
    let folder = try TemporaryFolder()
    try folder.write("a.lua", Self.tiny)
    try folder.write("b.lua", Self.tiny)
    let run = try SheetBinary.run(
      [
        "tune", folder.url.path, "--param", "dismiss_velocity=1000..2000:1000", "--max-runs", "3", "--jobs",
        "1",
      ],
      timeout: Self.hangGuard)
    #expect(run.status == 2 && run.stdout.isEmpty, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "the sweep makes 4 runs (dismiss_velocity: 2 values x 2 scenarios), more than --max-runs 3"),
      "\(run.stderr)")
  }

  @Test func aGridWithinMaxRunsRuns() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("tiny.lua", Self.tiny)
    let run = try SheetBinary.run(
      ["tune", file, "--param", "dismiss_velocity=1000..2000:1000", "--max-runs", "2", "--jobs", "1"],
      timeout: 60)
    #expect(run.status == 0 && !run.timedOut, "\(run.stderr)")
    #expect(
      Fixture.lines(run.stdout) == [
        "sweep: 2 points x 1 scenario",
        "dismiss_velocity  passed  tiny.lua",
        "1000              1/1     pass",
        "2000              1/1     pass",
        "2 of 2 points pass every scenario",
        "  dismiss_velocity passes at 1000..2000 (2 of 2 values in 1000..2000)",
      ])
  }

  #if os(Linux)
    /// Memory stays flat: a grid of nearly ten million points prints its rows as they finish, and after
    /// two thousand of them the process's peak resident memory (`VmHWM`, read while it runs) is that of
    /// a small sweep, far below the 240 MiB a value per run would take.
    @Test func aHugeGridStreamsItsRowsInFlatMemory() throws {
      let folder = try TemporaryFolder()
      let file = try folder.write("quick.lua", "-- scenario: quick\nexpect(true, 'passes')\n")
      let process = Process()
      process.executableURL = SheetBinary.executable
      process.arguments = ["tune", file] + Self.hugeGrid + ["--max-runs", "10000000", "--jobs", "2"]
      process.currentDirectoryURL = folder.url
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      defer {
        // SIGKILL: the test runner's threads block SIGTERM, and the child inherits that mask.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
      }
      var text = Data()
      while text.count(where: { $0 == UInt8(ascii: "\n") }) < 2002 {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }  // the process ended
        text.append(chunk)
      }
      let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
      let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        .flatMap { Int($0.split(separator: " ")[1]) }.map { $0 << 10 }
      let lines = String(decoding: text, as: UTF8.self).split(separator: "\n")
      #expect(lines.first == "sweep: 9909900 points x 1 scenario")
      #expect(
        lines.dropFirst(2).prefix(2).map { Array($0.split(separator: " ").prefix(3)) } == [
          ["0.99", "0.1", "0.5"], ["0.99", "0.1", "0.505"],
        ])
      #expect(lines.count >= 2002)
      let bytes = try #require(peak)
      #expect(bytes < 96 << 20, "peak resident memory \(bytes >> 20) MiB after \(lines.count - 2) rows")
    }
  #endif
}
