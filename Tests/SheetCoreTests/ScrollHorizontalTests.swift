import Testing

@testable import SheetCore

/// A policy whose drag reads the pan's x (a sideways travel lowers the sheet point for point), a
/// stand-in for a behaviour that maps `translation_x`, so a test can see which frames reach the drag.
private struct SidewaysPolicy: SheetPolicy {
  var configuration = DefaultPolicy.standardConfiguration
  func dragHeight(_ input: DragInput) throws(ScriptError) -> Double {
    input.startHeight - input.translation - input.translationX
  }
}

/// A pan in the list with horizontal x (horizontal x beside the scroll view's hand-off): only vertical travel is
/// routed; a frame without any stays with the pan's owner. At large (787; the sheet's top edge at 57, the
/// list from 113) with a 2400 pt list 56 pt inside the sheet.
@Suite struct ScrollHorizontalTests {
  /// Rows: the list's offset, a first vertical move (0: none), then a 20 pt move to the right with y
  /// unchanged; the height and offset after each, by hand.
  static let rows:
    [(
      offset: Double, dy: Double, afterDy: (height: Double, offset: Double),
      afterDx: (height: Double, offset: Double), line: UInt
    )] = [
      // no vertical move yet: the sideways frame is the sheet's (787 − 0 − 20)
      (500, 0, (787, 500), (767, 500), #line),
      // the list took the 10 pt down (500 → 490): the sideways frame moves nothing
      (500, 10, (787, 490), (787, 490), #line),
      // at its top the 10 pt down are the sheet's (777): the sideways frame too (787 − 10 − 20 = 757)
      (0, 10, (777, 0), (757, 0), #line),
    ]

  @Test(arguments: rows.indices) func onlyVerticalTravelIsRouted(_ i: Int) throws {
    let row = Self.rows[i]
    var m = try SheetMachine(policy: SidewaysPolicy(), geometry: reference)
    try m.setScrollView(ScrollView(contentHeight: 2400, top: 56))
    try m.presented()
    try m.snap(to: "large")
    m.runToRest()
    try m.scroll(to: row.offset)
    #expect(try m.panBegan(x: 195, y: 400).isTracking)
    if row.dy != 0 { try m.panChanged(x: 195, y: 400 + row.dy) }
    #expect(m.height == row.afterDy.height && m.scrollOffset == row.afterDy.offset, "row at line \(row.line)")
    try m.panChanged(x: 215, y: 400 + row.dy)
    #expect(m.height == row.afterDx.height && m.scrollOffset == row.afterDx.offset, "row at line \(row.line)")
    try m.panEnded(x: 215, y: 400 + row.dy, velocity: 0, velocityX: 0)
    m.runToRest()
    #expect(m.invariantViolation == nil, "row at line \(row.line)")
  }

  /// The list holding the pan takes the release's vertical velocity only: the content decelerates, and a
  /// horizontal release velocity changes nothing (the sheet stays at large).
  @Test func aReleaseHandsTheListOnlyTheVerticalVelocity() throws {
    var m = try SheetMachine(policy: DefaultPolicy(), geometry: reference)
    try m.setScrollView(ScrollView(contentHeight: 2400, top: 56))
    try m.presented()
    try m.snap(to: "large")
    m.runToRest()
    try m.scroll(to: 500)
    try m.panBegan(x: 195, y: 400)
    try m.panChanged(x: 195, y: 390)
    try m.panEnded(x: 195, y: 390, velocity: 0, velocityX: 3000)
    #expect(m.state == .resting && m.detent == "large" && m.height == 787)
    #expect(m.scrollOffset == 510 && m.isStill)
  }
}
