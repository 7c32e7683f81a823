import Testing

@testable import SheetScenario
@testable import SheetScript

/// `sheet.thresholds` in a scenario: the thresholds in effect for the running behaviour, overrides
/// applied, read-only, an unknown name an error.
@Suite struct ScenarioThresholdsTests {
  /// Each row: the scenario's lines after the marker, command-line overrides, and the first failure's
  /// fragment (nil: the scenario passes).
  static let rows:
    [(text: String, overrides: [(name: String, value: Double)], failure: String?, line: UInt)] = [
      ("expect(sheet.thresholds.projection_rate == 0.998, 'native')", [], nil, #line),
      // a view the scenario kept keeps its values when the thresholds change (a new view shows them)
      (
        "local before = sheet.thresholds\nset { projection_rate = 0.99 }\n"
          + "expect(before.projection_rate == 0.998, 'a view read before set keeps its values')\n"
          + "expect(sheet.thresholds.projection_rate == 0.99, 'the new one')", [], nil, #line
      ),
      (
        "behaviour 'bottom-sheet-vc'\npresent()\nlocal t = sheet.thresholds\nset { dismiss_velocity = 1700 }\n"
          + "expect(t.dismiss_velocity == 1500, 'kept view')\n"
          + "expect(sheet.thresholds.dismiss_velocity == 1700, 'the new one')", [], nil, #line
      ),
      (
        "local first = sheet.thresholds\nbehaviour 'system'\npresent()\n"
          + "expect(rawequal(first, sheet.thresholds), 'the same values shown again: the same view')\n"
          + "expect(first.projection_rate == 0.998, 'with its values')", [], nil, #line
      ),
      (
        "set { projection_rate = 0.99 }\nexpect(sheet.thresholds.projection_rate == 0.99, 'set')", [], nil,
        #line
      ),
      (
        "behaviour 'bottom-sheet-vc'\npresent()\nexpect(sheet.thresholds.dismiss_velocity == 1500, 'preset')",
        [],
        nil, #line
      ),
      (
        "behaviour 'bottom-sheet-vc'\nset { dismiss_velocity = 1800 }\npresent()\n"
          + "expect(sheet.thresholds.dismiss_velocity == 1800, 'set')", [], nil, #line
      ),
      (
        "behaviour 'bottom-sheet-vc'\nset { dismiss_velocity = 1800 }\npresent()\n"
          + "expect(sheet.thresholds.dismiss_velocity == 2000, 'the command line wins')",
        [("dismiss_velocity", 2000)],
        nil, #line
      ),
      (
        "behaviour 'bottom-sheet-vc'\npresent()\nset { dismiss_velocity = 1700 }\n"
          + "expect(sheet.thresholds.dismiss_velocity == 1700, 'a set after present swaps the behaviour')",
        [], nil,
        #line
      ),
      (
        "behaviour { detents = { { id = 'a', height = 300 } }, thresholds = { pull = 3 } }\npresent()\n"
          + "expect(sheet.thresholds.pull == 3, 'inline')", [], nil, #line
      ),
      (
        "behaviour 'bottom-sheet-vc'\npresent()\nexpect(sheet.thresholds.dismis_velocity, 'x')", [],
        "scenario.lua:4: error: unknown field 'dismis_velocity' of sheet.thresholds (did you mean 'dismiss_velocity'?)",
        #line
      ),
      (
        "behaviour 'bottom-sheet-vc'\npresent()\nsheet.thresholds.dismiss_velocity = 1\nexpect(true, 'x')",
        [],
        "scenario.lua:4: error: attempt to modify read-only view field 'dismiss_velocity'", #line
      ),
      (
        "behaviour 'bottom-sheet-vc'\nexpect(sheet.thresholds.dismiss_velocity, 'x')", [],
        "scenario.lua:3: error: unknown field 'dismiss_velocity' of sheet.thresholds (empty until the sheet is made",
        #line
      ),
    ]

  @Test(arguments: rows.indices) func thresholdsInEffect(_ i: Int) throws {
    let row = Self.rows[i]
    var options = ScenarioOptions()
    options.overrides = row.overrides
    let result = try ScenarioFolder().run("-- scenario\n" + row.text + "\n", options: options)
    let label = "row at line \(row.line)"
    if let fragment = row.failure {
      #expect(
        result.failures.first?.description.contains("/\(fragment)") == true, "\(label): \(result.failures)")
    } else {
      #expect(result.passed, "\(label): \(result.failures)")
    }
  }
}
