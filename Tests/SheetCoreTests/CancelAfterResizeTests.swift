import Testing

@testable import SheetCore

/// A policy whose drag leaves the sheet where the pan found it (Android's touch slop does that for the
/// first 8 pt), so a cancelled pan ends with the height still at the start height.
private struct StillDragPolicy: SheetPolicy {
  var configuration = DefaultPolicy.standardConfiguration
  func dragHeight(_ input: DragInput) throws(ScriptError) -> Double { input.startHeight }
}

/// A pan cancelled after the detents moved under it must not rest at the old height (found by the input
/// storm with the `android` preset: "resting at 610.0, detent collapsed is 67.5").
@Suite struct CancelAfterResizeTests {
  @Test func aCancelAfterAResizeGoesToTheDetentsNewHeight() throws {
    var m = try SheetMachine(policy: StillDragPolicy(), geometry: reference)
    try m.present()
    var events: [SheetEvent] = []
    m.runToRest(events: &events)
    #expect(m.state == .resting && m.detent == "medium" && m.height == 398.5)
    try m.panBegan(y: 500, time: m.time)
    try m.panChanged(y: 480, time: m.time + 0.05)
    // A taller screen: A = 1000 - 47 = 953, medium = 0.5 * 953 = 476.5; the sheet (398.5) is not cut.
    let taller = SheetGeometry(
      width: 390, height: 1000, safeArea: SafeArea(top: 47, bottom: 34), edge: .bottom)
    try m.resize(taller)
    #expect(m.state == .dragging && m.height == 398.5)
    try m.panCancelled(y: 480, time: m.time + 0.05)
    #expect(m.invariantViolation == nil)
    #expect(m.state != .resting || m.height == m.height(of: m.detent ?? ""))
    m.runToRest(events: &events)
    let medium = try #require(m.height(of: "medium"))
    #expect(m.state == .resting && m.detent == "medium")
    #expect(abs(m.height - medium) < 1e-9 && abs(medium - 476.5) < 1e-9)
  }
}
