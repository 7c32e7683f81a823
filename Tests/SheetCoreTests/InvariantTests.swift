import Testing

@testable import SheetCore

/// The machine's invariants as code: they hold through ordinary use, and each names what a broken
/// machine breaks.
@Suite struct InvariantTests {
  @Test func theyHoldThroughOrdinaryUse() throws {
    var m = try SheetMachine(policy: DefaultPolicy(), geometry: reference)
    #expect(m.invariantViolation == nil)
    try m.presented()
    try m.drag(from: 500, to: 420, release: -900)
    #expect(m.invariantViolation == nil)
    m.runToRest()
    m._checkInvariants()
    #expect(m.invariantViolation == nil)
  }

  /// Each row: how the machine is broken (internal state, set directly) and what the violation says.
  static let breakages: [(breakIt: @Sendable (inout SheetMachine) -> Void, fragment: String, line: UInt)] = [
    ({ $0.height = .nan }, "height nan", #line),
    ({ $0.height = 900 }, "height 900.0 outside [0, 844.0]", #line),
    ({ $0.backdrop = 2 }, "backdrop 2.0", #line),
    ({ $0.velocity = .infinity }, "velocity inf", #line),
    ({ $0.time = -1 }, "time -1.0", #line),
    ({ $0.detents.reverse() }, "not ascending", #line),
    ({ $0.declaredDetents.removeLast() }, "declared detents", #line),
    ({ $0.state = .dragging }, "state dragging with drag none", #line),
    ({ $0.state = .settling }, "state settling with motion none", #line),
    ({ $0.dismissAfterDrag = true }, "a dismissal queued while resting", #line),
    ({ $0.velocity = 3 }, "velocity 3.0 while resting", #line),
    ({ $0.height = 300 }, "resting at 300.0, detent medium is 398.5", #line),
  ]

  @Test(arguments: breakages.indices) func aBrokenMachineIsNamed(_ i: Int) throws {
    let row = Self.breakages[i]
    var m = try SheetMachine(policy: DefaultPolicy(), geometry: reference)
    try m.presented()
    row.breakIt(&m)
    let violation = try #require(m.invariantViolation, "row at line \(row.line)")
    #expect(violation.contains(row.fragment), "row at line \(row.line): \(violation)")
  }

  @Test func everyStateChangeIsInTheTable() throws {
    // Every state change a sweep-like run makes is listed in the table (the machine traps otherwise in
    // builds with SHEET_INVARIANTS); here the events show them.
    var m = try SheetMachine(policy: DefaultPolicy(), geometry: reference)
    var events = try m.presented()
    events += try m.drag(from: 500, to: 600, release: 2500)
    m.runToRest(events: &events)
    let changes = events.compactMap { event -> (SheetState, SheetState)? in
      if case .state(let from, let to) = event { return (from, to) }
      return nil
    }
    #expect(changes.count == 5)
    #expect(changes.allSatisfy { TransitionTable.isLegal(from: $0.0, to: $0.1) })
  }
}
