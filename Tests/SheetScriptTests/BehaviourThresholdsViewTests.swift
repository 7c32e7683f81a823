import LuaHost
import SheetCore
import SheetTrace
import Testing

@testable import SheetScenario
@testable import SheetScript

/// `sheet.thresholds` and `ctx.thresholds` in a behaviour's callbacks: the thresholds in effect (the
/// overrides applied), read-only, a misspelt name refused with the nearest one.
@Suite struct BehaviourThresholdsViewTests {
  /// A behaviour whose detent and drag read its thresholds through the views: `medium` is
  /// `fraction * available` (797 on the reference screen), a drag adds `band` to the start height.
  static func text(dragReads field: String = "band") -> String {
    """
    local S = require 'sheet'
    local thresholds = S.thresholds { fraction = 0.5, band = 20 }
    return {
      thresholds = thresholds,
      detents = { { id = 'medium', height = function(ctx) return ctx.thresholds.fraction * ctx.available end } },
      on_drag = function(sheet, gesture) return gesture.start_height + sheet.thresholds.\(field) end,
    }
    """
  }

  static func driver(_ text: String, overrides: [(name: String, value: Double)]) throws -> SheetDriver {
    let behaviour = try Behaviour.load(
      BehaviourSource(name: "thresholds.lua", text: text), overrides: overrides,
      options: LuaState.Options(memoryLimit: 2 << 20))
    return try SheetDriver(policy: behaviour, geometry: PresetTest.reference)
  }

  /// The numbers come from the file, or from an override of it: medium = fraction * 797, a drag
  /// holds the sheet at medium + band (no rubber band: the behaviour's own on_drag).
  @Test(
    arguments: [
      ([], 398.5, 418.5, #line),
      ([("band", 35.0)], 398.5, 433.5, #line),
      ([("fraction", 0.25)], 199.25, 219.25, #line),
    ] as [([(String, Double)], Double, Double, UInt)])
  func theViewsHoldTheThresholdsInEffect(
    _ overrides: [(String, Double)], _ medium: Double, _ dragged: Double, _ line: UInt
  ) throws {
    var driver = try Self.driver(Self.text(), overrides: overrides.map { (name: $0.0, value: $0.1) })
    try driver.presentAndSettle()
    #expect(driver.machine.detents.map(\.height) == [medium], "line \(line)")
    try driver.drag(DragGesture(dy: -40, duration: 0.1, release: false))
    #expect(abs(driver.machine.height - dragged) < 1e-9, "line \(line): \(driver.machine.height)")
    #expect(driver.scriptErrors.isEmpty, "line \(line): \(driver.scriptErrors)")
  }

  /// A misspelt threshold is a script error naming the nearest declared one.
  @Test func aMisspeltThresholdNamesTheNearest() throws {
    var driver = try Self.driver(Self.text(dragReads: "bnad"), overrides: [])
    try driver.presentAndSettle()
    try driver.drag(DragGesture(dy: -40, duration: 0.1))
    #expect(
      driver.scriptErrors.contains {
        $0.contains("unknown field 'bnad' of sheet.thresholds (did you mean 'band'?)")
      },
      "\(driver.scriptErrors)")
  }
}
