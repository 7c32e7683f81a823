import SheetCore
import SheetTrace
import Testing

@testable import SheetScenario
@testable import SheetScript

/// Callbacks that fail at run time: each failure is reported with file:line and the callback's name,
/// recorded as a `script_error` event, the decision falls back to the default policy, and the sheet
/// comes to rest. Nothing crashes.
@Suite struct CallbackFaultTests {
  /// A behaviour with two detents (300, 600) whose line 3 holds `field`.
  static func file(_ field: String) -> String {
    "return {\n  detents = { { id = 'a', height = 300 }, { id = 'b', height = 600 } },\n  \(field),\n}\n"
  }

  static let rows: [(field: String, callback: String, fragment: String, line: UInt)] = [
    ("on_release = function() error('boom') end", "on_release", "boom", #line),
    ("on_release = function() while true do end end", "on_release", "budget exceeded", #line),
    (
      "on_release = function() local t = {} while true do t[#t + 1] = {} end end", "on_release", "memory",
      #line
    ),
    ("on_release = function() return 'nowhere' end", "on_release", "nowhere", #line),
    ("on_release = function() return 42 end", "on_release", "42", #line),
    ("on_release = function() return true end", "on_release", "true", #line),
    ("on_drag = function() return 0/0 end", "on_drag", "nan", #line),
    ("on_drag = function() return 1/0 end", "on_drag", "inf", #line),
    ("on_drag = function() return -5 end", "on_drag", "-5", #line),
    ("on_drag = function() return 1e6 end", "on_drag", "1000000", #line),
    ("on_drag = function() return 'high' end", "on_drag", "'high'", #line),
    ("on_drag = function() while true do end end", "on_drag", "budget exceeded", #line),
    ("on_drag = function(s, g) return g.nothing.here end", "on_drag", "nothing", #line),
    ("backdrop = function() return 2 end", "backdrop", "2", #line),
    ("backdrop = function() return 0/0 end", "backdrop", "nan", #line),
    ("backdrop = function() error('dim') end", "backdrop", "dim", #line),
    ("on_tap = function() return 5 end", "on_tap", "5", #line),
    ("on_state = function() error('state!') end", "on_state", "state!", #line),
    ("animations = function() return 'fast' end", "animations", "'fast'", #line),
    ("animations = { snap = function() return { duration = -1 } end }", "animations", "-1", #line),
  ]

  @Test(arguments: rows.indices) func faultIsReportedAndTheSheetSettles(_ i: Int) throws {
    let row = Self.rows[i]
    var driver = try PresetTest.driver(source: Self.file(row.field), name: "bad.lua")
    try driver.presentAndSettle()
    try driver.apply { m throws(SheetError) in try m.tap(y: 700) }  // the sheet: on_tap runs
    #expect(try driver.settle())
    try driver.drag(DragGesture(dy: -60, duration: 0.2, velocity: 0))
    #expect(try driver.settle(), "row at line \(row.line)")
    let errors = driver.scriptErrors.filter { $0.hasPrefix("\(row.callback):") }
    #expect(!errors.isEmpty, "row at line \(row.line): \(driver.scriptErrors)")
    #expect(
      errors.allSatisfy { $0.contains("bad.lua:3") && $0.contains(row.fragment) },
      "row at line \(row.line): \(errors)")
    // At rest at a detent, with sane numbers.
    #expect(driver.machine.state == .resting, "row at line \(row.line)")
    #expect([300, 600].contains(driver.machine.height), "row at line \(row.line): \(driver.machine.height)")
    #expect(driver.machine.backdrop.isFinite && (0...1).contains(driver.machine.backdrop))
    if row.callback == "on_release" {
      // The default policy decided: its reasons read "projected ... (v ...)"; 360 at v 0 -> a (300).
      let decision = try #require(driver.last("decision"))
      #expect(
        decision["reason"]?.text?.hasPrefix("projected") == true, "row at line \(row.line): \(decision)")
      #expect(driver.machine.detent == "a")
    }
  }

  @Test func detentResolverFaultsAreReportedAndTheDetentDropped() throws {
    let text = """
      return {
        detents = {
          { id = 'a', height = 300 },
          { id = 'b', height = function() return 0/0 end },
        },
      }
      """
    var driver = try PresetTest.driver(source: text, name: "bad.lua")
    try driver.presentAndSettle()
    // Reported at the `detents` field's line, naming the detent and the value.
    #expect(!driver.scriptErrors.isEmpty)
    #expect(
      driver.scriptErrors.allSatisfy {
        $0.hasPrefix("detents: bad.lua:2:") && $0.contains("'b'") && $0.contains("nan")
      },
      "\(driver.scriptErrors)")
    #expect(driver.machine.detents.map(\.id) == ["a"] && driver.machine.height == 300)
  }

  /// Regression: a table returned by a per-transition animation function is read, not refused.
  @Test func perTransitionAnimationFunctionsAreRead() throws {
    let text =
      "return {\n  animations = { present = function() return { curve = 'linear', duration = 0.5 } end },\n}\n"
    var driver = try PresetTest.driver(source: text)
    try driver.apply { h in h.present() }
    #expect(driver.last("animation")?["height"]?.text == "linear 0.5s")
    #expect(driver.scriptErrors.isEmpty, "\(driver.scriptErrors)")
  }
}
