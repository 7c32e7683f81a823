import SheetCore
import SheetTrace
import Testing

@testable import SheetScenario
@testable import SheetScript

/// `half-modal` against seed 001 (content height C = 600), driven from Swift.
@Suite struct HalfModalPresetTests {
  static func driver() throws -> SheetDriver {
    var driver = try PresetTest.driver("half-modal", content: 600)
    try driver.presentAndSettle()
    return driver
  }

  @Test func presentIsTheContentHeightOverThreeTenthsOfASecond() throws {
    var driver = try PresetTest.driver("half-modal", content: 600)
    #expect(driver.machine.detents.map(\.id) == ["content"] && driver.machine.detents.map(\.height) == [600])
    try driver.apply { h in h.present() }
    #expect(driver.last("animation")?["height"]?.text == "ease_in_out 0.3s")
    try driver.expectCurve(
      PresetTest.easeInOut, duration: 0.3, height: (0, 600), backdrop: (0, 0.7), frames: 35)
    #expect(try driver.settle())
    #expect(driver.machine.height == 600 && driver.machine.backdrop == 0.7)
    // Rotated (the detent is C itself, bottom inset included).
    try driver.apply { m throws(SheetError) in try m.resize(PresetTest.rotated) }
    #expect(try driver.settle())
    #expect(driver.machine.detents.map(\.height) == [390])  // C capped at the screen's height
  }

  /// The sheet's top is at y = 844 - 600 = 244; the gesture area reaches 28 pt into it (y <= 272).
  static let touches: [(y: Double, follows: Bool, line: UInt)] = [
    (100, true, #line),  // above the content (the backdrop is in the gesture area)
    (250, true, #line),
    (272, true, #line),  // exactly 28 pt in
    (272.5, false, #line),  // just below the band
    (400, false, #line),  // the content
  ]

  @Test(arguments: touches.indices) func gesturesStartOnlyInTheGrabBand(_ i: Int) throws {
    let row = Self.touches[i]
    var driver = try Self.driver()
    #expect(try driver.touchDown(y: row.y) == row.follows, "row at line \(row.line)")
    try driver.touchMove(y: row.y + 100)
    #expect(driver.machine.height == (row.follows ? 500 : 600), "row at line \(row.line)")
  }

  static let taps: [(y: Double, dismisses: Bool, line: UInt)] = [
    (100, true, #line), (260, true, #line), (272, true, #line), (300, false, #line), (700, false, #line),
  ]

  @Test(arguments: taps.indices) func tapsInTheGestureAreaDismissInThreeTenths(_ i: Int) throws {
    let row = Self.taps[i]
    var driver = try Self.driver()
    try driver.apply { m throws(SheetError) in try m.tap(y: row.y) }
    #expect(try driver.settle())
    #expect(driver.machine.state == (row.dismisses ? .dismissed : .resting), "row at line \(row.line)")
    if row.dismisses {
      #expect(driver.last("animation")?["height"]?.text == "ease_in_out 0.3s", "row at line \(row.line)")
    }
  }

  @Test func draggingUpNeverGrowsTheSheetAndDownFollowsTheInset() throws {
    var driver = try Self.driver()
    try driver.drag(DragGesture(dy: -150, duration: 0.25, at: 250, release: false))
    #expect(driver.trace.frames.suffix(30).allSatisfy { $0.height == 600 && $0.backdrop == 0.7 })
    try driver.touchMove(y: 250 + 120)  // inset 120 from y0 = 250
    #expect(driver.machine.height == 480)
    #expect(PresetTest.close(driver.machine.backdrop, 0.7 - 0.7 * 120 / 600))
    #expect(PresetTest.close(driver.machine.backdrop, 0.56))
  }

  /// "pan ended" in order: inset > C / 2 dismisses (0.3 s); vy > 2000 dismisses (0.2 s); else restore (0.1 s).
  static let releases: [(dy: Double, vy: Double, target: String, motion: String, line: UInt)] = [
    (301, 0, "dismiss", "ease_in_out 0.3s", #line),
    (300, 0, "content", "ease_in_out 0.1s", #line),  // inset = C / 2 is not above it
    (310, 2500, "dismiss", "ease_in_out 0.3s", #line),  // the inset rule comes first
    (100, 2001, "dismiss", "ease_in_out 0.2s", #line),
    (100, 2000, "content", "ease_in_out 0.1s", #line),
    (-50, 2500, "dismiss", "ease_in_out 0.2s", #line),  // a negative inset still lets the velocity rule run
    (-50, 0, "content", "ease_in_out 0.1s", #line),
  ]

  @Test(arguments: releases.indices) func releaseRulesInOrder(_ i: Int) throws {
    let row = Self.releases[i]
    var driver = try Self.driver()
    try driver.drag(DragGesture(dy: row.dy, duration: 0.25, at: 250, velocity: row.vy))
    #expect(driver.last("decision")?["target"]?.text == row.target, "row at line \(row.line)")
    #expect(driver.last("animation")?["height"]?.text == row.motion, "row at line \(row.line)")
    #expect(try driver.settle())
    #expect(driver.machine.height == (row.target == "dismiss" ? 0 : 600), "row at line \(row.line)")
    #expect(driver.machine.backdrop == (row.target == "dismiss" ? 0 : 0.7), "row at line \(row.line)")
  }
}
