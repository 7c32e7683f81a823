/// Pan input: began, changed, ended, cancelled. A pan that begins during an animation catches the sheet
/// where it is.
extension SheetMachine {
  /// The pan begins at a screen point (the host's finger rules decide which finger's touches are the
  /// pan's; see ``SheetHost``).
  ///
  /// Tracked when the state takes a pan (presenting, resting, settling, dismissing: an animation is
  /// caught where it is), the configuration is pannable and its gesture area accepts the touch's region.
  /// A refused region records ``SheetEvent/ignoredGesture(reason:)``; a hidden or dismissed sheet (no
  /// sheet to grab) records ``SheetEvent/ignored(input:state:)``. While dragging, a pan_began is recorded
  /// as ignored and the tracked pan goes on.
  /// - Parameters:
  ///   - x: Screen x in points (at most ``SheetLimits/maximumCoordinate`` in magnitude); nil = the
  ///     screen's horizontal centre. A bottom or top sheet moves along y and x reaches the policy as
  ///     ``GestureInput/x`` (its velocity as ``GestureInput/velocityX``); a side sheet moves along x, and
  ///     the policy sees x as ``GestureInput/y`` and y as ``GestureInput/x`` (``SheetGeometry/axisPoint(x:y:)``).
  ///   - y: Screen y in points (at most ``SheetLimits/maximumCoordinate`` in magnitude).
  ///   - time: Sample time in seconds, finite (nil = the machine's time).
  /// - Returns: Whether the pan is tracked, and the events the call caused.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for numbers ``SheetLimits`` refuses, in every
  ///   state.
  @discardableResult
  package mutating func panBegan(x: Double? = nil, y: Double, time: Double? = nil) throws(SheetError)
    -> PanStart
  {
    if let x { try SheetLimits.check(x: x) }
    try SheetLimits.check(coordinate: y)
    let t = time ?? self.time
    try SheetLimits.check(time: t)
    guard admit(.panBegan) else {
      return PanStart(response: .ignored(reason: "the sheet is \(state.rawValue)"), events: emitted())
    }
    // the drag keeps the finger along the sheet's axis as y and across it as x
    let (along, cross) = geometry.axisPoint(x: x ?? centreX, y: y)
    let region = configuration.gestureArea.region(y: along, height: height, geometry: geometry)
    if let reason = ignoreReason(region) {
      record(.ignoredGesture(reason: reason))
      return PanStart(response: .ignored(reason: reason), events: emitted())
    }
    let startDetent = state == .resting ? detent : target?.detentID
    drag = Drag(
      startY: along, y: along, startX: cross, x: cross, startTime: t, time: t, startHeight: height,
      startDetent: startDetent, startedResting: state == .resting)
    dragTravel = (0, 0)
    dismissAfterDrag = false
    beginScrollTracking(y: along)
    stopTransition()
    detent = startDetent
    velocity = 0
    estimator.reset()
    estimator.add(x: cross, y: along, time: t)
    record(.gesture(.began, y: along))
    setState(.dragging)
    return PanStart(response: .tracking, events: emitted())
  }

  func ignoreReason(_ region: TouchRegion) -> String? {
    if !configuration.pannable { return "not pannable" }
    if configuration.gestureArea.accepts(region) { return nil }
    switch region {
    case .backdrop: return "touch on the backdrop is outside the gesture area"
    case .sheet: return "touch on the sheet is outside the gesture area"
    case .gestureArea: return "touch is outside the gesture area"
    }
  }

  /// The screen's horizontal centre, the x of a touch a host gives without one (points).
  public var centreX: Double { geometry.width / 2 }

  /// The finger moved to a screen point: the policy maps it to a height and a backdrop.
  /// - Parameters:
  ///   - x: Screen x in points (at most ``SheetLimits/maximumCoordinate`` in magnitude); nil keeps the
  ///     pan's last x.
  ///   - y: Screen y in points (at most ``SheetLimits/maximumCoordinate`` in magnitude).
  ///   - time: Sample time in seconds, finite (nil = the machine's time).
  /// - Returns: The events the call caused (usually none; ``SheetEvent/ignored(input:state:)`` without a pan).
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for numbers ``SheetLimits`` refuses, in every
  ///   state.
  @discardableResult
  package mutating func panChanged(x: Double? = nil, y: Double, time: Double? = nil) throws(SheetError)
    -> [SheetEvent]
  {
    guard try trackedPan(.panChanged, x: x, y: y, time: time) else { return emitted() }
    follow(x: x, y: y, time: time)
    return emitted()
  }

