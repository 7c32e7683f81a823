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

  @Test func theyHoldThroughAScrollViewsLife() throws {
    // At large: the list 56 pt below the top edge, 731 tall, largest offset 1669. A pan up scrolls it
    // past its end (rubber band), a release flings it (deceleration, then the bounce), a pan down hands
    // over to the sheet; every frame holds the invariants, and the machine is still only when the
    // content is.
    var m = try SheetMachine(policy: DefaultPolicy(), geometry: reference)
    try m.setScrollView(Self.list)
    try m.presented()
    try m.snap(to: "large")
    m.runToRest()
    try m.scroll(to: 1600)
    var y = 500.0
    try m.panBegan(y: y, time: m.time)
    func frame(_ dy: Double) throws {
      y += dy
      try m.step(SheetMachine.defaultFrameInterval)
      try m.panChanged(y: y, time: m.time)
      #expect(m.invariantViolation == nil, "\(m.invariantViolation ?? "")")
    }
    for _ in 0..<20 { try frame(-10) }
    #expect(try #require(m.scrollOffset) > 1669 && m.height == 787)
    try m.panEnded(y: y, time: m.time, velocity: -2500)
    var frames = 0
    while !m.isStill {
      #expect(m.scrollSnapshot?.velocity != 0 || m.scrollOffset != 1669, "moving, or not yet at rest")
      try m.step(SheetMachine.defaultFrameInterval)
      #expect(m.invariantViolation == nil, "\(m.invariantViolation ?? "")")
      frames += 1
    }
    #expect(m.scrollOffset == 1669 && frames > 10 && m.state == .resting)
    try m.scroll(to: 20)
    try m.panBegan(y: y, time: m.time)
    for _ in 0..<5 { try frame(10) }
    #expect(m.scrollOffset == 0 && close(m.height, 787 - 30))
    try m.panEnded(y: y, time: m.time, velocity: 0)
    m.runToRest()
    #expect(m.invariantViolation == nil && m.isStill)
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
    // the scroll view (at medium: a 342.5 pt frame over 2400 pt, largest offset 2057.5)
    ({ $0.scroll = ScrollModel(view: InvariantTests.list, position: .nan) }, "scroll position nan", #line),
    (
      { $0.scroll = ScrollModel(view: InvariantTests.list, position: -5) },
      "scroll at rest at -5.0 outside [0, 2057.5]", #line
    ),
    ({ $0.scroll = ScrollModel(view: InvariantTests.list, position: 2100) }, "outside [0, 2057.5]", #line),
    (
      { $0.scroll = ScrollModel(view: InvariantTests.list, position: 9, velocity: 4) },
      "scroll at rest with velocity 4.0", #line
    ),
    (
      { $0.scroll = ScrollModel(view: InvariantTests.list, position: 9, motion: .tracking(virtual: 9)) },
      "scroll view tracked with a pan outside it", #line
    ),
    (
      {
        $0.scroll = ScrollModel(
          view: InvariantTests.list, position: -400, motion: .decelerating(from: 0, velocity: 1, elapsed: 0))
      },
      "beyond the rubber band", #line
    ),
    (
      {
        $0.drag = SheetMachine.Drag(
          startY: 0, y: 0, startX: 0, x: 0, startTime: 0, time: 0, startHeight: 0, startDetent: nil,
          startedResting: true, inScroll: true)
        $0.state = .dragging
      },
      "a pan in a scroll view that does not exist", #line
    ),
  ]

  /// The list the scroll rows put in the content: 2400 pt, 56 pt inside the sheet's top edge.
  static let list = ScrollView(contentHeight: 2400, top: 56)

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
