/// Programmatic inputs: present, dismiss, snap, tap, resize, content, policy replacement.
extension SheetMachine {
  func require(_ input: TransitionTable.Input) throws(SheetError) {
    guard TransitionTable.accepts(input, in: state) else {
      throw .illegalTransition(event: input.rawValue, state: state)
    }
  }

  /// Presents the sheet to the configuration's present detent (or the first active one, in declaration
  /// order) with the `present` animation.
  /// - Returns: The events recorded.
  /// - Throws: ``SheetError/illegalTransition(event:state:)`` unless hidden or dismissed;
  ///   ``SheetError/noActiveDetent`` when no detent is active.
  @discardableResult
  public mutating func present() throws(SheetError) -> ArraySlice<SheetEvent> {
    try require(.present)
    let start = beginRecording()
    let preferred = configuration.presentDetent.flatMap { isActive($0) ? $0 : nil }
    guard let id = preferred ?? declaredDetents.first?.id else { throw .noActiveDetent }
    events.append(.present(detent: id))
    detent = nil
    velocity = 0
    startTransition(.present, to: .detent(id), override: nil, newState: .presenting)
    return recorded(since: start)
  }

  /// Dismisses the sheet with the `dismiss` animation.
  /// - Returns: The events recorded.
  /// - Throws: ``SheetError/illegalTransition(event:state:)`` unless presenting, resting or settling.
  @discardableResult
  public mutating func dismiss() throws(SheetError) -> ArraySlice<SheetEvent> {
    try require(.dismiss)
    let start = beginRecording()
    events.append(.dismiss(cause: .request))
    startTransition(.dismiss, to: .dismiss, override: nil, newState: .dismissing)
    return recorded(since: start)
  }

  /// Animates to an active detent with the `snap` animation.
  /// - Parameter id: The detent.
  /// - Returns: The events recorded.
  /// - Throws: ``SheetError/illegalTransition(event:state:)`` unless presenting, resting or settling;
  ///   ``SheetError/unknownDetent(_:)`` when `id` is not active.
  @discardableResult
  public mutating func snap(to id: String) throws(SheetError) -> ArraySlice<SheetEvent> {
    try require(.snap)
    guard isActive(id) else { throw .unknownDetent(id) }
    let start = beginRecording()
    events.append(.snap(to: id))
    startTransition(.snap, to: .detent(id), override: nil, newState: .settling)
    return recorded(since: start)
  }

  /// A tap at screen y: the policy decides whether it dismisses.
  /// - Parameter y: Screen y in points.
  /// - Returns: The events recorded (including `.tap(region:action:)`).
  /// - Throws: ``SheetError/illegalTransition(event:state:)`` unless presenting, resting or settling;
  ///   ``SheetError/invalidValue(field:value:)`` for a y ``SheetLimits/check(coordinate:)`` refuses.
  @discardableResult
  public mutating func tap(y: Double) throws(SheetError) -> ArraySlice<SheetEvent> {
    try require(.tap)
    try SheetLimits.check(coordinate: y)
    let start = beginRecording()
    let region = configuration.gestureArea.region(y: y, height: height, geometry: geometry)
    let action = callTap(region, y: y)
    events.append(.tap(region: region, action: action))
    if action == .dismiss {
      events.append(.dismiss(cause: .tap))
      startTransition(.dismiss, to: .dismiss, override: nil, newState: .dismissing)
    }
    return recorded(since: start)
  }

  /// The screen changed (rotation, window resize): detents are re-resolved and a sheet at rest or
  /// animating goes to the policy's resize target (see ``reconcileDetents()``). Legal in every state.
  /// - Parameter newGeometry: The new screen; its edge is replaced by the configuration's.
  /// - Returns: The events recorded.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for a screen ``SheetLimits/check(_:)`` refuses
  ///   (a non-finite, non-positive or too large size; a non-finite, negative or too large inset).
  @discardableResult
  public mutating func resize(_ newGeometry: SheetGeometry) throws(SheetError) -> ArraySlice<SheetEvent> {
    try SheetLimits.check(newGeometry)
    let start = beginRecording()
    geometry = newGeometry
    geometry.edge = configuration.edge
    events.append(.resize(geometry))
    resolveDetents()
    reconcileDetents()
    return recorded(since: start)
  }

  /// The content's intrinsic height changed: like ``resize(_:)``.
  /// - Parameter contentHeight: The new height in points (>= 0).
  /// - Returns: The events recorded.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for a negative or non-finite height.
  @discardableResult
  public mutating func setContentHeight(_ contentHeight: Double) throws(SheetError) -> ArraySlice<SheetEvent>
  {
    try SheetLimits.check(contentHeight: contentHeight)
    let start = beginRecording()
    self.contentHeight = contentHeight
    events.append(.content(contentHeight))
    resolveDetents()
    reconcileDetents()
    return recorded(since: start)
  }

  /// Replaces the policy (hot reload). During a drag it waits for the drag to end; otherwise the detents
  /// are re-resolved at once and, if they moved, the sheet follows with the `resize` animation. A running
  /// animation keeps going, so nothing jumps.
  /// - Parameter newPolicy: The new behaviour.
  /// - Returns: The events recorded.
  @discardableResult
  public mutating func replacePolicy(_ newPolicy: any SheetPolicy) -> ArraySlice<SheetEvent> {
    let start = beginRecording()
    pendingPolicy = newPolicy
    if state != .dragging { applyPendingPolicy() }
    return recorded(since: start)
  }

  mutating func applyPendingPolicy() {
    guard let next = pendingPolicy else { return }
    pendingPolicy = nil
    policy = next
    configuration = next.configuration
    fallback = next.fallbackPolicy
    geometry.edge = configuration.edge
    resolveDetents()
    reconcileDetents()
  }
}
