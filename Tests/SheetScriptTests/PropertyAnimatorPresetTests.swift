import Foundation
import SheetCore
import SheetTrace
import Testing

@testable import SheetScenario
@testable import SheetScript

/// `property-animator` against seed 004, driven from Swift.
@Suite struct PropertyAnimatorPresetTests {
  @Test func presentIsACriticallyDampedSpringSettlingInThreeTenths() throws {
    var driver = try PresetTest.driver("property-animator")
    #expect(driver.machine.detents.map(\.height) == [300])
    #expect(
      try PresetTest.driver("property-animator", geometry: PresetTest.rotated).machine.detents.map(\.height)
        == [300])
    try driver.apply { h in h.present() }
    #expect(driver.last("animation")?["height"]?.text == "spring duration=0.3s damping=1")
    for k in 1...35 {
      try driver.frame()
      let h = 300 + PresetTest.criticalSpring(duration: 0.3, x0: -300, v0: 0, at: Double(k) / 120)
      #expect(PresetTest.close(driver.machine.height, h, 1e-6), "frame \(k)")
      #expect(PresetTest.close(driver.machine.backdrop, h / 300, 1e-6), "frame \(k)")
    }
    try driver.frame()  // t = 0.3: the animator ends
    #expect(driver.machine.height == 300 && driver.machine.state == .resting && driver.machine.backdrop == 1)
  }

  /// "release": dragged down less than half the height (ty < 150) opens; else closes.
  static let releases: [(dy: Double, target: String, line: UInt)] = [
    (149, "open", #line), (150, "dismiss", #line), (-40, "open", #line), (250, "dismiss", #line),
  ]

  @Test(arguments: releases.indices) func releaseAtHalfTheHeight(_ i: Int) throws {
    let row = Self.releases[i]
    var driver = try PresetTest.driver("property-animator")
    try driver.presentAndSettle()
    try driver.drag(DragGesture(dy: row.dy, duration: 0.25, release: false))
    #expect(driver.machine.height == 300 - row.dy, "row at line \(row.line)")
    #expect(driver.machine.backdrop == min(max((300 - row.dy) / 300, 0), 1), "row at line \(row.line)")
    try driver.touchUp(velocity: 0)
    #expect(driver.last("decision")?["target"]?.text == row.target, "row at line \(row.line)")
    #expect(driver.last("animation")?["height"]?.text == "spring duration=0.3s damping=1")
    #expect(try driver.settle())
    #expect(driver.machine.height == (row.target == "open" ? 300 : 0), "row at line \(row.line)")
    #expect(driver.machine.backdrop == (row.target == "open" ? 1 : 0), "row at line \(row.line)")
  }
}
