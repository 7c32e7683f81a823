import LuaHost
import SheetCore
import SheetTrace
import Testing

@testable import SheetScenario
@testable import SheetScript

/// A scenario's `sheet` view, written after every call with only the fields that changed, reads the same
/// after every call as one written whole: through a presentation, a drag, a scroll view coming and
/// going, a dismissal.
@Suite struct ScenarioSheetViewTests {
  /// The fields of a view's backing table, by value (`scroll` as whether it is set: it is a view).
  static func fields(of view: ScenarioSheetView) throws -> [String: LuaValue] {
    guard case .table(_, var fields) = try view.data.value() else { return [:] }
    fields["scroll"] = fields["scroll"].map { _ in .boolean(true) }
    return fields
  }

  /// The scroll view's backing table by value, when it was made.
  static func scrollFields(of view: ScenarioSheetView) throws -> LuaValue? {
    try view.scrollData?.value()
  }

  /// A view over a new backing table, with its numbers' batch.
  static func view(in state: LuaState) throws -> ScenarioSheetView {
    let data = try state.newTable()
    return ScenarioSheetView(data: data, numbers: try ScenarioSheetView.numbers(of: data))
  }

  /// Writes `machine` into the incremental view and into a new one, and checks they read alike.
  static func check(_ machine: SheetMachine, _ kept: ScenarioSheetView, in state: LuaState) throws {
    kept.write(machine, in: state)
    let whole = try view(in: state)
    whole.write(machine, in: state)
    #expect(try fields(of: kept) == fields(of: whole), "t = \(machine.time)")
    if machine.scrollSnapshot != nil {
      #expect(try scrollFields(of: kept) == scrollFields(of: whole), "t = \(machine.time)")
    }
  }

  /// Kept over a run (its numbers written through its field batch, only those that changed), the view
  /// reads as a new one written once.
  @Test func theIncrementalViewReadsAsAWholeOne() throws {
    let state = try LuaState()
    let kept = try Self.view(in: state)
    kept.writeHidden()
    let hidden = try Self.view(in: state)
    hidden.writeHidden()
    #expect(try Self.fields(of: kept) == Self.fields(of: hidden))

    var driver = try SheetDriver(policy: DefaultPolicy(), geometry: SheetGeometry(width: 390, height: 844))
    try driver.apply { m throws(SheetError) in try m.setScrollView(ScrollView(contentHeight: 2000)) }
    try Self.check(driver.machine, kept, in: state)
    try driver.apply { h in h.present() }
    for _ in 0..<12 {
      try driver.frame()
      try Self.check(driver.machine, kept, in: state)
    }
    try driver.settle()
    try Self.check(driver.machine, kept, in: state)
    try driver.touchDown(y: driver.grabY + 40)
    for step in 1...10 {
      try driver.frame(touch: driver.grabY + 40 - Double(step) * 25)
      try Self.check(driver.machine, kept, in: state)
    }
    try driver.touchUp(velocity: -800)
    try Self.check(driver.machine, kept, in: state)
    try driver.settle()
    try Self.check(driver.machine, kept, in: state)
    try driver.apply { m throws(SheetError) in try m.setScrollView(nil) }
    try Self.check(driver.machine, kept, in: state)
    try driver.apply { m throws(SheetError) in try m.setKeyboard(height: 300, duration: 0.25) }
    try driver.wait(0.1)
    try Self.check(driver.machine, kept, in: state)
    try driver.apply { m throws(SheetError) in try m.setScrollView(ScrollView(contentHeight: 900, top: 20)) }
    try Self.check(driver.machine, kept, in: state)
    try driver.apply { m in m.dismiss() }
    try driver.frame()
    try Self.check(driver.machine, kept, in: state)
    try driver.settle()
    try Self.check(driver.machine, kept, in: state)
    #expect(driver.machine.state == .dismissed)
  }
}
