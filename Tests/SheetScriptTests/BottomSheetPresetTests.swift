import SheetCore
import SheetTrace
import Testing

@testable import SheetScenario
@testable import SheetScript

/// `bottom-sheet-vc` against seed 000, driven from Swift.
@Suite struct BottomSheetPresetTests {
  /// seed 000's `dim(c)` written from the page: E = available height, D = defaultHeight 500, alpha 0.4.
  static func dim(_ c: Double, e: Double) -> Double {
    let full = (e - 500) / 2
    if c < full { return 0.4 }
    if c > e { return 0 }
    return 0.4 * (1 - (c - full) / (e - full))
  }

  @Test func detentsOnTheReferenceAndRotatedScreens() throws {
    var driver = try PresetTest.driver("bottom-sheet-vc")
    // E = 844 - 47 = 797: normal 500 (E - 500 > 0), expanded E - 40 = 757.
    #expect(driver.machine.detents.map(\.id) == ["normal", "expanded"])
    #expect(driver.machine.detents.map(\.height) == [500, 757])
    try driver.presentAndSettle()
    #expect(driver.machine.height == 500 && driver.machine.detent == "normal")
    #expect(PresetTest.close(driver.machine.backdrop, 0.30840, 1e-5))
    #expect(PresetTest.close(driver.machine.backdrop, Self.dim(297, e: 797)))
    // Rotated: E = 390, E - 500 <= 0, so normal = E - minTop = 350 = expanded.
    try driver.apply { m throws(SheetError) in try m.resize(PresetTest.rotated) }
    #expect(try driver.settle())
    #expect(driver.machine.detents.map(\.height) == [350, 350])
    #expect(driver.machine.height == 350 && driver.machine.detent == "normal")
  }

  @Test func presentIsAQuarterSecondEaseOutWithTheBackdropAlong() throws {
    var driver = try PresetTest.driver("bottom-sheet-vc")
    try driver.apply { h in h.present() }
    let animation = try #require(driver.last("animation"))
    #expect(animation["transition"]?.text == "present")
    #expect(animation["height"]?.text == "ease_out 0.25s")
    try driver.expectCurve(
      PresetTest.easeOut, duration: 0.25, height: (0, 500), backdrop: (0, Self.dim(297, e: 797)), frames: 29)
    try driver.frame()
    #expect(driver.machine.height == 500 && driver.machine.state == .resting)
  }

