/// Everything a behaviour decides. The core calls these through `any SheetPolicy`; a thrown
/// ``ScriptError`` or a bad result (NaN, infinite, out of range, unknown detent) is recorded as
/// ``SheetEvent/scriptError(callback:message:)`` and ``DefaultPolicy`` (same configuration) decides instead.
///
/// The core checks every result, in one place, whatever the policy: a policy only computes (and
/// throws for what it cannot compute), and ``scriptError(refusing:_:)`` words the script error for a result the core
/// refused.
///
/// Every method except ``configuration`` has a default that does what ``DefaultPolicy`` does.
public protocol SheetPolicy {
  /// The static configuration; read once when the policy is installed.
  var configuration: SheetConfiguration { get }

  /// The default policy that decides instead when this one script errors or returns a bad result; by default
  /// ``DefaultPolicy`` with this policy's configuration. A scripted policy returns one tuned by its
  /// thresholds.
  var defaultPolicy: DefaultPolicy { get }

  /// The detents for a screen and content, called once per resolution (when the machine is made, and
  /// after every resize, content change and policy replacement).
  ///
  /// The core checks what comes back (``DetentResolution/check(_:in:)``): a non-finite height or a
  /// repeated id is refused (a script error, that detent left out), a height `<= 0` makes the detent inactive,
  /// one above the screen is clamped to it. When this throws, the fallback resolves the configuration's
  /// detents instead.
  /// - Parameter context: The screen, available height and content height.
  /// - Returns: The active detents in declaration order with their heights as computed (a detent left
  ///   out is inactive).
  /// - Throws: ``ScriptError``.
  func detents(in context: DetentContext) throws(ScriptError) -> [ResolvedDetent]

  /// Maps the finger to a height while dragging.
  /// - Parameter input: The pan and the sheet.
  /// - Returns: The height in `[0, H]`.
  /// - Throws: ``ScriptError``.
  func dragHeight(_ input: DragInput) throws(ScriptError) -> Double

  /// Decides where a released sheet goes.
  /// - Parameter input: The pan (with the release velocity) and the sheet.
  /// - Returns: The decision.
  /// - Throws: ``ScriptError``.
  func release(_ input: ReleaseInput) throws(ScriptError) -> ReleaseDecision

  /// The backdrop opacity for a sheet state (while dragging, and at a transition's target with state
  /// `.resting`).
  /// - Parameter sheet: The sheet.
  /// - Returns: Opacity in [0, 1], or nil to keep the current value.
  /// - Throws: ``ScriptError``.
  func backdrop(_ sheet: SheetSnapshot) throws(ScriptError) -> Double?

  /// The animation of a transition starting now.
  /// - Parameters:
  ///   - transition: The transition.
  ///   - sheet: The sheet where the transition starts.
  /// - Returns: The animation.
  /// - Throws: ``ScriptError``.
  func animation(for transition: SheetTransition, _ sheet: SheetSnapshot) throws(ScriptError)
    -> TransitionAnimation

  /// The value of a custom timing curve, ``Motion/customCurve(_:duration:)``, at a frame's time progress:
  /// called at every frame of a motion that plays one. The policy made the identifier when it returned
  /// the animation (and checked the curve's ends there); the core refuses a value that is not finite or
  /// lies outside [-10, 10].
  /// - Parameters:
  ///   - id: The curve's identifier.
  ///   - progress: Time progress in (0, 1).
  /// - Returns: The eased progress (0 at the start, 1 at the end).
  /// - Throws: ``ScriptError``; the motion then goes on with the built-in ease-in-out.
  func curve(_ id: Int, at progress: Double) throws(ScriptError) -> Double

  /// What a tap does.
  ///
  /// The core checks the result: a ``TapAction/snap(_:)`` to a detent that is not active is refused
  /// (a script error worded by ``scriptError(refusing:_:)``) and the fallback's tap rule decides instead.
  /// - Parameters:
  ///   - region: Where it landed.
  ///   - x: Its screen x (the screen's horizontal centre when the host gave none).
  ///   - y: Its screen y.
  ///   - sheet: The sheet.
  /// - Returns: The action.
  /// - Throws: ``ScriptError``.
  func tap(_ region: TouchRegion, x: Double, y: Double, _ sheet: SheetSnapshot) throws(ScriptError)
    -> TapAction

  /// The detent to go to after a resize, content change or policy replacement.
  /// - Parameter sheet: The sheet with the new geometry and detents.
  /// - Returns: An active detent id, or nil to stay at the current detent (re-resolved).
  /// - Throws: ``ScriptError``.
  func resizeTarget(_ sheet: SheetSnapshot) throws(ScriptError) -> String?

  /// Who moves with a pan frame that began inside the scroll view (``SheetHost/setScrollView(_:)``),
  /// asked for every frame whose finger moved along y (a frame without vertical travel stays with the
  /// pan's owner); nil: the built-in rule (``ScrollRouting``). The whole frame goes to the answer.
  /// - Parameters:
  ///   - input: The pan, at the frame's finger position and velocity, and the sheet.
  ///   - scroll: The scroll view before the frame.
  /// - Returns: The owner, or nil for the built-in rule.
  /// - Throws: ``ScriptError`` (the built-in rule decides that frame).
  func scrollOwner(_ input: GestureInput, _ scroll: ScrollSnapshot) throws(ScriptError) -> ScrollOwner?

