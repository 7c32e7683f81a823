/// Policy calls with script error fallback and result checking, the one place every policy's results are
/// checked: a thrown ``ScriptError`` is recorded as ``SheetEvent/scriptError(callback:message:)``, and so
/// is a bad result (worded by the policy's ``SheetPolicy/scriptError(refusing:_:)``); ``DefaultPolicy`` decides
/// instead. The fallback's own numbers are checked too (its parameters are public and may be set outside
/// their ranges): a non-finite drag height or backdrop is not used, and an animation it cannot play is
/// replaced by ``TransitionAnimation/lastResort`` (see `playableAnimation`).
extension SheetMachine {
  mutating func recordScriptError(_ callback: String, _ message: String) {
    record(.scriptError(callback: callback, message: message))
  }

  mutating func recordScriptError(_ error: ScriptError) {
    recordScriptError(error.callback, error.message)
  }

  /// Records that a result of the policy's `callback` was refused, as the policy words it.
  mutating func refuse(_ callback: PolicyCallback, _ reason: String) {
    recordScriptError(policy.scriptError(refusing: callback, reason))
  }

  func isActive(_ id: String) -> Bool { height(of: id) != nil }

  /// `a height in [0, 844]`.
  var heightRange: String { "a height in [0, \(Format.general(geometry.extent))]" }

  /// `'x', not an active detent (active: 'a', 'b')`.
  func notActive(_ id: String) -> String {
    let ids = declaredDetents.map { "'\($0.id)'" }.joined(separator: ", ")
    return "'\(id)', not an active detent (\(ids.isEmpty ? "none is active" : "active: \(ids)"))"
  }

  /// Re-resolves the detents against the current geometry and content: one call of the policy's
  /// ``SheetPolicy/detents(in:)`` (the fallback's when it throws), checked by
  /// ``DetentResolution/check(_:in:)``.
  mutating func resolveDetents() {
    let context = DetentContext(geometry: geometry, contentHeight: contentHeight)
    var heights: [ResolvedDetent]
    var fromPolicy = true
    do throws(ScriptError) {
      heights = try policy.detents(in: context)
    } catch {
      recordScriptError(error)
      heights = defaultPolicy.detents(in: context)
      fromPolicy = false  // the fallback's own problems are the core's to name, not the policy's
    }
    let result = DetentResolution.check(heights, in: context)
    detents = placedForKeyboard(result.ascending)
    declaredDetents = placedForKeyboard(result.declared)
    for problem in result.problems {
      if fromPolicy {
        refuse(.detents, problem)
      } else {
        recordScriptError(PolicyCallback.detents.rawValue, problem)
      }
    }
  }

  /// The policy's drag height, which must be finite and in [0, H].
  mutating func callDragHeight(_ input: DragInput) -> Double {
    do throws(ScriptError) {
      let h = try policy.dragHeight(input)
      if h.isFinite && h >= 0 && h <= geometry.extent { return h }
      refuse(.dragHeight, "returned \(Format.general(h)); expected \(heightRange)")
    } catch {
      recordScriptError(error)
    }
    let h = defaultPolicy.dragHeight(input)
    return h.isFinite ? h : height  // a fallback with unchecked parameters: the sheet stays put
  }

  /// The policy's release decision, whose target must be an active detent or a height in [0, H] (its
  /// animation is checked where every animation is, when the transition starts: `playableAnimation`).
  mutating func callRelease(_ input: ReleaseInput) -> ReleaseDecision {
    do throws(ScriptError) {
      let decision = try policy.release(input)
      guard let problem = problem(with: decision.target) else { return decision }
      refuse(.release, problem)
    } catch {
      recordScriptError(error)
    }
    return defaultPolicy.release(input)
  }

  /// Why a release target cannot be used, or nil.
  func problem(with target: ReleaseTarget) -> String? {
    switch target {
    case .detent(let id) where !isActive(id): return "returned \(notActive(id))"
    case .height(let h) where !(h.isFinite && h >= 0 && h <= geometry.extent):
      return "returned height \(Format.general(h)); expected \(heightRange)"
    default: return nil
    }
  }

  /// The policy's backdrop for `sheet`: nil or a finite value in [0, 1].
  mutating func callBackdrop(_ sheet: SheetSnapshot) -> Double? {
    do throws(ScriptError) {
      let value = try policy.backdrop(sheet)
      guard let a = value else { return nil }
      if a.isFinite && a >= 0 && a <= 1 { return a }
      refuse(.backdrop, "returned \(Format.general(a)); expected an opacity in [0, 1] or nil")
    } catch {
      recordScriptError(error)
    }
    // A fallback with an unchecked maximum: a non-finite opacity keeps the current one.
    return defaultPolicy.backdrop(sheet).flatMap { $0.isFinite ? Formulas.clamp($0, 0, 1) : nil }
  }

