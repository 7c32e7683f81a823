import Testing

@testable import SheetCore

/// Every event comes out exactly once, from the call that caused it: the concatenation of what a
/// sequence of calls returned is the list of what happened, with nothing repeated or left behind.
@Suite struct EventsOnceTests {
  /// One call of a sequence, made through a host (the pan's phases are finger 1's touches).
  enum Call {
    case present, dismiss, snap(String), tap(Double), panBegan(Double), panChanged(Double)
    case panEnded(Double, velocity: Double?), panCancelled(Double), resize(SheetGeometry)
    case scrollView(ScrollView?), scrollTo(Double)
    /// Steps this many frames.
    case steps(Int)
    /// Steps until nothing animates.
    case settle
  }

  /// A detent resolver that returns NaN: the initializer's fault comes out of the first call.
  static let nanDetent: DefaultPolicy = {
    var policy = DefaultPolicy()
    policy.configuration.detents.append(Detent("bad", .custom { _ in .nan }))
    return policy
  }()

  /// A sheet that may not be dismissed, whose taps do nothing, reporting dismissal attempts.
  static let modal: DefaultPolicy = {
    var policy = DefaultPolicy()
    policy.configuration.allowsDismiss = false
    policy.configuration.tapDismissRegions = []
    policy.configuration.reportsDismissAttempts = true
    return policy
  }()

  static let rotated = SheetGeometry(width: 844, height: 390, safeArea: SafeArea(top: 0, bottom: 21))

  /// Each row: the policy, whether the sheet is presented and at rest first (those calls' events are
  /// not compared), the calls, and every event they return, in order, as ``brief(_:)`` words them.
  static let rows: [(policy: DefaultPolicy, presented: Bool, calls: [Call], expected: [String], line: UInt)] =
    [
      (
        DefaultPolicy(), false, [.present, .settle],
        [
          "present medium", "animation present medium", "state hidden presenting", "settled medium 398.5",
          "state presenting resting",
        ], #line
      ),
      (
        DefaultPolicy(), false,
        [
          .snap("large"), .panBegan(500), .panChanged(400), .panEnded(400, velocity: nil),
          .panEnded(400, velocity: nil),
        ],
        ["ignored snap hidden", "ignored pan_began hidden", "ignored pan_ended hidden"], #line
      ),
      (
        // medium's top is at 844 - 398.5 = 445.5: the tap at 10 is on the backdrop; the pan drags the
        // sheet 300 pt down, below medium (the lowest detent), and is released there
        modal, true,
        [.tap(10), .panBegan(455.5), .panChanged(755.5), .panEnded(755.5, velocity: 0), .settle],
        [
          "tap backdrop none", "dismiss attempt tap", "gesture began", "state resting dragging",
          "gesture ended", "release 0", "decision medium", "dismiss attempt release",
          "animation restore medium",
          "state dragging settling", "settled medium 398.5", "state settling resting",
        ], #line
      ),
      (
        DefaultPolicy(), true, [.tap(10), .steps(3), .present, .settle],
        [
          "tap backdrop dismiss", "dismiss tap", "animation dismiss dismiss", "state resting dismissing",
          "ignored present dismissing", "settled - 0", "state dismissing dismissed",
        ], #line
      ),
      (
        DefaultPolicy(), false,
        [
          .present, .steps(5), .panBegan(840), .dismiss, .dismiss, .steps(2), .panEnded(840, velocity: 0),
          .settle,
        ],
        [
          "present medium", "animation present medium", "state hidden presenting", "gesture began",
          "state presenting dragging", "queued dismiss dragging", "ignored dismiss dragging", "gesture ended",
          "release 0", "dismiss request", "animation dismiss dismiss", "state dragging dismissing",
          "settled - 0", "state dismissing dismissed",
        ], #line
      ),
      (
        DefaultPolicy(), true,
        [.panBegan(500), .panChanged(450), .steps(1), .panEnded(450, velocity: -1500), .settle],
        [
          "gesture began", "state resting dragging", "gesture ended", "release -1500", "decision large",
          "animation snap large", "state dragging settling", "settled large 787", "state settling resting",
        ], #line
      ),
      (
        DefaultPolicy(), true, [.panBegan(500), .panCancelled(500), .resize(rotated), .settle],
        [
          "gesture began", "state resting dragging", "gesture cancelled", "state dragging resting", "resize",
          "animation resize medium", "state resting settling", "settled medium 195", "state settling resting",
        ], #line
      ),
      // The scroll view's inputs and a hand-off come out once, from the calls that caused them: at medium
      // (top edge at y 445.5) the list 56 pt below it, scrolled to 10 (-5 is cut to 0); a pan in it down
      // 30 takes the 10 and hands the other 20 to the sheet within one frame; released still at 378.5 it
      // goes back to medium. Without a scroll view, scroll_to is ignored.
      (
        DefaultPolicy(), false,
        [
          .scrollView(ScrollView(contentHeight: 2400, top: 56)), .present, .settle, .scrollTo(-5),
          .scrollTo(10),
          .panBegan(600), .panChanged(630), .panEnded(630, velocity: 0), .scrollView(nil), .scrollTo(3),
          .settle,
        ],
        [
          "scroll view 2400", "present medium", "animation present medium", "state hidden presenting",
          "settled medium 398.5", "state presenting resting", "scroll to 0", "scroll to 10", "gesture began",
          "state resting dragging", "hand-off sheet 398.5 0", "gesture ended", "release 0",
          "decision medium", "animation restore medium", "state dragging settling", "scroll view none",
          "ignored scroll_to settling", "settled medium 398.5", "state settling resting",
        ], #line
      ),
      (
        nanDetent, false, [.steps(1), .present, .steps(1)],
        ["fault detents", "present medium", "animation present medium", "state hidden presenting"], #line
      ),
    ]

