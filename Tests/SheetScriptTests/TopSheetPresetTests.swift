import SheetCore
import Testing

@testable import SheetScript

/// `top-sheet` against seed 003, driven from Swift.
@Suite struct TopSheetPresetTests {
  /// The content's height, capped so that h <= H - bottom - 120.
  static let sizes: [(geometry: SheetGeometry, content: Double, height: Double, line: UInt)] = [
    (PresetTest.reference, 400, 400, #line),
    (PresetTest.reference, 690, 690, #line),  // 844 - 34 - 120 = 690
    (PresetTest.reference, 800, 690, #line),
    (PresetTest.rotated, 400, 249, #line),  // 390 - 21 - 120 = 249
  ]

  @Test(arguments: sizes.indices) func sizeIsTheContentCapped(_ i: Int) throws {
    let row = Self.sizes[i]
    var driver = try PresetTest.driver("top-sheet", geometry: row.geometry, content: row.content)
    #expect(driver.machine.configuration.edge == .top)
    #expect(driver.machine.detents.map(\.height) == [row.height], "row at line \(row.line)")
    try driver.presentAndSettle()
    #expect(driver.machine.height == row.height && driver.machine.backdrop == 0.25, "row at line \(row.line)")
  }

  @Test func showAndHideAreThreeTenthsEaseInOut() throws {
    var driver = try PresetTest.driver("top-sheet", content: 400)
    try driver.apply { h in h.present() }
    #expect(driver.last("animation")?["height"]?.text == "ease_in_out 0.3s")
    try driver.expectCurve(
      PresetTest.easeInOut, duration: 0.3, height: (0, 400), backdrop: (0, 0.25), frames: 35)
    #expect(try driver.settle())
    try driver.apply { m in m.dismiss() }
    #expect(driver.last("animation")?["height"]?.text == "ease_in_out 0.3s")
    try driver.expectCurve(PresetTest.easeInOut, duration: 0.3, height: (400, 0), frames: 35)
    #expect(try driver.settle())
    #expect(driver.machine.state == .dismissed && driver.machine.height == 0 && driver.machine.backdrop == 0)
  }

  @Test func fixedNoPanNoTap() throws {
    var driver = try PresetTest.driver("top-sheet", content: 400)
    try driver.presentAndSettle()
    #expect(try driver.touchDown(y: 390) == false)  // the sheet's bottom edge (top edge: h = 400)
    try driver.touchMove(y: 300)
    try driver.touchUp(velocity: -3000)
    try driver.apply { m throws(SheetError) in try m.tap(y: 800) }  // the backdrop
    #expect(try driver.settle())
    #expect(driver.machine.state == .resting && driver.machine.height == 400)
  }
}