  /// Releases from normal (c0 = 297) after a drag of `dy`: heights from seed 000's "pan ended" row.
  static let releases: [(dy: Double, vy: Double, target: String, line: UInt)] = [
    (-100, 900, "normal", #line),  // h 600, c 197: nearer 297 than 40 (the page's example)
    (-100, 1600, "dismiss", #line),  // vy > 1500 (the page's example)
    (-100, 1500, "normal", #line),  // vy = 1500 is not above the threshold
    (-128.5, 0, "expanded", #line),  // c 168.5: a tie between 40 and 297, the first (expanded) wins
    (-128.4, 0, "normal", #line),
    (250, 0, "normal", #line),  // c 547: a tie between 297 and 797, the first (normal) wins
    (250.1, 0, "dismiss", #line),
    (-100, -3000, "normal", #line),  // a fast upward flick does not skip: only the nearest counts
  ]

  @Test(arguments: releases.indices) func release(_ i: Int) throws {
    let row = Self.releases[i]
    var driver = try PresetTest.driver("bottom-sheet-vc")
    try driver.presentAndSettle()
    try driver.drag(DragGesture(dy: row.dy, duration: 0.25, velocity: row.vy))
    let decision = try #require(driver.last("decision"), "row at line \(row.line)")
    #expect(decision["target"]?.text == row.target, "row at line \(row.line): \(decision)")
    #expect(try driver.settle())
    let expected: Double = ["normal": 500, "expanded": 757, "dismiss": 0][row.target] ?? -1
    #expect(driver.machine.height == expected, "row at line \(row.line)")
    #expect(driver.scriptErrors.isEmpty, "\(driver.scriptErrors)")
  }

  @Test func dragFollowsCAndStopsAtMinTopWithBackdropDim() throws {
    var driver = try PresetTest.driver("bottom-sheet-vc")
    try driver.presentAndSettle()
    // Up by 300 in 30 frames of 10 pt: c = 297 - 10k while c > 40 (k <= 25, c = 47), then c keeps 47.
    try driver.drag(DragGesture(dy: -300, duration: 0.25, release: false))
    for frame in driver.trace.frames.suffix(30) {
      #expect(frame.height <= 757)
      #expect(PresetTest.close(frame.backdrop, Self.dim(797 - frame.height, e: 797), 1e-9))
    }
    #expect(driver.machine.height == 797 - 47)
    try driver.touchMove(y: driver.touchY! + 200)  // c = 297 - 100 = 197
    #expect(driver.machine.height == 600)
    #expect(PresetTest.close(driver.machine.backdrop, Self.dim(197, e: 797)))
  }

  @Test func releaseCandidatesUseTheUnclampedDefaultPadding() throws {
    // Rotated: E = 390 and E - defaultHeight = -110 is not clamped (unlike the normal detent's).
    var driver = try PresetTest.driver("bottom-sheet-vc", geometry: PresetTest.rotated)
    try driver.presentAndSettle()
    #expect(driver.machine.height == 350)
    try driver.drag(DragGesture(dy: 100, duration: 0.25, velocity: 0))  // c 140: nearest 40 -> expanded
    let decision = try #require(driver.last("decision"))
    #expect(decision["target"]?.text == "expanded")
    #expect(decision["reason"]?.text?.contains("[40, -110, 390]") == true, "\(decision)")
  }

  @Test func dismissIsEaseInAndBackdropTapDismisses() throws {
    var driver = try PresetTest.driver("bottom-sheet-vc")
    try driver.presentAndSettle()
    try driver.apply { m throws(SheetError) in try m.tap(y: 100) }  // the backdrop: y < 844 - 500
    let animation = try #require(driver.last("animation"))
    #expect(animation["transition"]?.text == "dismiss" && animation["height"]?.text == "ease_in 0.25s")
    try driver.expectCurve(PresetTest.easeIn, duration: 0.25, height: (500, 0), frames: 29)
    #expect(try driver.settle())
    #expect(driver.machine.state == .dismissed && driver.machine.height == 0 && driver.machine.backdrop == 0)
  }

  @Test func tapOnTheSheetDoesNothing() throws {
    var driver = try PresetTest.driver("bottom-sheet-vc")
    try driver.presentAndSettle()
    try driver.apply { m throws(SheetError) in try m.tap(y: 600) }
    #expect(try driver.settle())
    #expect(driver.machine.state == .resting && driver.machine.height == 500)
  }

  @Test func resizeGoesToNormalEvenFromExpanded() throws {
    var driver = try PresetTest.driver("bottom-sheet-vc")
    try driver.presentAndSettle()
    try driver.apply { m throws(SheetError) in try m.snap(to: "expanded") }
    #expect(try driver.settle())
    #expect(driver.machine.height == 757 && driver.machine.backdrop == 0.4)
    let taller = SheetGeometry(width: 390, height: 900, safeArea: SafeArea(top: 47, bottom: 34))
    try driver.apply { m throws(SheetError) in try m.resize(taller) }
    let animation = try #require(driver.last("animation"))
    #expect(animation["transition"]?.text == "resize" && animation["height"]?.text == "ease_out 0.25s")
    #expect(try driver.settle())
    // E = 853: normal 500, from expanded.
    #expect(driver.machine.detent == "normal" && driver.machine.height == 500)
    #expect(PresetTest.close(driver.machine.backdrop, Self.dim(353, e: 853)))
  }
}
