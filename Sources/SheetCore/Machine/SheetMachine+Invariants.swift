/// The machine's invariants as code, checked after every call in builds with `SHEET_INVARIANTS`
/// (SheetCore's debug builds) and explicitly by the sweep and storm tests, as swift-collections checks
/// its `Heap`.
extension SheetMachine {
  #if SHEET_INVARIANTS
    /// Traps when an invariant does not hold (see ``invariantViolation``). Built with
    /// `SHEET_INVARIANTS`, the machine calls it at the end of its initializer and of every input and
    /// step; without the flag it does nothing.
    public func _checkInvariants() {
      if let violation = invariantViolation {
        preconditionFailure("SheetMachine invariant violated: \(violation)")
      }
    }
  #else
    /// Checks the invariants in builds with `SHEET_INVARIANTS`; does nothing in this build.
    @inline(__always)
    public func _checkInvariants() {}
  #endif

  /// The first invariant that does not hold, or nil:
  /// - time is finite and not negative; height in [0, H]; backdrop in [0, 1]; velocity finite; the view
  ///   behind present exactly when the policy describes it, and drawable (``BehindView/problem``);
  /// - the active detents are ascending, finite, in (0, H], with unique ids, and the same set in both
  ///   orders;
  /// - dragging exactly when a drag is tracked, and a queued dismissal or a waiting policy only then;
  ///   an ignored pan never while dragging;
  /// - presenting, settling or dismissing exactly when a height motion runs toward a target;
  /// - the scroll view's offset and velocity are finite, within its range at rest and within the rubber
  ///   band's reach when it moves; a finger is on it exactly during a pan that began inside it;
  /// - at rest (hidden, resting, dismissed) nothing moves; hidden is at height 0; resting at an active
  ///   detent is at its height;
  /// - the keyboard's heights are finite and in [0, H], and without a running keyboard motion it is at
  ///   the reported height; resting with a still, visible keyboard, the sheet is within the keyboard's
  ///   ``KeyboardGeometry/floor`` and ``KeyboardGeometry/cap``: never under the keyboard, never above
  ///   the screen's top.
  public var invariantViolation: String? {
    guard time.isFinite, time >= 0 else { return "time \(time)" }
    guard height.isFinite, height >= 0, height <= geometry.extent else {
      return "height \(height) outside [0, \(geometry.extent)]"
    }
    guard backdrop.isFinite, backdrop >= 0, backdrop <= 1 else {
      return "backdrop \(backdrop) outside [0, 1]"
    }
    guard velocity.isFinite else { return "velocity \(velocity)" }
    if (behind != nil) != configuration.describesBehind {
      return "a view behind \(behind.map { "\($0)" } ?? "none")"
    }
    if let problem = behind?.problem { return "view behind: \(problem)" }
    if let problem = detentProblem { return problem }
    if let problem = scrollProblem { return problem }
    let dragging = state == .dragging
    if dragging != (drag != nil) { return "state \(state) with drag \(drag == nil ? "none" : "tracked")" }
    if dismissAfterDrag && !dragging { return "a dismissal queued while \(state)" }
    if pendingPolicy != nil && !dragging { return "a policy waiting while \(state)" }
    let animating = state == .presenting || state == .settling || state == .dismissing
    if animating != (heightMotion != nil) || animating != (target != nil) {
      return "state \(state) with motion \(heightMotion == nil ? "none" : "running"), target "
        + "\(target.map { "\($0)" } ?? "none")"
    }
    if !animating && backdropMotion != nil { return "a backdrop motion while \(state)" }
    if state == .hidden || state == .resting || state == .dismissed, velocity != 0 {
      return "velocity \(velocity) while \(state)"
    }
    if state == .hidden, height != 0 { return "height \(height) while hidden" }
    if state == .resting, let detent, let expected = height(of: detent), expected != height {
      return "resting at \(height), detent \(detent) is \(expected)"
    }
    return keyboardProblem
  }

  /// What is wrong with the keyboard, or with the sheet resting beside it, or nil.
  private var keyboardProblem: String? {
    let k = keyboard
    func onScreen(_ value: Double) -> Bool { value.isFinite && value >= 0 && value <= geometry.height }
    guard onScreen(k.height), onScreen(k.targetHeight) else {
      return "keyboard height \(k.height) (reported \(k.targetHeight)) outside [0, \(geometry.height)]"
    }
    if keyboardMotion == nil, k.height != k.targetHeight {
      return "keyboard at \(k.height) without a motion toward \(k.targetHeight)"
    }
    guard state == .resting, keyboardMotion == nil, k.isVisible else { return nil }
    let place = keyboardGeometry
    let slack = 1e-9 * max(1, geometry.extent)
    if height < place.floor - slack || height > max(place.floor, place.cap) + slack {
      return "resting at \(height) with a \(k.targetHeight) keyboard, outside "
        + "[\(place.floor), \(place.cap)]"
    }
    return nil
  }

  /// What is wrong with the scroll view, or nil: its offset and velocity finite; within its range at
  /// rest and within the rubber band's reach (less than its frame's height past an end) when moving; at
  /// rest it does not move; a finger on it only during a pan that began inside it, and such a pan only
  /// with a scroll view.
  private var scrollProblem: String? {
    let inScroll = drag?.inScroll == true
    guard let scroll else { return inScroll ? "a pan in a scroll view that does not exist" : nil }
    let p = scroll.position
    guard p.isFinite, scroll.velocity.isFinite else {
      return "scroll position \(p), velocity \(scroll.velocity)"
    }
    let upper = scroll.view.maxOffset(sheetHeight: uncoveredHeight)
    let reach = scroll.view.frameHeight(sheetHeight: uncoveredHeight)
    if scroll.isTracking != inScroll {
      return
        "scroll view \(scroll.isTracking ? "tracked" : "not tracked") with a pan \(inScroll ? "in it" : "outside it")"
    }
    if case .idle = scroll.motion {
      if p < 0 || p > upper { return "scroll at rest at \(p) outside [0, \(upper)]" }
      if scroll.velocity != 0 { return "scroll at rest with velocity \(scroll.velocity)" }
    } else if p < -reach || p > upper + reach {
      return "scroll at \(p) beyond the rubber band of [0, \(upper)] (reach \(reach))"
    }
    if drag?.owner == .scroll && velocity != 0 {
      return "the sheet moves (\(velocity)) while the scroll view has the pan"
    }
    return nil
  }

  /// What is wrong with the active detents, or nil.
  private var detentProblem: String? {
    for (index, d) in detents.enumerated() {
      guard d.height.isFinite, d.height > 0, d.height <= geometry.extent else {
        return "detent \(d.id) at \(d.height) outside (0, \(geometry.extent)]"
      }
      if index > 0, detents[index - 1].height > d.height { return "detents not ascending at \(d.id)" }
      if detents[..<index].contains(where: { $0.id == d.id }) { return "detent \(d.id) twice" }
    }
    guard declaredDetents.count == detents.count,
      declaredDetents.allSatisfy({ declared in detents.contains { $0 == declared } })
    else { return "declared detents \(declaredDetents.map(\.id)) differ from \(detents.map(\.id))" }
    return nil
  }
}
