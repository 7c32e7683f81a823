import Testing

@testable import SheetScenario
@testable import SheetScript

/// A behaviour's script errors fail the scenario unless it declares them with `expect_script_error`; identical
/// ones are reported once with their count.
@Suite struct ScenarioScriptErrorTests {
  /// A scenario over an inline behaviour whose callback field is `field`, with `declaration` after the
  /// behaviour (line 4): presents, drags up 100 pt and settles, expecting a rest.
  static func scenario(_ field: String, _ declaration: String = "") -> String {
    """
    -- scenario
    behaviour {
      detents = { { id = 'low', height = 300 }, { id = 'high', height = 600 } }, \(field) }
    \(declaration)
    present()
    settle()
    drag { dy = -100, duration = 0.25 }
    settle()
    expect(sheet.state == 'resting', 'at rest')
    """
  }

  static let misspelt = "on_release = function() return 'hihg' end"
  static let dim = "backdrop = function(s) if s.state == 'dragging' then return 2 end end"

  /// Each row: the scenario, whether it passes, its summary, a fragment of every failure (in order).
  static let rows: [(text: String, passed: Bool, summary: String, failures: [String], line: UInt)] = [
    (
      scenario(misspelt), false, "FAILED: 1 script error",
      ["script error: on_release returned 'hihg', not an active detent (active: 'low', 'high')"], #line
    ),
    (scenario(misspelt, "expect_script_error 'on_release'"), true, "passed: 2 expectations", [], #line),
    (
      scenario(
        "on_drag = function(_, g) return g.start_height - g.translation end", "expect_script_error 'on_drag'"),
      false, "FAILED: 1 of 2 expectations failed",
      ["scenario.lua:4: expectation failed: expected a script error from on_drag, none happened"], #line
    ),
    (
      scenario(dim), false, "FAILED: 31 script errors",
      ["script error: backdrop returned 2; expected an opacity in [0, 1] or nil (x31, 0.533–0.783 s)"], #line
    ),
    (scenario(dim, "expect_script_error 'backdrop'"), true, "passed: 2 expectations", [], #line),
    (
      scenario(dim, "expect_script_error 'on_release'"), false,
      "FAILED: 1 of 2 expectations failed, 31 script errors",
      [
        "script error: backdrop returned 2",
        "scenario.lua:4: expectation failed: expected a script error from on_release",
      ],
      #line
    ),
    (
      scenario(misspelt, "expect_script_error 'on_relase'"), false, "error: ",
      [
        "scenario.lua:4: error: expect_script_error: unknown callback 'on_relase' (did you mean 'on_release'?)"
      ],
      #line
    ),
    (
      scenario(misspelt, "expect_script_error(42)"), false, "error: ",
      ["scenario.lua:4: error: expect_script_error: expected a callback's name, got 42"], #line
    ),
  ]

  @Test(arguments: rows.indices) func scriptErrorsFailUnlessDeclared(_ i: Int) throws {
    let row = Self.rows[i]
    let result = try ScenarioFolder().run(row.text)
    let label = "row at line \(row.line)"
    #expect(result.passed == row.passed, "\(label): \(result.failures)")
    #expect(result.summary.hasPrefix(row.summary), "\(label): \(result.summary)")
    #expect(result.failures.count == row.failures.count, "\(label): \(result.failures)")
    for (failure, fragment) in zip(result.failures, row.failures) {
      #expect(failure.description.contains(fragment), "\(label): \(failure)")
    }
  }

  @Test func aDeclaredFaultCountsItsErrorsAndIsAnExpectation() throws {
    let result = try ScenarioFolder().run(Self.scenario(Self.dim, "expect_script_error 'backdrop'"))
    #expect(result.expectedScriptErrors == 31 && result.scriptErrors == 0)
    let expectations = result.trace.events.filter { $0.name == "expect" }
    #expect(expectations.last?["line"] == .integer(4))
    #expect(
      expectations.last?["message"]
        == .string("expect_script_error 'backdrop': 31 script errors, as declared"))
  }

  @Test func theCoresOwnChecksCountAsTheirCallback() {
    let group = ScenarioScriptErrors.Group(callback: "release", message: "x", count: 1, first: 0, last: 0)
    #expect(group.field == "on_release")
    #expect(
      ScenarioScriptErrors.failure(group, scenario: "s.lua").description
        == "s.lua: script error: x (in on_release)"
    )
  }

  @Test func failuresNameTheBehavioursFileAndLine() throws {
    let folder = try ScenarioFolder()
    try folder.write(
      "bad.lua",
      "return {\n  detents = { { id = 'a', height = 300 } },\n  on_release = function() return 7 end,\n}\n")
    let result = try folder.run(
      "-- scenario\nbehaviour 'bad.lua'\npresent()\nsettle()\ndrag { dy = -50 }\nsettle()\nexpect(true, 'x')\n"
    )
    #expect(
      result.failures.map(\.description) == [
        "\(folder.url.path)/bad.lua:3: script error: on_release returned 7; expected a detent id, 'dismiss' or "
          + "{ height = points }"
      ])
  }
}
