import SheetCore
import Testing

@testable import SheetScript

/// A detent chosen while the keyboard is up is the one hiding it returns to, whichever way it was chosen:
/// `snap(to:)` or a tap whose `on_tap` answers a detent id go one path. The keyboard (336 pt, mode
/// `interactive`) lifts the sheet resting at `low` (300) to 300 + 336 = 636; a tap at x 50 answers
/// `high`; hiding the keyboard must leave the sheet at `high`, 600.
@Suite struct TapSnapKeyboardTests {
  static let rows:
    [(name: String, choose: @Sendable (inout SheetHost) throws(SheetError) -> [SheetEvent], line: UInt)] =
      [
        ("snap(to:)", { m throws(SheetError) in try m.snap(to: "high") }, #line),
        ("tap -> on_tap 'high'", { m throws(SheetError) in try m.tap(x: 50, y: 844 - 636 + 10) }, #line),
      ]

  @Test(arguments: rows.indices) func hidingTheKeyboardReturnsToTheChosenDetent(_ i: Int) throws {
    let row = Self.rows[i]
    var driver = try PresetTest.driver(source: TapSnapTests.behaviour, name: "tap.lua")
    try driver.presentAndSettle()
    try driver.apply { m throws(SheetError) in try m.setKeyboard(height: 336, duration: 0.25) }
    #expect(try driver.settle(), "line \(row.line)")
    #expect(driver.machine.detent == "low" && driver.machine.height == 636, "line \(row.line)")
    try driver.apply(row.choose)
    #expect(try driver.settle(), "line \(row.line)")
    #expect(driver.machine.detent == "high", "line \(row.line): \(row.name)")
    try driver.apply { m throws(SheetError) in try m.setKeyboard(height: 0, duration: 0.25) }
    #expect(try driver.settle(), "line \(row.line)")
    #expect(driver.machine.detent == "high", "line \(row.line): \(row.name)")
    #expect(driver.machine.height == 600, "line \(row.line): \(row.name): \(driver.machine.height)")
  }
}
