import Foundation
import Testing

/// `sheet fuzz` through the built binary: each planted bug (Tests/Fuzz/Planted) is found and written as
/// a scenario that `sheet run` fails with the property's expectation; the report is the same bytes
/// whatever `--jobs` says and in every process; shards split the runs; bad flags are usage errors.
@Suite struct FuzzCommandTests {
  /// A planted behaviour's path, relative to the package root (the runs' working directory).
  static func planted(_ name: String) -> String { "Tests/Fuzz/Planted/\(name).lua" }

  /// Each planted behaviour and the failure `sheet run` reports for its written scenario.
  static let findings: [(file: String, failure: String, line: UInt)] = [
    ("stuck", "expectation failed: rests: comes to rest within 10 s on an active detent", #line),
    ("non_monotone", "expectation failed: monotone: a faster flick never ends short of", #line),
    ("forbidden_dismiss", "expectation failed: no-dismiss: a release never dismisses", #line),
    ("backdrop_above_one", "script error: backdrop returned", #line),
    ("below_tip", "expectation failed: property 'never below tip'", #line),
  ]

  @Test(arguments: 0..<findings.count) func theWrittenFindingFailsTheSameWayUnderSheetRun(_ row: Int) throws {
    let (file, failure, line) = Self.findings[row]
    let scratch = try TemporaryFolder()
    let output = scratch.url.appendingPathComponent("finding.lua").path
    let fuzz = try SheetBinary.run(["fuzz", Self.planted(file), "--runs", "300", "--jobs", "2", "-o", output])
    #expect(fuzz.status == 1, "line \(line): \(fuzz.stdout) \(fuzz.stderr)")
    #expect(fuzz.stdout.contains("FAIL: run "), "line \(line): \(fuzz.stdout)")
    #expect(fuzz.stdout.contains("fails it the same way"), "line \(line): \(fuzz.stdout)")
    let run = try SheetBinary.run(["run", output])
    #expect(run.status == 1, "line \(line)")
    #expect(run.stderr.contains(failure), "line \(line): \(run.stderr)")
  }

  @Test func theReportIsTheSameWhateverTheJobsAndInEveryProcess() throws {
    let scratch = try TemporaryFolder()
    var reports: [String] = []
    var files: [String] = []
    for (index, jobs) in ["1", "2", "2"].enumerated() {
      let output = scratch.url.appendingPathComponent("finding-\(index).lua").path
      let fuzz = try SheetBinary.run([
        "fuzz", Self.planted("non_monotone"), "--seed", "4", "--runs", "300", "--jobs", jobs, "-o", output,
      ])
      #expect(fuzz.status == 1)
      reports.append(fuzz.stdout.replacingOccurrences(of: output, with: "OUT"))
      let written = try String(contentsOf: URL(fileURLWithPath: output), encoding: .utf8)
      files.append(written.replacingOccurrences(of: output, with: "OUT"))
    }
    #expect(reports[0] == reports[1] && reports[1] == reports[2], "\(reports)")
    #expect(files[0] == files[1] && files[1] == files[2])
    // a fuzz that passes reports the same too
    let passes = try ["1", "2"].map { try SheetBinary.run(["fuzz", "system", "--runs", "40", "--jobs", $0]) }
    #expect(passes.map(\.status) == [0, 0])
    #expect(passes[0].stdout == passes[1].stdout)
    #expect(passes[0].stdout.contains("passed: 40 runs"), "\(passes[0].stdout)")
  }

  /// The run a report names, `FAIL: run N`.
  static func failingRun(_ stdout: String) -> Int? {
    guard let range = stdout.range(of: "FAIL: run ") else { return nil }
    return Int(stdout[range.upperBound...].prefix { $0.isNumber })
  }

  @Test func shardsSplitTheRunsAndTogetherFindTheFirstFailure() throws {
    let scratch = try TemporaryFolder()
    let out = scratch.url.appendingPathComponent("f.lua").path
    let arguments = ["fuzz", Self.planted("non_monotone"), "--seed", "4", "--runs", "300", "-o", out]
    let whole = try #require(Self.failingRun(try SheetBinary.run(arguments).stdout))
    let shards = try ["1/3", "2/3", "3/3"].map { shard in
      Self.failingRun(try SheetBinary.run(arguments + ["--shard", shard]).stdout)
    }
    #expect(shards.compactMap { $0 }.min() == whole, "\(shards) against \(whole)")
    for (index, run) in shards.enumerated() {
      if let run { #expect(run % 3 == index, "shard \(index + 1)/3 makes runs \(index), \(index + 3), ...") }
    }
    // a passing fuzz of 20 runs in 3 shards: 7, 7 and 6 runs
    let counts = try ["1/3", "2/3", "3/3"].map { shard in
      try SheetBinary.run(["fuzz", "system", "--runs", "20", "--shard", shard]).stdout
    }
    for (text, runs) in zip(counts, [7, 7, 6]) { #expect(text.contains("passed: \(runs) runs"), "\(text)") }
  }

  @Test func anExemptPropertyIsNotChecked() throws {
    let fuzz = try SheetBinary.run([
      "fuzz", Self.planted("forbidden_dismiss"), "--runs", "100", "--exempt", "no-dismiss",
    ])
    #expect(fuzz.status == 0, "\(fuzz.stdout)")
    #expect(fuzz.stdout.contains("exempt: no-dismiss"))
    #expect(!fuzz.stdout.contains("checks: rests, no-dismiss"))
  }

  /// Each row: the arguments after `fuzz`, the words the usage error must contain.
  static let refusals: [(arguments: [String], message: String, line: UInt)] = [
    ([], "expected one behaviour file or preset name, got 0", #line),
    (["system", "vaul"], "expected one behaviour file or preset name, got 2", #line),
    (["nope.lua"], "no such file or folder: nope.lua", #line),
    (["system", "--runs", "0"], "--runs expects a whole number in 1...10000000, got '0'", #line),
    (["system", "--runs", "10000001"], "--runs expects a whole number in 1...10000000", #line),
    (["system", "--runs", "ten"], "--runs expects a whole number in 1...10000000, got 'ten'", #line),
    (["system", "--seconds", "0"], "--seconds expects a time in seconds above 0 and at most 86400", #line),
    (["system", "--seconds", "nan"], "--seconds expects a time in seconds above 0 and at most 86400", #line),
    (["system", "--seconds", "1e9"], "--seconds expects a time in seconds above 0 and at most 86400", #line),
    (
      ["system", "--seed", "-1"], "--seed expects a whole number in 0...18446744073709551615, got '-1'", #line
    ),
    (["system", "--steps", "0"], "--steps expects a whole number in 1...1000, got '0'", #line),
    (
      ["system", "--screen", "390"], "--screen expects WIDTHxHEIGHT or WIDTHxHEIGHT,SAFE_TOP,SAFE_BOTTOM",
      #line
    ),
    (["system", "--screen", "390x844,900,0"], "--screen expects WIDTHxHEIGHT", #line),
    (["system", "--screen", "0x844"], "--screen expects WIDTHxHEIGHT", #line),
    (
      ["system", "--shard", "3/2"], "--shard expects i/n with whole numbers 1 <= i <= n <= 100000, got '3/2'",
      #line
    ),
    (["system", "--shard", "0/1"], "--shard expects i/n", #line),
    (
      ["system", "--edge", "trailng"],
      "--edge expects one of bottom, top, leading, trailing, got 'trailng' (did you mean 'trailing'?)", #line
    ),
    (["system", "--edge", ""], "--edge expects one of bottom, top, leading, trailing, got ''", #line),
    (["system", "--jobs", "0"], "--jobs expects a count in 1...256, got '0'", #line),
    (["system", "--exempt", "rest"], "--exempt: no property 'rest' (did you mean 'rests'?)", #line),
    (["system", "--props", "missing.props.lua"], "no such file or folder: missing.props.lua", #line),
    (["system", "--frobnicate"], "unknown option '--frobnicate'", #line),
  ]

  @Test(arguments: 0..<refusals.count) func badArgumentsAreUsageErrors(_ row: Int) throws {
    let (arguments, message, line) = Self.refusals[row]
    let run = try SheetBinary.run(["fuzz"] + arguments)
    #expect(run.status == 2, "line \(line): \(run.stderr)")
    #expect(run.stderr.contains(message), "line \(line): \(run.stderr)")
    #expect(run.stdout.isEmpty, "line \(line): nothing runs")
  }

  @Test func aBehaviourOrPropertiesThatDoNotLoadEndWithStatus1() throws {
    let scratch = try TemporaryFolder()
    let broken = try scratch.write("broken.lua", "return { detents = { { id = 'a', height = 'tall' } } }")
    let run = try SheetBinary.run(["fuzz", broken, "--runs", "1"])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.contains("broken.lua"), "\(run.stderr)")
    let props = try scratch.write("p.props.lua", "property('rests', function() return true end)")
    let clash = try SheetBinary.run(["fuzz", "system", "--props", props, "--runs", "1"])
    #expect(clash.status == 1)
    #expect(clash.stderr.contains("'rests' is a built-in property's name"), "\(clash.stderr)")
    let none = try scratch.write("none.props.lua", "local x = 1")
    let empty = try SheetBinary.run(["fuzz", "system", "--props", none, "--runs", "1"])
    #expect(empty.status == 1)
    #expect(empty.stderr.contains("declares no property"), "\(empty.stderr)")
  }

  @Test func anOutputThatIsTheBehaviourIsRefused() throws {
    let path = Self.planted("stuck")
    let run = try SheetBinary.run(["fuzz", path, "-o", path])
    #expect(run.status == 2)
    #expect(run.stderr.contains("-o \(path) is a file this run reads (the behaviour)"), "\(run.stderr)")
  }
}
