import SheetCore
import SheetTrace
import Testing

@testable import SheetScenario
@testable import SheetScript

/// Hot reload: a valid new version swaps in; a broken one is refused by `Behaviour.load`, so the running
/// one stays; a reload during a drag takes effect at the next gesture, without a jump.
@Suite struct HotReloadTests {
  static func reload(_ driver: inout SheetDriver, _ behaviour: Behaviour) throws {
    try driver.apply { m in m.replacePolicy(behaviour) }
  }

  @Test func aValidVersionTakesEffect() throws {
    var driver = try PresetTest.driver("bottom-sheet-vc")
    try driver.presentAndSettle()
    try driver.drag(DragGesture(dy: -20, duration: 0.1, velocity: 1200))
    #expect(driver.last("decision")?["target"]?.text == "normal")
    #expect(try driver.settle())
    try Self.reload(&driver, try PresetTest.load("bottom-sheet-vc", overrides: [("dismiss_velocity", 1000)]))
    try driver.drag(DragGesture(dy: -20, duration: 0.1, velocity: 1200))
    #expect(driver.last("decision")?["target"]?.text == "dismiss")
    #expect(try driver.settle())
    #expect(driver.machine.state == .dismissed)
  }

  @Test func newDetentsMoveTheSheetWithTheResizeAnimation() throws {
    var driver = try PresetTest.driver(source: "return { detents = { { id = 'a', height = 300 } } }")
    try driver.presentAndSettle()
    let next = try Behaviour.load(
      BehaviourSource(name: "test.lua", text: "return { detents = { { id = 'a', height = 420 } } }"))
    try Self.reload(&driver, next)
    #expect(driver.last("animation")?["transition"]?.text == "resize")
    let before = driver.machine.height
    try driver.frame()
    #expect(abs(driver.machine.height - before) < 50)  // animates, no jump
    #expect(try driver.settle())
    #expect(driver.machine.height == 420)
  }

  static let broken: [(text: String, fragment: String, line: UInt)] = [
    ("return { detents = { { id = 'a', height = } } }", "test.lua:1:", #line),
    ("return {\n  edge = 'sideways',\n}", "test.lua:2:", #line),
    ("return {\n  on_relese = function() end,\n}", "did you mean 'on_release'", #line),
  ]

  @Test(arguments: broken.indices) func aBrokenVersionIsRefusedAndTheOldKeepsRunning(_ i: Int) throws {
    let row = Self.broken[i]
    var driver = try PresetTest.driver("bottom-sheet-vc")
    try driver.presentAndSettle()
    do {
      try Self.reload(&driver, try Behaviour.load(BehaviourSource(name: "test.lua", text: row.text)))
      Issue.record("row at line \(row.line) loaded")
    } catch {
      #expect("\(error)".contains(row.fragment), "row at line \(row.line): \(error)")
    }
    // Still seed 000: c 197 -> normal, vy 1600 dismisses.
    try driver.drag(DragGesture(dy: -100, duration: 0.25, velocity: 900))
    #expect(driver.last("decision")?["reason"]?.text?.contains("nearest of [40, 297, 797]") == true)
    #expect(try driver.settle())
    #expect(driver.machine.height == 500)
  }

  @Test func aReloadDuringADragWaitsForTheNextGestureWithoutAJump() throws {
    var driver = try PresetTest.driver(
      source:
        "return { detents = { { id = 'a', height = 300 } }, on_drag = function(s, g) return g.start_height - g.translation end }"
    )
    try driver.presentAndSettle()
    let y0 = driver.grabY
    try driver.touchDown(y: y0)
    for k in 1...10 { try driver.touchMove(y: y0 - Double(k) * 5) }  // up 50: h = 350
    #expect(driver.machine.height == 350)
    // The new version halves the finger's effect.
    let next = try Behaviour.load(
      BehaviourSource(
        name: "test.lua",
        text:
          "return { detents = { { id = 'a', height = 300 } }, on_drag = function(s, g) return g.start_height - g.translation / 2 end }"
      ))
    try Self.reload(&driver, next)
    #expect(driver.machine.height == 350)
    for k in 11...20 {
      try driver.touchMove(y: y0 - Double(k) * 5)
      #expect(driver.machine.height == 300 + Double(k) * 5, "frame \(k): the old rule still drives this drag")
    }
    try driver.touchUp(velocity: 0)
    #expect(try driver.settle())
    #expect(driver.machine.height == 300)
    // The next gesture follows the new rule: up 60 -> h = 330.
    try driver.drag(DragGesture(dy: -60, duration: 0.1, release: false))
    #expect(driver.machine.height == 330)
    #expect(driver.scriptErrors.isEmpty)
  }
}
