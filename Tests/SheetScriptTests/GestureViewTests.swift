import SheetCore
import Testing

@testable import SheetScript

/// The `gesture` view a callback reads is current on every frame, even when only some fields changed.
@Suite struct GestureViewTests {
  /// A behaviour whose sheet follows the finger exactly, through the view's `translation`.
  static let follower = """
    return {
      detents = { { id = 'low', height = 300 }, { id = 'high', height = 600 } },
      on_drag = function(sheet, gesture)
        return gesture.start_height - gesture.translation
      end,
    }
    """

  @Test func aNewGestureStartingWhereTheLastEndedReadsTranslationZero() throws {
    var driver = try PresetTest.driver(source: Self.follower)
    try driver.presentAndSettle()
    #expect(driver.machine.height == 300)
    // First gesture: 700 -> 600 on the sheet (its top edge is at 544), up 100 pt: h = 400.
    try driver.touchDown(y: 700)
    try driver.touchMove(y: 600)
    #expect(driver.machine.height == 400)
    try driver.touchUp(velocity: 0)
    try driver.settle()
    let rest = driver.machine.height
    // Second gesture lands at y 600, the first gesture's last y, and does not move: translation 0.
    #expect(rest == 300)
    try driver.touchDown(y: 600)
    try driver.touchMove(y: 600)
    #expect(driver.machine.height == rest, "the second gesture read a stale translation")
    try driver.touchMove(y: 550)
    #expect(driver.machine.height == rest + 50)
  }
}
