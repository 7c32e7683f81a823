import Testing

@testable import SheetCore

/// A policy that fails on purpose, to exercise the fault fallback and result checking.
struct FaultyPolicy: SheetPolicy {
  var configuration = DefaultPolicy.standardConfiguration
  var dragResult: Double? = .nan
  var releaseTarget: ReleaseTarget = .detent("nowhere")
  var backdropResult: Double? = 2

  func dragHeight(_ input: DragInput) throws(ScriptError) -> Double {
    guard let h = dragResult else { throw ScriptError(callback: "dragHeight", message: "boom") }
    return h
  }
  func release(_ input: ReleaseInput) throws(ScriptError) -> ReleaseDecision {
    ReleaseDecision(releaseTarget, reason: "faulty")
  }
  func backdrop(_ sheet: SheetSnapshot) throws(ScriptError) -> Double? { backdropResult }
  func animation(for transition: SheetTransition, _ sheet: SheetSnapshot) throws(ScriptError)
    -> TransitionAnimation
  {
    TransitionAnimation(height: .curve(.easeOut, duration: -1))
  }
}

@Suite struct MachineTests {
  static func machine(_ policy: any SheetPolicy = DefaultPolicy()) throws(SheetError) -> SheetMachine {
    try SheetMachine(policy: policy, geometry: reference)
  }

  @Test func presentSettlesAtMediumWithTheSpring() throws {
    var m = try Self.machine()
    let recorded = try m.present()
    #expect(recorded.first == .present(detent: "medium"))
    #expect(recorded.contains(.state(from: .hidden, to: .presenting)))
    var settling: [SheetEvent] = []
    let t = m.runToRest(events: &settling)
    #expect(m.state == .resting && m.height == 398.5 && m.detent == "medium" && m.backdrop == 0.3)
    #expect(settling == [.settled(detent: "medium", height: 398.5), .state(from: .presenting, to: .resting)])
    #expect(t > 0.3 && t < 1)
  }

  /// Where a row's input is made: 0 hidden, 1 resting, 2 dragging (a finger on the resting sheet),
  /// 3 dismissing, 4 dismissed.
  static func machine(setup: Int) throws -> SheetMachine {
    var m = try Self.machine()
    if setup == 0 { return m }
    try m.presented()
    if setup == 2 { try m.panBegan(y: 500) }
    if setup >= 3 { m.dismiss() }
    if setup == 4 { m.runToRest() }
    return m
  }

