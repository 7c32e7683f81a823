/// Programmatic inputs: present, dismiss, snap, tap, resize, content, policy replacement. None throws
/// for a state reason (see ``TransitionTable/response(to:in:)``); only bad values throw.
extension SheetMachine {
  /// What the state does with `input` (``TransitionTable/response(to:in:)``): true when it applies now;
  /// otherwise the input is recorded as ignored (or queued) and the caller returns.
  mutating func admit(_ input: SheetInput) -> Bool {
    switch TransitionTable.response(to: input, in: state) {
    case .accepted: return true
    case .queued: record(.queued(input: input, state: state))
    case .ignored: record(.ignored(input: input, state: state))
    }
    return false
  }

  /// Presents the sheet to the configuration's present detent (or the first active one, in declaration
  /// order) with the `present` animation.
  ///
  /// Applies when hidden or dismissed; in every other state the sheet is already on screen or leaving,
  /// and the call is recorded as ``SheetEvent/ignored(input:state:)`` (UIKit ignores presenting what is
  /// presented or being dismissed; see ``TransitionTable/response(to:in:)``).
  /// - Returns: The events the call caused.
  /// - Throws: ``SheetError/noActiveDetent`` when the sheet would present but no detent is active.
  @discardableResult
  package mutating func present() throws(SheetError) -> [SheetEvent] {
    guard admit(.present) else { return emitted() }
    let preferred = configuration.presentDetent.flatMap { isActive($0) ? $0 : nil }
    guard let id = preferred ?? declaredDetents.first?.id else { throw .noActiveDetent }
    record(.present(detent: id))
    if keyboard.isVisible { keyboardReturn = id }
    detent = nil
    velocity = 0
    startTransition(.present, to: .detent(id), override: nil, newState: .presenting)
    return emitted()
  }

  /// Dismisses the sheet with the `dismiss` animation.
  ///
  /// Applies when presenting, resting or settling. During a drag it is queued
  /// (``SheetEvent/queued(input:state:)``): when the finger lifts or the pan is cancelled the sheet
  /// dismisses instead of asking the policy where to go, so the request is neither lost nor pulls the
  /// sheet from under the finger. A second call while one is queued, and a call while hidden, dismissing
  /// or dismissed, is recorded as ``SheetEvent/ignored(input:state:)``.
  /// - Returns: The events the call caused.
  @discardableResult
  package mutating func dismiss() -> [SheetEvent] {
    if state == .dragging && dismissAfterDrag {
      record(.ignored(input: .dismiss, state: state))
      return emitted()
    }
    guard admit(.dismiss) else {
      if state == .dragging { dismissAfterDrag = true }
      return emitted()
    }
    record(.dismiss(cause: .request))
    startTransition(.dismiss, to: .dismiss, override: nil, newState: .dismissing)
    return emitted()
  }

  /// Animates to an active detent with the `snap` animation.
  ///
  /// Applies when presenting, resting or settling; otherwise recorded as
  /// ``SheetEvent/ignored(input:state:)``. During a drag it is ignored, not applied after the release:
  /// the finger owns the sheet and the release decides where it goes (see
  /// ``TransitionTable/response(to:in:)``).
  /// - Parameter id: The detent.
  /// - Returns: The events the call caused.
  /// - Throws: ``SheetError/unknownDetent(_:)`` when `id` is not an active detent, in every state.
  @discardableResult
  package mutating func snap(to id: String) throws(SheetError) -> [SheetEvent] {
    guard isActive(id) else { throw .unknownDetent(id) }
    guard admit(.snap) else { return emitted() }
    record(.snap(to: id))
    startSnap(to: id)
    return emitted()
  }

  /// Starts the `snap` transition to an active detent, the one path for ``snap(to:)`` and a tap's
  /// ``TapAction/snap(_:)``: a detent chosen while the keyboard is up is the one hiding it returns to.
  mutating func startSnap(to id: String) {
    noteKeyboardChoice(.detent(id))
    startTransition(.snap, to: .detent(id), override: nil, newState: .settling)
  }

