import Foundation
import SheetCore
import Testing

@testable import SheetScenario
@testable import SheetScript

/// Every threshold value that reaches the default policy is checked against its range where it
/// is applied (a file's `thresholds`, overrides, a scenario's `set {}`), and an override a behaviour does
/// not declare is reported apart from the scenario's own failures.
@Suite struct ThresholdRangeTests {
  /// The error loading a preset with overrides, as text; nil when it loads.
  static func loadError(_ preset: String, _ overrides: [(name: String, value: Double)]) throws -> String? {
    let source = try #require(Presets.source(named: preset))
    do {
      _ = try Behaviour.load(source, overrides: overrides)
      return nil
    } catch {
      return error.description
    }
  }

  /// Each row: a preset, an override, the error it gives (nil: accepted).
  static let overrides: [(preset: String, name: String, value: Double, message: String?, line: UInt)] = [
    (
      "system", "spring_response", 0,
      "system.lua: threshold 'spring_response' is 0; expected a number in [0.01, 2] s", #line
    ),
    (
      "system", "spring_damping", -1,
      "system.lua: threshold 'spring_damping' is -1; expected a number in [0.2, 2]",
      #line
    ),
    ("system", "allows_skipping", 3, "system.lua: threshold 'allows_skipping' is 3; expected 0 or 1", #line),
    (
      "bottom-sheet-vc", "dismiss_velocity", .nan,
      "bottom-sheet-vc.lua: threshold 'dismiss_velocity' is nan; expected a finite number", #line
    ),
    ("system", "spring_damping", 2, nil, #line),
    ("bottom-sheet-vc", "dismiss_velocity", 1e9, nil, #line),
  ]

  @Test(arguments: overrides.indices) func overridesAreCheckedBeforeTheFileRuns(_ i: Int) throws {
    let row = Self.overrides[i]
    let message = try Self.loadError(row.preset, [(row.name, row.value)])
    #expect(message == row.message, "line \(row.line)")
  }

  @Test func theFallbackIsTunedByTheCheckedThresholds() throws {
    let behaviour = try PresetTest.load(
      "system", overrides: [("spring_damping", 0.5), ("spring_response", 0.6), ("allows_skipping", 1)])
    #expect(behaviour.defaultPolicy.springDampingRatio == 0.5)
    #expect(behaviour.defaultPolicy.springResponse == 0.6)
    #expect(behaviour.defaultPolicy.allowsSkipping)
    #expect(behaviour.defaultPolicy.thresholdProblem == nil)
  }

  /// Runs scenario text from a temporary folder.
  static func run(_ text: String, options: ScenarioOptions = ScenarioOptions()) throws -> ScenarioResult {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sheet-threshold-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("s.lua")
    try text.write(to: file, atomically: false, encoding: .utf8)
    return ScenarioRunner.run(file: file.path, options: options)
  }

  /// Each row: the `set` call on line 3 and the message it fails with.
  static let badSets: [(call: String, message: String, line: UInt)] = [
    (
      "set { spring_response = 0 }",
      "set: threshold 'spring_response' is 0; expected a number in [0.01, 2] s",
      #line
    ),
    (
      "set { spring_damping = -1 }", "set: threshold 'spring_damping' is -1; expected a number in [0.2, 2]",
      #line
    ),
    ("set { spring_damping = 1e-9 }", "set: threshold 'spring_damping' is 1e-09", #line),
    ("set { projection_rate = 1 }", "set: threshold 'projection_rate' is 1", #line),
    ("set { allows_skipping = 0.5 }", "set: threshold 'allows_skipping' is 0.5; expected 0 or 1", #line),
    (
      "set { medium_fraction = 0/0 }", "set: threshold 'medium_fraction' must be a finite number, got nan",
      #line
    ),
  ]

  @Test(arguments: badSets.indices) func aBadSetFailsTheScenarioAtItsLine(_ i: Int) throws {
    let row = Self.badSets[i]
    let result = try Self.run("behaviour 'system'\npresent()\n\(row.call)\nsettle()\n")
    #expect(!result.passed, "line \(row.line)")
    let failure = try #require(result.failures.first, "line \(row.line)")
    #expect(failure.location.line == 3, "line \(row.line): \(failure)")
    #expect(failure.message.contains(row.message), "line \(row.line): \(failure)")
    #expect(result.overrideRefusal == nil, "line \(row.line): the scenario's own call, not the command's")
    // The running behaviour was kept: the sheet still came to rest with the default spring.
    let heights = result.trace.events.filter { $0.name == "animation" }.compactMap { $0["height"]?.text }
    #expect(heights == ["spring damping=1 response=0.3s"], "line \(row.line): \(heights)")
  }

  @Test func aCommandLineOverrideTheBehaviourLacksIsReportedApart() throws {
    var options = ScenarioOptions()
    options.overrides = [("bogus", 1)]
    let result = try Self.run("behaviour 'system'\npresent()\nsettle()\n", options: options)
    let refusal = try #require(result.overrideRefusal)
    #expect(refusal.name == "bogus")
    #expect(
      refusal.message.hasPrefix("system.lua: unknown threshold 'bogus'; its thresholds: allows_skipping"))
    #expect(result.thresholds.contains("spring_damping") && result.thresholds.contains("medium_fraction"))
    // A scenario's own `set` of an unknown name is the scenario's failure, not the command's.
    let own = try Self.run("behaviour 'system'\npresent()\nset { bogus = 1 }\nsettle()\n")
    #expect(own.overrideRefusal == nil && !own.passed)
    #expect(own.failures.first?.location.line == 3)
  }

  @Test func aKnownOverrideListsTheDeclaredThresholds() throws {
    var options = ScenarioOptions()
    options.overrides = [("dismiss_velocity", 1800)]
    let result = try Self.run(
      "behaviour 'bottom-sheet-vc'\npresent()\nsettle()\nexpect(sheet.detent == 'normal')\n", options: options
    )
    #expect(result.passed && result.overrideRefusal == nil)
    #expect(result.thresholds.contains("dismiss_velocity"))
  }
}
