/// Policy calls with fault fallback and result checking: a thrown ``PolicyFault`` or a bad result is
/// recorded as ``SheetEvent/policyFault(callback:message:)`` and ``DefaultPolicy`` decides instead. The
/// fallback's own numbers are checked too (its parameters are public and may be set outside their
/// ranges): a non-finite drag height or backdrop is not used, and an animation it cannot play is
/// replaced by ``TransitionAnimation/lastResort`` (see `playableAnimation`).
extension SheetMachine {
  mutating func fault(_ callback: String, _ message: String) {
    record(.policyFault(callback: callback, message: message))
  }

  mutating func fault(_ error: PolicyFault) {
    fault(error.callback, error.message)
  }

  func isActive(_ id: String) -> Bool { height(of: id) != nil }

  /// The policy's drag height, which must be finite and in [0, H].
  mutating func callDragHeight(_ input: DragInput) -> Double {
    do throws(PolicyFault) {
      let h = try policy.dragHeight(input)
      if h.isFinite && h >= 0 && h <= geometry.height { return h }
      fault("dragHeight", "returned \(h), outside [0, \(geometry.height)]")
    } catch {
      fault(error)
    }
    let h = fallback.dragHeight(input)
    return h.isFinite ? h : height  // a fallback with unchecked parameters: the sheet stays put
  }

  /// The policy's release decision, whose target must be an active detent or a height in [0, H] and
  /// whose animation must be usable.
  mutating func callRelease(_ input: ReleaseInput) -> ReleaseDecision {
    do throws(PolicyFault) {
      let decision = try policy.release(input)
      if let problem = problem(with: decision) {
        fault("release", problem)
      } else {
        return decision
      }
    } catch {
      fault(error)
    }
    return fallback.release(input)
  }

  func problem(with decision: ReleaseDecision) -> String? {
    switch decision.target {
    case .detent(let id) where !isActive(id): return "unknown or inactive detent '\(id)'"
    case .height(let h) where !(h.isFinite && h >= 0 && h <= geometry.height):
      return "target height \(h) outside [0, \(geometry.height)]"
    default: break
    }
    return decision.animation?.problem.map { "animation \($0)" }
  }

  /// The policy's backdrop for `sheet`: nil or a finite value in [0, 1].
  mutating func callBackdrop(_ sheet: SheetSnapshot) -> Double? {
    do throws(PolicyFault) {
      let value = try policy.backdrop(sheet)
      guard let a = value else { return nil }
      if a.isFinite && a >= 0 && a <= 1 { return a }
      fault("backdrop", "returned \(a), outside [0, 1]")
    } catch {
      fault(error)
    }
    // A fallback with an unchecked maximum: a non-finite opacity keeps the current one.
    return fallback.backdrop(sheet).flatMap { $0.isFinite ? Formulas.clamp($0, 0, 1) : nil }
  }

  /// The policy's tap action.
  mutating func callTap(_ region: TouchRegion, y: Double) -> TapAction {
    do throws(PolicyFault) {
      return try policy.tap(region, y: y, snapshot)
    } catch {
      fault(error)
    }
    return (try? fallback.tap(region, y: y, snapshot)) ?? .none
  }

  /// The policy's resize target: nil or an active detent.
  mutating func callResizeTarget() -> String? {
    do throws(PolicyFault) {
      guard let id = try policy.resizeTarget(snapshot) else { return nil }
      if isActive(id) { return id }
      fault("resizeTarget", "unknown or inactive detent '\(id)'")
    } catch {
      fault(error)
    }
    return nil
  }

  mutating func callStateDidChange(from: SheetState, to: SheetState) {
    do throws(PolicyFault) {
      try policy.stateDidChange(from: from, to: to, snapshot)
    } catch {
      fault(error)
    }
  }
}