  @Test(arguments: rows.indices) func everyEventComesOutOnce(_ i: Int) throws {
    let row = Self.rows[i]
    var m = try SheetHost(policy: row.policy, geometry: reference)
    if row.presented { m.presented() }
    var events: [SheetEvent] = []
    for call in row.calls {
      switch call {
      case .present: events += m.present()
      case .dismiss: events += m.dismiss()
      case .snap(let id): events += try m.snap(to: id)
      case .tap(let y): events += try m.tap(y: y)
      case .panBegan(let y): events += try m.touchDown(y: y).events
      case .panChanged(let y): events += try m.touchMove(y: y)
      case .panEnded(let y, let velocity): events += try m.touchUp(y: y, velocity: velocity)
      case .panCancelled: events += m.touchCancel()
      case .resize(let geometry): events += try m.resize(geometry)
      case .scrollView(let view): events += try m.setScrollView(view)
      case .scrollTo(let offset): events += try m.scroll(to: offset)
      case .steps(let n): for _ in 0..<n { events += try m.step(SheetMachine.defaultFrameInterval).events }
      case .settle: m.runToRest(events: &events)
      }
    }
    #expect(events.map(Self.brief) == row.expected, "row at line \(row.line)")
    // Nothing is left for a later call: a step at rest returns nothing.
    #expect(try m.step(SheetMachine.defaultFrameInterval).events.isEmpty, "row at line \(row.line)")
  }

  @Test func aRefusedCallReturnsNothingAndKeepsNothing() throws {
    var m = try SheetMachine(policy: DefaultPolicy(), geometry: reference)
    try m.presented()
    #expect(throws: SheetError.unknownDetent("nope")) { try m.snap(to: "nope") }
    #expect(throws: SheetError.invalidValue(field: "y", value: .infinity)) { try m.tap(y: .infinity) }
    #expect(try m.step(SheetMachine.defaultFrameInterval).events.isEmpty)
  }

  /// An event in a few words: its kind and the fields that tell one apart.
  static func brief(_ event: SheetEvent) -> String {
    func target(_ t: ReleaseTarget) -> String {
      switch t {
      case .detent(let id): id
      case .dismiss: "dismiss"
      case .height(let h): "height \(Format.general(h))"
      }
    }
    switch event {
    case .present(let detent): return "present \(detent)"
    case .dismiss(let cause): return "dismiss \(cause.rawValue)"
    case .dismissAttempt(let cause): return "dismiss attempt \(cause.rawValue)"
    case .back(let t): return "back \(t.map(target) ?? "none")"
    case .accessibilityAction(let name, let t): return "action \(name.rawValue) \(t.map(target) ?? "none")"
    case .reduceMotion(let on): return "reduce motion \(on)"
    case .snap(let id): return "snap \(id)"
    case .gesture(let phase, _): return "gesture \(phase.rawValue)"
    case .ignoredGesture: return "ignored gesture"
    case .ignored(let input, let state): return "ignored \(input.rawValue) \(state.rawValue)"
    case .queued(let input, let state): return "queued \(input.rawValue) \(state.rawValue)"
    case .release(let velocity, _): return "release \(Format.general(velocity))"
    case .decision(let t, _): return "decision \(target(t))"
    case .state(let from, let to): return "state \(from.rawValue) \(to.rawValue)"
    case .tap(let region, let action): return "tap \(region) \(action.name)"
    case .resize: return "resize"
    case .content(let height): return "content \(Format.general(height))"
    case .keyboard(let height, _): return "keyboard \(Format.general(height))"
    case .animation(let transition, _, let t): return "animation \(transition.rawValue) \(target(t))"
    case .scriptError(let callback, _): return "fault \(callback)"
    case .settled(let detent, let height): return "settled \(detent ?? "-") \(Format.general(height))"
    case .scrollView(let view):
      return "scroll view \(view.map { Format.general($0.contentHeight) } ?? "none")"
    case .scrollTo(let offset): return "scroll to \(Format.general(offset))"
    case .scrollHandoff(let owner, let height, let offset):
      return "hand-off \(owner.rawValue) \(Format.general(height)) \(Format.general(offset))"
    }
  }
}
