import Foundation
import LuaHost
import Testing

@testable import SheetScript

/// Runs in states restored from ``WarmStates`` give what runs in fresh states give: every shipped
/// scenario's whole result (its trace with every frame, the failures, the counts) at a sweep's
/// thresholds, run once to make the warm states and again from them.
@Suite struct WarmStatesTests {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The parts of a result a run's outcome and output are made of.
  private static func summary(_ result: ScenarioResult) -> String {
    [
      result.trace.jsonLines(), "\(result.expectationsPassed) \(result.expectationsFailed)",
      "\(result.scriptErrors) \(result.expectedScriptErrors)",
      result.failures.map(\.description).joined(separator: "\n"),
      result.scriptError ?? "-", result.behaviourFiles.joined(separator: ","),
      result.modulesRead.joined(separator: ","),
      result.thresholds.joined(separator: ","), result.overrideRefusal?.description ?? "-",
    ].joined(separator: "\n--\n")
  }

  @Test func everyShippedScenarioRunsFromWarmStatesAsFromFreshOnes() throws {
    let folder = Self.packageRoot.appendingPathComponent("scripts/scenarios").path
    let files = ScenarioRunner.find(in: [folder]).scenarios
    #expect(files.count > 80)
    let warm = WarmStates()
    for overrides in [[(name: String, value: Double)](), [("projection_rate", 0.995)]] {
      var options = ScenarioOptions()
      options.overrides = overrides
      for file in files {
        let fresh = Self.summary(ScenarioRunner.run(file: file, options: options))
        for round in 0..<2 {
          let restored = Self.summary(ScenarioRunner.run(file: file, options: options, warm: warm))
          #expect(restored == fresh, "\(file) (\(overrides), warm run \(round + 1))")
        }
      }
    }
    #expect(warm.restores > files.count)
  }

  @Test func aBehaviourKeptPastItsRunIsNotRestoredUnderIt() throws {
    let file = Self.packageRoot.appendingPathComponent("scripts/scenarios/system_snap.lua").path
    let warm = WarmStates()
    let kept = ScenarioReplay.record(file: file, options: ScenarioOptions())
    #expect(kept.passed)
    // the replay keeps its run's behaviour; runs from the same warm states go on beside it
    _ = ScenarioRunner.run(file: file, options: ScenarioOptions(), warm: warm)
    let before = try kept.run()
    for _ in 0..<3 { #expect(ScenarioRunner.run(file: file, options: ScenarioOptions(), warm: warm).passed) }
    #expect(try kept.run() == before)
  }
}