  /// Where the sheet goes when the keyboard is reported (shown, resized or hidden), asked while the sheet
  /// is presenting, resting or settling.
  ///
  /// The core checks the answer: an active detent (its height is the one the keyboard leaves it, see
  /// ``KeyboardGeometry``) or a height in `[0, H]`, which the core then brings into the keyboard's
  /// ``KeyboardGeometry/floor`` and ``KeyboardGeometry/cap``; a dismissal is refused.
  /// - Parameters:
  ///   - keyboard: The keyboard: its height now, the reported height and duration.
  ///   - sheet: The sheet, with the detents as the reported keyboard leaves them.
  /// - Returns: The target, or nil for the configuration's ``SheetConfiguration/keyboard`` mode.
  /// - Throws: ``ScriptError``.
  func keyboardTarget(_ keyboard: SheetKeyboard, _ sheet: SheetSnapshot) throws(ScriptError) -> ReleaseTarget?

  /// The view behind the sheet at this frame, asked at every frame (``SheetHost/step(_:)``) when the
  /// configuration says the policy describes it (``SheetConfiguration/describesBehind``).
  ///
  /// The core checks the numbers (``BehindView/problem``): a refused value, like a thrown error, keeps the
  /// previous frame's, and is recorded once until the policy answers again.
  /// - Parameter sheet: The sheet at the end of the frame.
  /// - Returns: The view behind, or nil to keep the previous frame's.
  /// - Throws: ``ScriptError``.
  func behind(_ sheet: SheetSnapshot) throws(ScriptError) -> BehindView?

  /// Told after every state change.
  /// - Parameters:
  ///   - from: The old state.
  ///   - to: The new state.
  ///   - sheet: The sheet after the change.
  /// - Throws: ``ScriptError``.
  func stateDidChange(from: SheetState, to: SheetState, _ sheet: SheetSnapshot) throws(ScriptError)

  /// Told when a sheet that may not be dismissed was asked to go by the user (see
  /// ``SheetEvent/dismissAttempt(cause:)``), after the event; the sheet goes where the release or tap
  /// sends it all the same.
  /// - Parameters:
  ///   - cause: `release` (released below the lowest detent) or `tap` (a backdrop tap).
  ///   - sheet: The sheet at the attempt.
  /// - Throws: ``ScriptError``.
  func dismissAttempt(_ cause: SheetEvent.DismissCause, _ sheet: SheetSnapshot) throws(ScriptError)

  /// Where the back action (``SheetHost/back()``) sends the sheet.
  ///
  /// The core checks the answer: an active detent or ``ReleaseTarget/dismiss`` (a height is refused);
  /// a dismissal of a sheet that may not be dismissed is an attempt (``SheetEvent/dismissAttempt(cause:)``)
  /// and the sheet stays.
  /// - Parameter sheet: The sheet.
  /// - Returns: The target, or nil for nothing (the back goes on to the app).
  /// - Throws: ``ScriptError``.
  func back(_ sheet: SheetSnapshot) throws(ScriptError) -> ReleaseTarget?

  /// The accessibility actions the sheet offers now, and where each sends it; asked when the host reads
  /// them (``SheetHost/accessibilityActions()``) and when one is performed.
  ///
  /// The core checks the answer: each target an active detent or ``ReleaseTarget/dismiss``, each name
  /// once; a refused list is replaced by the default policy's.
  /// - Parameter sheet: The sheet.
  /// - Returns: The actions, in the order a screen reader lists them.
  /// - Throws: ``ScriptError``.
  func accessibilityActions(_ sheet: SheetSnapshot) throws(ScriptError) -> [AccessibilityAction]

  /// The animation of a transition starting now while the host asks for reduced motion
  /// (``SheetHost/setReduceMotion(_:)``), in place of ``animation(for:_:)``.
  /// - Parameters:
  ///   - transition: The transition.
  ///   - sheet: The sheet where the transition starts.
  /// - Returns: The animation, or nil for the default cross-fade (``DefaultPolicy/reducedAnimation(for:_:)``).
  /// - Throws: ``ScriptError``.
  func reducedAnimation(for transition: SheetTransition, _ sheet: SheetSnapshot) throws(ScriptError)
    -> TransitionAnimation?

  /// The script error the core records when it refuses one of this policy's results (a height out of range,
  /// an inactive detent, an animation that cannot be played). Called only then; it computes nothing.
  /// - Parameters:
  ///   - callback: The requirement whose result was refused.
  ///   - reason: What is wrong, worded to follow the callback's name: `returned nan; expected a height
  ///     in [0, 844]`.
  /// - Returns: The script error to record. A scripted policy names its own callback and where it is defined
  ///   (`bad.lua:3: on_drag returned nan; ...`).
  func scriptError(refusing callback: PolicyCallback, _ reason: String) -> ScriptError
}

