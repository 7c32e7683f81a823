import SheetCore
import SheetTrace
import Testing

@testable import SheetScenario
@testable import SheetScript

/// `custom-modal` against seed 002, driven from Swift.
@Suite struct CustomModalPresetTests {
  static func driver() throws -> SheetDriver {
    var driver = try PresetTest.driver("custom-modal")
    try driver.presentAndSettle()
    return driver
  }

  @Test func detentsAndPresentWithItsOwnBackdropDuration() throws {
    var driver = try PresetTest.driver("custom-modal")
    #expect(driver.machine.detents.map(\.height) == [300, 844 - 64])
    try driver.apply { h in h.present() }
    let animation = try #require(driver.last("animation"))
    #expect(
      animation["height"]?.text == "ease_in_out 0.3s" && animation["backdrop"]?.text == "ease_in_out 0.4s")
    for k in 1...47 {
      try driver.frame()
      let t = Double(k) / 120
      let h = t < 0.3 ? 300 * PresetTest.bezier(PresetTest.easeInOut, at: t / 0.3) : 300
      #expect(PresetTest.close(driver.machine.height, h, PresetTest.curveTolerance), "frame \(k)")
      let a = 0.6 * PresetTest.bezier(PresetTest.easeInOut, at: t / 0.4)
      #expect(PresetTest.close(driver.machine.backdrop, a, PresetTest.curveTolerance), "frame \(k)")
    }
    #expect(try driver.settle())
    #expect(driver.machine.height == 300 && driver.machine.backdrop == 0.6)
    let rotated = try PresetTest.driver("custom-modal", geometry: PresetTest.rotated)
    #expect(rotated.machine.detents.map(\.height) == [300, 390 - 64])
  }

  /// "pan ended" in order from `start` (300 default, 780 maximum): newHeight = start - ty.
  static let releases: [(start: String, dy: Double, target: String, height: Double, line: UInt)] = [
    ("default", 101, "dismiss", 0, #line),  // 199 < 200
    ("default", 100, "default", 300, #line),  // 200: not < 200, < 300
    ("default", 50, "default", 300, #line),
    ("default", -200, "maximum", 780, #line),  // 500, up: > 300 and not down
    ("default", -1, "maximum", 780, #line),
    ("maximum", 100, "default", 300, #line),  // 680 < max and down
    ("maximum", 479, "default", 300, #line),  // 301
    ("maximum", 481, "default", 300, #line),  // 299 < 300
    ("maximum", 581, "dismiss", 0, #line),  // 199 < 200
    ("default", 0, "default", 300, #line),  // ty 0: no rule applies, nothing moves: it stays at default
  ]

  @Test(arguments: releases.indices) func heightRulesInOrder(_ i: Int) throws {
    let row = Self.releases[i]
    var driver = try Self.driver()
    if row.start == "maximum" {
      try driver.apply { m throws(SheetError) in try m.snap(to: "maximum") }
      #expect(try driver.settle())
    }
    try driver.drag(DragGesture(dy: row.dy, duration: 0.25, at: 400, velocity: 0))
    #expect(driver.last("decision")?["target"]?.text == row.target, "row at line \(row.line)")
    #expect(try driver.settle())
    #expect(driver.machine.height == row.height, "row at line \(row.line)")
  }

  @Test func backdropHoldsWhileDraggingAndSnapsTakeFourTenths() throws {
    var driver = try Self.driver()
    try driver.drag(DragGesture(dy: -200, duration: 0.25, at: 700, velocity: 0))
    #expect(driver.trace.frames.suffix(30).allSatisfy { $0.backdrop == 0.6 })
    #expect(driver.machine.height == 500)
    let animation = try #require(driver.last("animation"))
    #expect(animation["transition"]?.text == "snap" && animation["height"]?.text == "ease_in_out 0.4s")
  }

  static let dismissals: [(from: String, end: Double, line: UInt)] = [
    ("default", 0, #line), ("maximum", 780 - 300, #line),  // the seed's slide of 300 leaves 480 showing
  ]

  @Test(arguments: dismissals.indices) func dismissSlidesDownByThreeHundred(_ i: Int) throws {
    let row = Self.dismissals[i]
    var driver = try Self.driver()
    try driver.apply { m throws(SheetError) in try m.snap(to: row.from) }
    #expect(try driver.settle())
    try driver.apply { m throws(SheetError) in try m.tap(y: 10) }  // the backdrop
    let animation = try #require(driver.last("animation"))
    #expect(animation["transition"]?.text == "dismiss" && animation["slide"] == .number(300))
    #expect(
      animation["height"]?.text == "ease_in_out 0.3s" && animation["backdrop"]?.text == "ease_in_out 0.4s")
    #expect(try driver.settle())
    #expect(driver.machine.state == .dismissed, "row at line \(row.line)")
    #expect(driver.machine.height == row.end && driver.machine.backdrop == 0, "row at line \(row.line)")
  }
}