  /// Each row: an input a state does not take (0 snap, 1 panChanged, 2 present, 3 dismiss, 4 panBegan,
  /// 5 tap, 6 panEnded, 7 panCancelled), made in a setup state; it is recorded and changes nothing.
  static let ignored: [(setup: Int, call: Int, input: SheetInput, state: SheetState, line: UInt)] = [
    (0, 0, .snap, .hidden, #line),
    (0, 1, .panChanged, .hidden, #line),
    (1, 2, .present, .resting, #line),
    (0, 3, .dismiss, .hidden, #line),
    (1, 1, .panChanged, .resting, #line),
    (0, 4, .panBegan, .hidden, #line),
    (0, 5, .tap, .hidden, #line),
    (1, 6, .panEnded, .resting, #line),
    (1, 7, .panCancelled, .resting, #line),
    (2, 0, .snap, .dragging, #line),
    (2, 2, .present, .dragging, #line),
    (2, 4, .panBegan, .dragging, #line),
    (2, 5, .tap, .dragging, #line),
    (3, 2, .present, .dismissing, #line),
    (3, 3, .dismiss, .dismissing, #line),
    (3, 0, .snap, .dismissing, #line),
    (3, 5, .tap, .dismissing, #line),
    (3, 6, .panEnded, .dismissing, #line),
    (4, 4, .panBegan, .dismissed, #line),
    (4, 3, .dismiss, .dismissed, #line),
    (4, 5, .tap, .dismissed, #line),
    (4, 0, .snap, .dismissed, #line),
    (4, 7, .panCancelled, .dismissed, #line),
  ]

  @Test(arguments: ignored.indices) func inputsAStateDoesNotTakeAreIgnoredNamingIt(_ i: Int) throws {
    let row = Self.ignored[i]
    var m = try Self.machine(setup: row.setup)
    let before = m.frame
    let recorded: [SheetEvent]
    switch row.call {
    case 0: recorded = try m.snap(to: "large")
    case 1: recorded = try m.panChanged(y: 10)
    case 2: recorded = try m.present()
    case 3: recorded = m.dismiss()
    case 4: recorded = try m.panBegan(y: 500).events
    case 5: recorded = try m.tap(y: 10)
    case 6: recorded = try m.panEnded(y: 10)
    default: recorded = try m.panCancelled(y: 10)
    }
    #expect(recorded == [.ignored(input: row.input, state: row.state)], "line \(row.line)")
    #expect(TransitionTable.response(to: row.input, in: row.state) == .ignored, "line \(row.line)")
    #expect(m.frame == before, "line \(row.line): an ignored input changes nothing")
  }

  @Test func theTableAcceptsWhatTheMachineApplies() {
    for state in SheetState.allCases {
      #expect(TransitionTable.accepts(.resize, in: state) && TransitionTable.accepts(.content, in: state))
      let queued = SheetInput.allCases.filter { TransitionTable.response(to: $0, in: state) == .queued }
      #expect(queued == (state == .dragging ? [.dismiss] : []), "\(state)")
    }
    #expect(TransitionTable.accepts(.panBegan, in: .dismissing))
    #expect(!TransitionTable.accepts(.present, in: .dismissing))
  }

  @Test func badValuesThrowInEveryState() throws {
    for setup in 0...4 {
      var m = try Self.machine(setup: setup)
      let before = m.frame
      #expect(throws: SheetError.unknownDetent("nope"), "setup \(setup)") { try m.snap(to: "nope") }
      #expect(throws: SheetError.invalidValue(field: "y", value: 1e7), "setup \(setup)") { try m.tap(y: 1e7) }
      #expect(throws: SheetError.invalidValue(field: "y", value: -1e7), "setup \(setup)") {
        try m.panBegan(y: -1e7)
      }
      #expect(throws: SheetError.invalidValue(field: "time", value: .infinity), "setup \(setup)") {
        try m.panChanged(y: 10, time: .infinity)
      }
      #expect(throws: SheetError.invalidValue(field: "velocity", value: 2e6), "setup \(setup)") {
        try m.panEnded(y: 10, velocity: 2e6)
      }
      #expect(m.frame == before && m.state == before.state, "setup \(setup)")
    }
  }

  @Test func dismissDuringADragIsQueuedUntilTheFingerLifts() throws {
    var m = try Self.machine()
    try m.presented()
    try m.panBegan(y: 500)
    _ = try m.step(1.0 / 120)
    try m.panChanged(y: 400)
    #expect(m.dismiss() == [.queued(input: .dismiss, state: .dragging)])
    #expect(m.dismiss() == [.ignored(input: .dismiss, state: .dragging)])
    #expect(m.state == .dragging && m.height == 498.5)
    try m.panChanged(y: 300)
    #expect(m.state == .dragging && m.height == 598.5, "the finger still owns the sheet")
    let released = try m.panEnded(y: 300, velocity: -1200)
    #expect(released.contains(.dismiss(cause: .request)) && released.lastDecision == nil)
    #expect(released.contains(.state(from: .dragging, to: .dismissing)))
    m.runToRest()
    #expect(m.state == .dismissed && m.height == 0 && m.backdrop == 0)
    // The queue does not outlive its drag: the next drag ends with the policy's decision.
    try m.presented()
    #expect(try m.drag(from: 500, to: 450, release: -1200).lastDecision?.target == .detent("large"))
  }

  @Test func aQueuedDismissAppliesWhenThePanIsCancelledToo() throws {
    var m = try Self.machine()
    try m.presented()
    try m.panBegan(y: 600)
    m.dismiss()
    let recorded = try m.panCancelled(y: 600)
    #expect(recorded.contains(.dismiss(cause: .request)) && m.state == .dismissing)
  }

  /// A finger that lands on no sheet drives nothing: the host keeps it, and its later phases change
  /// nothing without an event, though the sheet appears under it meanwhile.
  @Test func aFingerOnNoSheetDrivesNothing() throws {
    var h = try SheetHost(policy: DefaultPolicy(), geometry: reference)
    let down = try h.touchDown(y: 500)
    #expect(!down.drivesPan && down.events == [.ignored(input: .panBegan, state: .hidden)])
    #expect(try h.touchMove(y: 400).isEmpty)
    h.present()
    #expect(try h.touchMove(y: 300).isEmpty, "still the finger that drives nothing")
    #expect(try h.touchUp(y: 300).isEmpty)
    #expect(h.machine.state == .presenting)
    #expect(try h.touchUp(y: 300) == [.ignored(input: .panEnded, state: .presenting)])
  }

  @Test func otherErrors() throws {
    var m = try Self.machine()
    #expect(throws: SheetError.unknownDetent("nope")) {
      try m.presented()
      try m.snap(to: "nope")
    }
    #expect(throws: SheetError.invalidValue(field: "y", value: .infinity)) { try m.panBegan(y: .infinity) }
    var empty = try SheetMachine(
      policy: DefaultPolicy(configuration: SheetConfiguration()), geometry: reference)
    #expect(throws: SheetError.noActiveDetent) { try empty.present() }
  }

  @Test func flingUpSnapsToLargeAndDismissingFlingDismisses() throws {
    var m = try Self.machine()
    try m.presented()
    #expect(try m.drag(from: 500, to: 450, release: -1200).lastDecision?.target == .detent("large"))
    #expect(m.state == .settling && m.target == .detent("large"))
    m.runToRest()
    #expect(m.height == 787 && m.detent == "large")
    #expect(try m.drag(from: 100, to: 500, release: 0).lastDecision?.target == .detent("medium"))
  }

  @Test func grabMidAnimationCatchesTheSheetWhereItIs() throws {
    var m = try Self.machine()
    try m.present()
    for _ in 0..<10 { _ = try m.step(1.0 / 120) }
    let h = m.height
    let b = m.backdrop
    #expect(h > 0 && h < 398.5)
    try m.panBegan(y: reference.height - h + 5)
    #expect(m.state == .dragging && m.height == h && m.backdrop == b && m.detent == "medium")
    _ = try m.step(1.0 / 120)
    #expect(m.height == h)
    try m.panChanged(y: reference.height - h + 5)
    #expect(m.height == h)
  }

  @Test func cancelWithoutMovingRestsAgain() throws {
    var m = try Self.machine()
    try m.presented()
    try m.panBegan(y: 600)
    let recorded = try m.panCancelled(y: 600)
    #expect(recorded.contains(.state(from: .dragging, to: .resting)))
    #expect(m.state == .resting && m.detent == "medium")
  }

  @Test func ignoredPanDropsItsPhases() throws {
    var m = try Self.machine()
    try m.presented()
    #expect(
      try m.panBegan(y: 10).response == .ignored(reason: "touch on the backdrop is outside the gesture area"))
    try m.panChanged(y: 20)
    try m.panEnded(y: 30)
    #expect(m.state == .resting)
    #expect(Array(try m.panEnded(y: 30)) == [.ignored(input: .panEnded, state: .resting)])
  }

  @Test func faultsFallBackToTheDefaultPolicy() throws {
    var m = try Self.machine(FaultyPolicy())
    let presented = try m.present()
    #expect(
      presented.faults.contains(
        "animation: returned a present animation that cannot be played: height: curve duration -1.0"))
    #expect(presented.faults.contains("backdrop: returned 2; expected an opacity in [0, 1] or nil"))
    m.runToRest()
    #expect(m.height == 398.5 && m.backdrop == 0.3)
    try m.panBegan(y: 500)
    let moved = try m.panChanged(y: 450)
    #expect(moved.faults.first == "dragHeight: returned nan; expected a height in [0, 844]")
    #expect(m.height == 448.5)
    let released = try m.panEnded(y: 450, velocity: 0)
    #expect(
      released.faults.contains(
        "release: returned 'nowhere', not an active detent (active: 'medium', 'large')"))
    #expect(released.lastDecision?.target == .detent("medium"))
    var thrower = FaultyPolicy()
    thrower.dragResult = nil
    var n = try Self.machine(thrower)
    try n.presented()
    try n.panBegan(y: 500)
    #expect(try n.panChanged(y: 400).faults.contains("dragHeight: boom") && n.height == 498.5)
  }

  @Test func replacePolicyWaitsForTheDragToEnd() throws {
    var m = try Self.machine()
    try m.presented()
    try m.panBegan(y: 500)
    var other = DefaultPolicy()
    other.configuration.detents = [Detent("only", .fixed(600))]
    m.replacePolicy(other)
    #expect(m.detents.map(\.id) == ["medium", "large"])
    try m.panEnded(y: 500, velocity: 0)
    #expect(m.detents.map(\.id) == ["only"])
    m.runToRest()
    #expect(m.detent == "only" && m.height == 600)
  }

  @Test func contentChangeReResolvesDetents() throws {
    var p = DefaultPolicy()
    p.configuration.detents = [Detent("fit", .content(cap: 700))]
    var m = try SheetMachine(policy: p, geometry: reference, contentHeight: 300)
    try m.presented()
    #expect(m.height == 300)
    let recorded = try m.setContentHeight(900)
    #expect(recorded.contains { if case .animation(.resize, _, .detent("fit")) = $0 { true } else { false } })
    m.runToRest()
    #expect(m.height == 700 && m.state == .resting)
  }

  @Test func topEdgeDragDownGrows() throws {
    var p = DefaultPolicy()
    p.configuration.edge = .top
    var m = try Self.machine(p)
    try m.presented()
    #expect(m.geometry.edge == .top && m.height == 405)
    try m.panBegan(y: 400)
    try m.panChanged(y: 450)
    #expect(m.height == 455)
    #expect(try m.panEnded(y: 450, velocity: 1000).lastDecision?.target == .detent("large"))
    m.runToRest()
    #expect(m.height == 800)
  }

  @Test func cancelAfterMovingReleasesWithZeroVelocity() throws {
    var m = try Self.machine()
    try m.presented()
    try m.panBegan(y: 500)
    try m.panChanged(y: 400)
    let recorded = try m.panCancelled(y: 400)
    #expect(recorded.contains(.gesture(.cancelled, y: 400)) && recorded.contains(.release(velocity: 0)))
    #expect(recorded.lastDecision?.target == .detent("medium") && m.state == .settling)
  }

  @Test func resizeDuringDragAndDismissKeepsTheState() throws {
    var m = try Self.machine()
    try m.presented()
    try m.panBegan(y: 500)
    let small = SheetGeometry(width: 390, height: 300)
    try m.resize(small)
    #expect(m.state == .dragging && m.height == 300 && m.detents.map(\.height) == [150, 290])
    try m.panEnded(y: 500, velocity: 0)
    try m.resize(reference)
    m.dismiss()
    try m.resize(small)
    #expect(m.state == .dismissing)
    m.runToRest()
    #expect(m.state == .dismissed && m.height == 0)
  }

  @Test func legalTransitionTable() {
    #expect(TransitionTable.isLegal(from: .hidden, to: .presenting))
    #expect(!TransitionTable.isLegal(from: .hidden, to: .resting))
    #expect(!TransitionTable.isLegal(from: .dismissed, to: .resting))
    #expect(TransitionTable.legal.count == 18)
  }
}