  /// The finger lifted at a screen point: the policy decides where the sheet goes (or, when
  /// `dismiss()` was queued during the drag, the sheet dismisses).
  /// - Parameters:
  ///   - x: Screen x in points (at most ``SheetLimits/maximumCoordinate`` in magnitude); nil keeps the
  ///     pan's last x.
  ///   - y: Screen y in points (at most ``SheetLimits/maximumCoordinate`` in magnitude).
  ///   - time: Sample time in seconds, finite (nil = the machine's time).
  ///   - velocity: An explicit release velocity (screen y, pt/s, at most ``SheetLimits/maximumVelocity`` in
  ///     magnitude) overriding the estimator.
  ///   - velocityX: An explicit horizontal release velocity (screen x, pt/s, + = right, within the same
  ///     bound) overriding the estimator's.
  /// - Returns: The events the call caused (``SheetEvent/ignored(input:state:)`` without a pan).
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for numbers ``SheetLimits`` refuses, in every
  ///   state.
  @discardableResult
  package mutating func panEnded(
    x: Double? = nil, y: Double, time: Double? = nil, velocity: Double? = nil, velocityX: Double? = nil
  ) throws(SheetError) -> [SheetEvent] {
    guard try trackedPan(.panEnded, x: x, y: y, time: time, velocity: velocity, velocityX: velocityX) else {
      return emitted()
    }
    let estimated = follow(x: x, y: y, time: time)
    record(.gesture(.ended, y: drag?.y ?? y))
    let (along, cross) = geometry.edge.isHorizontal ? (velocityX, velocity) : (velocity, velocityX)
    release(velocity: along ?? estimated.y, velocityX: cross ?? estimated.x)
    return emitted()
  }

  /// The system cancelled the pan: back to rest when it had not moved a resting sheet, else a release
  /// with zero velocity, vertical and horizontal (a `dismiss()` queued during the drag applies either
  /// way).
  /// - Parameters:
  ///   - x: Screen x in points (validated only; nil is fine).
  ///   - y: Screen y in points (recorded only).
  ///   - time: Unused beyond validation; kept for symmetry.
  /// - Returns: The events the call caused (``SheetEvent/ignored(input:state:)`` without a pan).
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for numbers ``SheetLimits`` refuses, in every
  ///   state.
  @discardableResult
  mutating func panCancelled(x: Double? = nil, y: Double, time: Double? = nil) throws(SheetError)
    -> [SheetEvent]
  {
    guard try trackedPan(.panCancelled, x: x, y: y, time: time) else { return emitted() }
    record(.gesture(.cancelled, y: geometry.edge.isHorizontal ? x ?? drag?.y ?? y : y))
    drag?.time = time ?? self.time  // the release's `time` is the cancellation's
    if let d = drag, d.startedResting, height == d.startHeight, !dismissAfterDrag, restsInPlace {
      endScrollTracking(velocity: 0)
      restAfterPan()
    } else {
      release(velocity: 0, velocityX: 0)
    }
    return emitted()
  }

  /// Ends the pan with the sheet resting where it is (at ``detent``): a cancelled pan that never moved
  /// it, or a release the scroll view held.
  mutating func restAfterPan() {
    drag = nil
    velocity = 0
    setState(.resting)
    applyPendingPolicy()
  }

  /// Whether a cancelled pan that never moved the sheet can rest where it is: the keyboard is still and
  /// did not move the sheet's detent (or its range) during the drag.
  var restsInPlace: Bool {
    guard keyboardMotion == nil, keyboardGeometry.clamped(height) == height else { return false }
    guard let detent else { return true }
    return self.height(of: detent) == height
  }

  /// Whether the pan phase belongs to a tracked pan (false: a phase without one, recorded as
  /// ``SheetEvent/ignored(input:state:)``). The phase's numbers are checked first, before anything
  /// changes.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for numbers ``SheetLimits`` refuses.
  mutating func trackedPan(
    _ input: SheetInput, x: Double?, y: Double, time: Double?, velocity: Double? = nil,
    velocityX: Double? = nil
  ) throws(SheetError) -> Bool {
    if let x { try SheetLimits.check(x: x) }
    try SheetLimits.check(coordinate: y)
    if let time { try SheetLimits.check(time: time) }
    if let velocity { try SheetLimits.check(velocity: velocity) }
    if let velocityX { try SheetLimits.check(velocity: velocityX, field: "velocityX") }
    if state == .dragging && drag != nil { return true }
    record(.ignored(input: input, state: state))
    return false
  }