  /// A tap at a screen point: the policy decides whether it dismisses, snaps to a detent, or does
  /// nothing.
  ///
  /// Applies when presenting, resting or settling. Hidden, dismissing or dismissed there is no sheet (or
  /// backdrop) to take it, and during a drag a tap is not recognised: it is recorded as
  /// ``SheetEvent/ignored(input:state:)`` and falls through. A ``TapAction/snap(_:)`` starts the `snap`
  /// transition to its detent (as ``snap(to:)`` does, without its `snap` event: the `tap` event names
  /// the detent).
  /// - Parameters:
  ///   - x: Screen x in points; nil = the screen's horizontal centre.
  ///   - y: Screen y in points.
  /// - Returns: The events recorded (including `.tap(region:action:)` when it applied).
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for an x ``SheetLimits/check(x:)`` or a y
  ///   ``SheetLimits/check(coordinate:)`` refuses, in every state.
  @discardableResult
  mutating func tap(x: Double? = nil, y: Double) throws(SheetError) -> [SheetEvent] {
    if let x { try SheetLimits.check(x: x) }
    try SheetLimits.check(coordinate: y)
    guard admit(.tap) else { return emitted() }
    let (along, cross) = geometry.axisPoint(x: x ?? centreX, y: y)
    let region = configuration.gestureArea.region(y: along, height: height, geometry: geometry)
    let action = callTap(region, x: cross, y: along)
    record(.tap(region: region, action: action))
    switch action {
    case .dismiss:
      record(.dismiss(cause: .tap))
      startTransition(.dismiss, to: .dismiss, override: nil, newState: .dismissing)
    case .snap(let id):
      startSnap(to: id)
    case .none:
      if region == .backdrop { attemptDismiss(.tap) }
    }
    return emitted()
  }

  /// The screen changed (rotation, window resize): detents are re-resolved and a sheet at rest or
  /// animating goes to the policy's resize target (see `reconcileDetents()`). Legal in every state.
  /// - Parameter newGeometry: The new screen; its edge is replaced by the configuration's.
  /// - Returns: The events the call caused.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for a screen ``SheetLimits/check(_:)`` refuses
  ///   (a non-finite, non-positive or too large size; a non-finite, negative or too large inset).
  @discardableResult
  mutating func resize(_ newGeometry: SheetGeometry) throws(SheetError) -> [SheetEvent] {
    try SheetLimits.check(newGeometry)
    geometry = newGeometry
    geometry.edge = configuration.edge
    record(.resize(geometry))
    fitKeyboardToScreen()
    resolveDetents()
    reconcileDetents()
    return emitted()
  }

  /// The content's intrinsic height changed: like ``resize(_:)``.
  /// - Parameter contentHeight: The new height in points (>= 0).
  /// - Returns: The events the call caused.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for a negative or non-finite height.
  @discardableResult
  mutating func setContentHeight(_ contentHeight: Double) throws(SheetError) -> [SheetEvent] {
    try SheetLimits.check(contentHeight: contentHeight)
    self.contentHeight = contentHeight
    record(.content(contentHeight))
    resolveDetents()
    reconcileDetents()
    return emitted()
  }

  /// Replaces the policy (hot reload). During a drag it waits for the drag to end; otherwise the detents
  /// are re-resolved at once and, if they moved, the sheet follows with the `resize` animation. A running
  /// animation keeps going, so nothing jumps.
  /// - Parameter newPolicy: The new behaviour.
  /// - Returns: The events the call caused.
  @discardableResult
  mutating func replacePolicy(_ newPolicy: any SheetPolicy) -> [SheetEvent] {
    pendingPolicy = newPolicy
    if state != .dragging { applyPendingPolicy() }
    return emitted()
  }

  mutating func applyPendingPolicy() {
    guard let next = pendingPolicy else { return }
    pendingPolicy = nil
    policy = next
    // A running custom curve belongs to the policy that made it: the new one cannot evaluate it.
    heightMotion?.handOverToEaseInOut()
    backdropMotion?.handOverToEaseInOut()
    configuration = next.configuration
    defaultPolicy = next.defaultPolicy
    behind = configuration.describesBehind ? (behind ?? .identity) : nil
    behindErrorRecorded = false
    geometry.edge = configuration.edge
    resolveDetents()
    reconcileDetents()
  }
}