  /// The policy's backdrop at an animation frame (``SheetConfiguration/backdropFollowsHeight``): a finite
  /// value in [0, 1], or nil to keep the previous frame's. A script error or a refused value keeps it too, and
  /// only the transition's first is recorded (``backdropErrorRecorded``), so a failing callback does not
  /// record one script error per frame.
  mutating func callFrameBackdrop() -> Double? {
    do throws(ScriptError) {
      guard let a = try policy.backdrop(snapshot) else { return nil }
      if a.isFinite && a >= 0 && a <= 1 { return a }
      if !backdropErrorRecorded {
        refuse(
          .backdrop,
          "returned \(Format.general(a)) at height \(Format.general(height)) during the transition; expected "
            + "an opacity in [0, 1] or nil (the previous frame's value stays)")
      }
    } catch {
      if !backdropErrorRecorded { recordScriptError(error) }
    }
    backdropErrorRecorded = true
    return nil
  }

  /// The policy's custom curve at `progress`: a finite value in [-10, 10], or nil after recording the
  /// script error (the caller goes on with the built-in ease-in-out).
  mutating func callCurve(_ id: Int, at progress: Double) -> Double? {
    do throws(ScriptError) {
      let value = try policy.curve(id, at: progress)
      if value.isFinite && abs(value) <= 10 { return value }
      refuse(
        .animation,
        "curve returned \(Format.general(value)) at progress \(Format.general(progress)); expected a number "
          + "in [-10, 10] (the built-in ease_in_out finishes the transition)")
    } catch {
      recordScriptError(error)
    }
    return nil
  }

  /// The policy's tap action: a snap must go to an active detent.
  mutating func callTap(_ region: TouchRegion, x: Double, y: Double) -> TapAction {
    do throws(ScriptError) {
      let action = try policy.tap(region, x: x, y: y, snapshot)
      guard let id = action.detentID, !isActive(id) else { return action }
      refuse(.tap, "returned \(notActive(id))")
    } catch {
      recordScriptError(error)
    }
    let fallback = (try? defaultPolicy.tap(region, x: x, y: y, snapshot)) ?? .none
    return fallback.detentID.map { isActive($0) ? fallback : .none } ?? fallback
  }

  /// The policy's resize target: nil or an active detent.
  mutating func callResizeTarget() -> String? {
    do throws(ScriptError) {
      guard let id = try policy.resizeTarget(snapshot) else { return nil }
      if isActive(id) { return id }
      refuse(.resizeTarget, "returned \(notActive(id))")
    } catch {
      recordScriptError(error)
    }
    return nil
  }

  /// The policy's keyboard target: nil, an active detent or a height in [0, H] (brought into the
  /// keyboard's range by the caller); a dismissal is refused.
  mutating func callKeyboardTarget() -> ReleaseTarget? {
    do throws(ScriptError) {
      guard let target = try policy.keyboardTarget(keyboard, snapshot) else { return nil }
      if case .dismiss = target {
        refuse(.keyboardTarget, "returned dismiss; expected a detent, a height or nil")
        return nil
      }
      guard let problem = problem(with: target) else { return target }
      refuse(.keyboardTarget, problem)
    } catch {
      recordScriptError(error)
    }
    return nil
  }

  /// Asks the policy for the view behind the sheet at this frame (``SheetPolicy/behind(_:)``): a valid
  /// answer replaces ``behind``; nil, a script error or a refused value keeps the previous frame's, and
  /// only the first failure after an answer is recorded (a failing callback would fail every frame).
  mutating func updateBehind() {
    do throws(ScriptError) {
      guard let view = try policy.behind(snapshot) else { return }
      guard let problem = view.problem else {
        behind = view
        behindErrorRecorded = false
        return
      }
      if !behindErrorRecorded {
        refuse(.behind, "returned \(problem) (the previous frame's view behind stays)")
      }
    } catch {
      if !behindErrorRecorded { recordScriptError(error) }
    }
    behindErrorRecorded = true
  }

  mutating func callStateDidChange(from: SheetState, to: SheetState) {
    do throws(ScriptError) {
      try policy.stateDidChange(from: from, to: to, snapshot)
    } catch {
      recordScriptError(error)
    }
  }

  /// Records a dismissal attempt and tells the policy (a thrown error is recorded, nothing else changes),
  /// when the sheet may not be dismissed and the configuration reports attempts.
  mutating func attemptDismiss(_ cause: SheetEvent.DismissCause) {
    guard !configuration.allowsDismiss, configuration.reportsDismissAttempts else { return }
    dismissAttempts += 1
    record(.dismissAttempt(cause: cause))
    do throws(ScriptError) {
      try policy.dismissAttempt(cause, snapshot)
    } catch {
      recordScriptError(error)
    }
  }
}