  /// Records a sample (already checked; a nil x keeps the last) and maps the finger to a height and
  /// backdrop.
  /// - Returns: The estimated velocity (pt/s) along the sheet's axis (`y`) and across it (`x`).
  @discardableResult
  mutating func follow(x: Double?, y: Double, time: Double?) -> (y: Double, x: Double) {
    let t = time ?? self.time
    guard var d = drag else { return (estimator.velocity(at: t), estimator.velocityX(at: t)) }
    // along the sheet's axis (y) and across it (x); a nil x keeps the finger's last screen x
    let (y, sampleX) = geometry.edge.isHorizontal ? (x ?? d.y, y) : (y, x ?? d.x)
    estimator.add(x: sampleX, y: y, time: t)
    let dy = y - d.y
    d.y = y
    d.x = sampleX
    d.time = t
    drag = d
    let vy = estimator.velocity(at: t)
    let vx = estimator.velocityX(at: t)
    let route = routeScroll(dy: dy, vy: vy, vx: vx)
    if route.sheetMoved && !route.heightDone { height = dragHeight(velocity: vy, velocityX: vx) }
    refreshScroll()
    setDragVelocities(vy)
    if route.sheetMoved, let a = callBackdrop(snapshot) { backdrop = a }
    return (vy, vx)
  }

  /// Asks the policy for the height at the drag's latest sample, handing it the sheet's travel since
  /// the previous such call (``GestureInput/delta``); the height as it is without a drag.
  mutating func dragHeight(velocity: Double, velocityX: Double) -> Double {
    guard let d = drag else { return height }
    let translation = d.y - d.startY - d.scrollTravel
    dragTravel = (translation, translation - dragTravel.seen)
    return callDragHeight(gestureInput(d, velocity: velocity, velocityX: velocityX))
  }

  func gestureInput(_ d: Drag, velocity: Double, velocityX: Double) -> GestureInput {
    GestureInput(
      sheet: snapshot, startY: d.startY + d.scrollTravel, y: d.y, startHeight: d.startHeight,
      startDetent: d.startDetent, velocity: velocity, startX: d.startX, x: d.x, velocityX: velocityX,
      startTime: d.startTime, time: d.time, delta: dragTravel.delta)
  }

  /// Asks the policy where the released sheet goes and starts that transition (a dismissal instead,
  /// without asking, when `dismiss()` was queued during the drag).
  mutating func release(velocity vy: Double, velocityX vx: Double) {
    guard let d = drag else { return }
    record(.release(velocity: vy, velocityX: vx))
    // A scroll view that has the pan takes the release's momentum along the sheet's axis; the sheet is
    // let go standing (the velocity across it stays the release's: the scroll view scrolls along the axis).
    let scrollOwned = endScrollTracking(velocity: vy)
    let vy = scrollOwned ? 0 : vy
    if dismissAfterDrag {
      dismissAfterDrag = false
      drag = nil
      velocity = geometry.edge.heightSign * vy
      record(.dismiss(cause: .request))
      startTransition(.dismiss, to: .dismiss, override: nil, newState: .dismissing)
      applyPendingPolicy()
      return
    }
    if scrollOwned, let resting = detents.first(where: { $0.height == height }) {
      record(
        .decision(
          target: .detent(resting.id),
          reason: "the scroll view has the pan: the sheet stays at \(resting.id)"))
      noteKeyboardChoice(.detent(resting.id))
      detent = resting.id
      restAfterPan()
      return
    }
    var decision = callRelease(gestureInput(d, velocity: vy, velocityX: vx))
    record(.decision(target: decision.target, reason: decision.reason))
    if decision.target != .dismiss, let lowest = detents.first?.height, height < lowest {
      attemptDismiss(.release)
    }
    if case .height(let h) = decision.target, keyboard.isVisible {
      decision.target = .height(keyboardGeometry.clamped(h))  // never under the keyboard
    }
    noteKeyboardChoice(decision.target)
    drag = nil
    velocity = geometry.edge.heightSign * vy
    switch decision.target {
    case .dismiss:
      startTransition(.dismiss, to: .dismiss, override: decision.animation, newState: .dismissing)
    case .detent(let id):
      let kind: SheetTransition = id == d.startDetent ? .restore : .snap
      startTransition(kind, to: decision.target, override: decision.animation, newState: .settling)
    case .height:
      startTransition(.snap, to: decision.target, override: decision.animation, newState: .settling)
    }
    applyPendingPolicy()
  }
}

extension SheetMachine {
  /// The pan finger's velocity now along the sheet's axis, points per second (+ = down; a side sheet's
  /// along x, + = right): what a release at the machine's
  /// time would use (the estimator over the pan's recent samples, ``VelocityEstimator``); nil when no pan
  /// is tracked. A tuning view shows it live beside the thresholds a release compares it with.
  public var panVelocity: Double? {
    drag == nil ? nil : estimator.velocity(at: time)
  }

  /// Who moves with the tracked pan's latest travel: the scroll view or the sheet (a pan that began
  /// outside the scroll view always moves the sheet); nil when no pan is tracked or before it moved.
  public var panOwner: ScrollOwner? {
    guard let d = drag else { return nil }
    return d.inScroll ? d.owner : (d.y != d.startY ? .sheet : nil)
  }
}
