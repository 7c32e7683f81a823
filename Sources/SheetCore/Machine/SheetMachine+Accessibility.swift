/// The back action, accessibility actions and reduce motion.
extension SheetMachine {
  /// The back action (Android's back and predictive back, Escape on the web): the policy says where
  /// the sheet goes (``SheetPolicy/back(_:)``), recorded as ``SheetEvent/back(target:)``. A detent plays
  /// the `snap` transition; a dismissal plays `dismiss` (``SheetEvent/dismiss(cause:)`` with cause
  /// `back`), or for a sheet that may not be dismissed is an attempt and the sheet stays.
  ///
  /// Applies when presenting, resting or settling; otherwise recorded as
  /// ``SheetEvent/ignored(input:state:)`` (``TransitionTable/response(to:in:)``).
  /// - Returns: The events the call caused.
  @discardableResult
  mutating func back() -> [SheetEvent] {
    guard admit(.back) else { return emitted() }
    let target = callBack()
    record(.back(target: target))
    if let target { go(to: target, cause: .back) }
    return emitted()
  }

  /// Performs an accessibility action: the one of that name the policy offers now
  /// (``SheetPolicy/accessibilityActions(_:)``) goes where it says, as ``back()`` does (cause
  /// `accessibility`); an action not offered now changes nothing. Recorded as
  /// ``SheetEvent/accessibilityAction(_:target:)``.
  ///
  /// Applies when presenting, resting or settling; otherwise recorded as
  /// ``SheetEvent/ignored(input:state:)``.
  /// - Parameter name: The action.
  /// - Returns: The events the call caused.
  @discardableResult
  mutating func performAccessibilityAction(_ name: AccessibilityAction.Name) -> [SheetEvent] {
    guard admit(.accessibilityAction) else { return emitted() }
    let target = callAccessibilityActions().first { $0.name == name }?.target
    record(.accessibilityAction(name, target: target))
    if let target { go(to: target, cause: .accessibility) }
    return emitted()
  }

  /// The accessibility actions the sheet offers now (none while it is not on screen: hidden, dragging,
  /// dismissing or dismissed), checked as ``performAccessibilityAction(_:)`` checks them.
  /// - Returns: The actions and the events asking for them caused (a script error).
  mutating func accessibilityActions() -> (actions: [AccessibilityAction], events: [SheetEvent]) {
    guard TransitionTable.accepts(.accessibilityAction, in: state) else { return ([], emitted()) }
    let actions = callAccessibilityActions()
    return (actions, emitted())
  }

  /// Sets the host's reduce motion setting (recorded as ``SheetEvent/reduceMotion(_:)`` when it
  /// changes); a running transition goes on as it started, the next one plays the reduced animation.
  /// - Parameter on: Whether motion is reduced.
  /// - Returns: The events the call caused.
  @discardableResult
  mutating func setReduceMotion(_ on: Bool) -> [SheetEvent] {
    if on != reduceMotion {
      reduceMotion = on
      record(.reduceMotion(on))
    }
    return emitted()
  }

  /// Starts the transition to a checked back or action target.
  private mutating func go(to target: ReleaseTarget, cause: SheetEvent.DismissCause) {
    switch target {
    case .detent(let id): startSnap(to: id)
    case .dismiss where configuration.allowsDismiss:
      record(.dismiss(cause: cause))
      startTransition(.dismiss, to: .dismiss, override: nil, newState: .dismissing)
    case .dismiss: attemptDismiss(cause)
    case .height: break  // refused by the checks
    }
  }

  /// The animation a transition plays under reduce motion: the policy's reduced animation when it can
  /// be played, else the default policy's cross-fade (a refusal is a script error of `animation`).
  mutating func reducedAnimation(_ transition: SheetTransition, to target: ReleaseTarget)
    -> TransitionAnimation
  {
    var sheet = snapshot
    sheet.target = target
    sheet.targetHeight = endHeight(of: target, slide: nil)
    do throws(ScriptError) {
      if let animation = try policy.reducedAnimation(for: transition, sheet) {
        guard let problem = playProblem(animation, to: target) else { return animation }
        refuse(
          .animation,
          "returned a reduced \(transition.rawValue) animation that cannot be played: \(problem)")
      }
    } catch {
      recordScriptError(error)
    }
    return defaultPolicy.reducedAnimation(for: transition, sheet) ?? .lastResort
  }

  /// The policy's back target, checked: an active detent or a dismissal (the default policy's when it
  /// throws or answers something else).
  mutating func callBack() -> ReleaseTarget? {
    let sheet = snapshot
    do throws(ScriptError) {
      let target = try policy.back(sheet)
      guard let problem = problem(of: target) else { return target }
      refuse(.back, "returned \(problem)")
    } catch {
      recordScriptError(error)
    }
    return defaultPolicy.back(sheet)
  }

  /// The policy's accessibility actions, checked: each target an active detent or a dismissal, each
  /// name once (the default policy's list when it throws or a check fails).
  mutating func callAccessibilityActions() -> [AccessibilityAction] {
    let sheet = snapshot
    do throws(ScriptError) {
      let actions = try policy.accessibilityActions(sheet)
      var seen: Set<AccessibilityAction.Name> = []
      var refused: String?
      for action in actions {
        if !seen.insert(action.name).inserted {
          refused = "'\(action.name.rawValue)' twice"
        } else if let problem = problem(of: action.target) {
          refused = "for '\(action.name.rawValue)' \(problem)"
        }
        if refused != nil { break }
      }
      guard let refused else { return actions }
      refuse(.accessibilityActions, "returned \(refused)")
    } catch {
      recordScriptError(error)
    }
    return defaultPolicy.accessibilityActions(sheet)
  }

  /// Why a back or action target cannot be used, or nil: a height, or a detent that is not active.
  private func problem(of target: ReleaseTarget?) -> String? {
    switch target {
    case nil, .dismiss?: nil
    case .detent(let id)?: isActive(id) ? nil : notActive(id)
    case .height(let h)?: "a height (\(Format.general(h))); expected a detent id or 'dismiss'"
    }
  }
}
