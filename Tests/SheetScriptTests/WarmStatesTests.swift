import Foundation
import LuaHost
import SheetBench
import SheetTestSupport
import Testing

@testable import SheetScenario
@testable import SheetScript

/// Runs in states restored from ``WarmStates`` give what runs in fresh states give: every shipped
/// scenario's whole result (its trace with every frame, the failures, the counts) at a sweep's
/// thresholds, run once to make the warm states and again from them.
@Suite struct WarmStatesTests {

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
    let folder = packageRoot.appendingPathComponent("Tests/Scenarios").path
    let files = ScenarioRunner.find(in: [folder]).scenarios
    try #require(!files.isEmpty, "the suite's folder holds scenarios")
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

  @Test func brokenAndHostileScenariosEndAsInFreshStates() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("warm-\(getpid())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let scenarios = [
      ("syntax.lua", "-- scenario: a syntax error\npresent(\n"),
      ("runtime.lua", "-- scenario: an error mid-run\npresent()\nsettle()\nerror('boom')\n"),
      (
        "memory.lua",
        "-- scenario: the memory cap\nlocal t = {}\nfor i = 1, 1e8 do t[i] = ('x'):rep(1 << 20) .. i end\n"
      ),
      ("budget.lua", "-- scenario: the budget\nbehaviour 'system'\npresent()\nwhile true do end\n"),
      (
        "swap.lua",
        "-- scenario: behaviours swapped\nbehaviour 'system'\npresent()\nsettle()\nbehaviour 'vaul'\n"
          + "flick { dy = 300, velocity = 2000 }\nsettle()\nexpect(sheet.state ~= nil, 'ends')\n"
      ),
    ]
    // Each run ends by its own cap: the memory cap after a few 1 MiB strings, the budget after a
    // million units. The wall-clock deadline is off, so a loaded machine cannot end a run by the clock
    // instead and make its result differ from the fresh run's.
    var options = ScenarioOptions()
    options.limits.instructions = 1_000_000
    options.limits.deadline = 0
    let warm = WarmStates()
    for (name, text) in scenarios {
      let file = "\(folder)/\(name)"
      try text.write(toFile: file, atomically: true, encoding: .utf8)
      let fresh = Self.summary(ScenarioRunner.run(file: file, options: options))
      #expect(!fresh.contains("deadline"), "\(name) ended by its cap, not the clock: \(fresh)")
      for round in 0..<3 {
        let restored = Self.summary(ScenarioRunner.run(file: file, options: options, warm: warm))
        #expect(restored == fresh, "\(name), warm run \(round + 1)")
      }
    }
  }

  @Test func aRunThatGrewItsStatesGivesTheirPagesBackWhenItEnds() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("warm-grow-\(getpid())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = "\(folder)/grow.lua"
    try """
    -- scenario: about 8 MiB held in the scenario's state for a while
    local t = {}
    for i = 1, 1000 do t[i] = ('x'):rep(8192) .. i end
    behaviour 'system'
    present()
    settle()
    expect(#t == 1000, 'held')
    """.write(toFile: file, atomically: true, encoding: .utf8)
    var options = ScenarioOptions()
    options.limits.deadline = 0  // the strings take longer than 0.5 s under AddressSanitizer
    let warm = WarmStates()
    for _ in 0..<3 {
      #expect(ScenarioRunner.run(file: file, options: options, warm: warm).passed)
      // the kept scenario and behaviour states are back at about their snapshots (0.1 MiB each)
      #expect(warm.keptRegionBytes < 2 << 20, "\(warm.keptRegionBytes) bytes kept")
    }
  }

  @Test func aBehaviourKeptPastItsRunIsNotRestoredUnderIt() throws {
    let file = packageRoot.appendingPathComponent("Tests/Scenarios/system_snap.lua").path
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
