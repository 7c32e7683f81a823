import Foundation
import Testing

/// `sheet bench --quick --json`: every figure of the contract is present and finite (no timing is checked).
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
}
