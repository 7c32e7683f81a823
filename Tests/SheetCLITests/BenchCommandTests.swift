import Foundation
import Testing

/// `sheet bench --quick --json`: every figure of the contract is present and finite (no timing is checked);
/// `sheet bench --only PART --count N` runs one part and refuses what it cannot run.
@Suite struct BenchCommandTests {
  static let keys = [
    "lua_call_floor_ns", "host_call_ns", "host_call_ratio", "frame_native_ns", "frame_scripted_ns",
    "frame_ratio", "lua_body_ns", "frame_overhead_ratio", "host_frame_ns", "host_frame_ratio",
    "frame_budget_share", "scenario_per_s", "scenario_cold_per_s", "cold_start_floor_per_s", "sweep_run_ms",
    "sweep_floor_ms", "sweep_run_ratio", "tune_runs_per_s", "sweep_speedup", "reload_ms",
    "state_bytes",
    "leak_bytes",
  ]

  @Test func quickJSONHasEveryKeyFinite() throws {
    let run = try SheetBinary.run(["bench", "--quick", "--json"])
    #expect(run.status == 0, "\(run.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    for key in Self.keys {
      let value = (object[key] as? NSNumber)?.doubleValue
      #expect(value?.isFinite == true, "\(key) is \(String(describing: object[key]))")
    }
  }

  /// Each part runs its count of units once and says so in its one line.
  @Test(arguments: [
    ("frame_native", "480", "frames"), ("frame_scripted", "480", "frames"),
    ("lua_body", "2000", "iterations"),
    ("sweep_run", "12", "runs"), ("sweep_floor", "24", "replays"),
  ])
  func onePart(part: String, count: String, units: String) throws {
    let run = try SheetBinary.run(["bench", "--only", part, "--count", count])
    #expect(run.status == 0, "\(run.stderr)")
    let words = run.stdout.split(separator: " ")
    #expect(words.count == 7 && words[0] == part && words[2] == "ns" && words[3] == "per", "\(run.stdout)")
    #expect(run.stdout.hasSuffix(", \(count) \(units)\n"), "\(run.stdout)")
    let ns = Double(words.count > 1 ? String(words[1]) : "")
    #expect(ns.map { $0 > 0 && $0.isFinite } == true, "\(run.stdout)")
  }

  @Test func partRefusals() throws {
    let rows: [([String], String, UInt)] = [
      (
        ["--only", "frames", "--count", "10"],
        "unknown bench part 'frames' (expected one of frame_native, frame_scripted, lua_body, sweep_run, "
          + "sweep_floor)", #line
      ),
      (["--only", "lua_body"], "--only lua_body needs --count (how many iterations)", #line),
      (
        ["--only", "lua_body", "--count", "1500"],
        "--count expects a whole number in 1000...10000000 and a multiple of 1000 for lua_body, got '1500'",
        #line
      ),
      (
        ["--only", "sweep_run", "--count", "6"],
        "--count expects a whole number in 12...10000000 and a multiple of 12 for sweep_run, got '6'", #line
      ),
      (
        ["--only", "frame_native", "--count", "10000001"],
        "--count expects a whole number in 1...10000000 for frame_native, got '10000001'", #line
      ),
      (
        ["--only", "frame_native", "--count", "-5"],
        "--count expects a whole number in 1...10000000 for frame_native, got '-5'", #line
      ),
      (
        ["--only", "frame_native", "--count", "0"],
        "--count expects a whole number in 1...10000000 for frame_native, got '0'", #line
      ),
      (
        ["--only", "sweep_floor", "--count", "twelve"],
        "--count expects a whole number in 12...10000000 and a multiple of 12 for sweep_floor, got 'twelve'",
        #line
      ),
      (["--only", "frame_native", "--count", "10", "--json"], "--json does not go with --only", #line),
      (["--only", "lua_body", "--count", "1000", "--quick"], "--quick does not go with --only", #line),
      (["--rebuild", "--only", "sweep_run", "--count", "12"], "--rebuild does not go with --only", #line),
      (["--count", "10"], "--count goes with --only", #line),
    ]
    for (arguments, message, line) in rows {
      let run = try SheetBinary.run(["bench"] + arguments)
      let location = SourceLocation(fileID: #fileID, filePath: #filePath, line: Int(line), column: 1)
      #expect(run.status == 2, "\(run.stderr)", sourceLocation: location)
      #expect(
        run.stderr.hasPrefix("sheet bench: \(message)\n"), "\(run.stderr)", sourceLocation: location)
      #expect(run.stdout.isEmpty, sourceLocation: location)
    }
  }
}