/// The policy requirements whose results the core checks, by the names its script errors use.
public enum PolicyCallback: String, Sendable, CaseIterable {
  /// ``SheetPolicy/detents(in:)``.
  case detents
  /// ``SheetPolicy/dragHeight(_:)``.
  case dragHeight
  /// ``SheetPolicy/release(_:)``.
  case release
  /// ``SheetPolicy/backdrop(_:)``.
  case backdrop
  /// ``SheetPolicy/animation(for:_:)``.
  case animation
  /// ``SheetPolicy/resizeTarget(_:)``.
  case resizeTarget
  /// ``SheetPolicy/tap(_:x:y:_:)``.
  case tap
  /// ``SheetPolicy/keyboardTarget(_:_:)``.
  case keyboardTarget
  /// ``SheetPolicy/behind(_:)``.
  case behind
  /// ``SheetPolicy/back(_:)``.
  case back
  /// ``SheetPolicy/accessibilityActions(_:)``.
  case accessibilityActions
}

extension SheetPolicy {
  /// ``DefaultPolicy`` with this policy's configuration and default parameters.
  public var defaultPolicy: DefaultPolicy { DefaultPolicy(configuration: configuration) }

  /// Default: the configuration's detents, resolved by their resolvers
  /// (``DetentResolution/heights(_:in:)``).
  public func detents(in context: DetentContext) throws(ScriptError) -> [ResolvedDetent] {
    DetentResolution.heights(configuration.detents, in: context)
  }
  /// Default: ``DefaultPolicy/dragHeight(_:)``.
  public func dragHeight(_ input: DragInput) throws(ScriptError) -> Double {
    defaultPolicy.dragHeight(input)
  }
  /// Default: ``DefaultPolicy/release(_:)``.
  public func release(_ input: ReleaseInput) throws(ScriptError) -> ReleaseDecision {
    defaultPolicy.release(input)
  }
  /// Default: ``DefaultPolicy/backdrop(_:)``.
  public func backdrop(_ sheet: SheetSnapshot) throws(ScriptError) -> Double? {
    defaultPolicy.backdrop(sheet)
  }
  /// Default: ``DefaultPolicy/animation(for:_:)``.
  public func animation(for transition: SheetTransition, _ sheet: SheetSnapshot) throws(ScriptError)
    -> TransitionAnimation
  {
    defaultPolicy.animation(for: transition, sheet)
  }
  /// Default: a script error, as a policy that makes no custom curves has none to evaluate.
  public func curve(_ id: Int, at progress: Double) throws(ScriptError) -> Double {
    throw ScriptError(
      callback: PolicyCallback.animation.rawValue, message: "the policy has no custom curve \(id)")
  }
  /// Default: dismiss when the region is in the configuration's `tapDismissRegions`.
  public func tap(_ region: TouchRegion, x: Double, y: Double, _ sheet: SheetSnapshot) throws(ScriptError)
    -> TapAction
  {
    configuration.tapDismissRegions.contains(region) ? .dismiss : .none
  }
  /// Default: nil (the built-in rule, ``ScrollRouting``).
  public func scrollOwner(_ input: GestureInput, _ scroll: ScrollSnapshot) throws(ScriptError) -> ScrollOwner?
  {
    nil
  }
  /// Default: nil (stay at the current detent).
  public func resizeTarget(_ sheet: SheetSnapshot) throws(ScriptError) -> String? { nil }
  /// Default: nil (the configuration's keyboard mode).
  public func keyboardTarget(_ keyboard: SheetKeyboard, _ sheet: SheetSnapshot) throws(ScriptError)
    -> ReleaseTarget?
  { nil }
  /// Default: nil (the view behind stays as it is).
  public func behind(_ sheet: SheetSnapshot) throws(ScriptError) -> BehindView? { nil }
  /// Default: nothing.
  public func stateDidChange(from: SheetState, to: SheetState, _ sheet: SheetSnapshot) throws(ScriptError) {}
  /// Default: nothing.
  public func dismissAttempt(_ cause: SheetEvent.DismissCause, _ sheet: SheetSnapshot) throws(ScriptError) {}
  /// Default: ``DefaultPolicy/back(_:)``.
  public func back(_ sheet: SheetSnapshot) throws(ScriptError) -> ReleaseTarget? { defaultPolicy.back(sheet) }
  /// Default: ``DefaultPolicy/accessibilityActions(_:)``.
  public func accessibilityActions(_ sheet: SheetSnapshot) throws(ScriptError) -> [AccessibilityAction] {
    defaultPolicy.accessibilityActions(sheet)
  }
  /// Default: nil (the default cross-fade).
  public func reducedAnimation(for transition: SheetTransition, _ sheet: SheetSnapshot) throws(ScriptError)
    -> TransitionAnimation?
  { nil }
  /// Default: the core's name for the callback and its reason (`dragHeight`: `returned nan; ...`).
  public func scriptError(refusing callback: PolicyCallback, _ reason: String) -> ScriptError {
    ScriptError(callback: callback.rawValue, message: reason)
  }
}
