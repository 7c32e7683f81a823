import SheetCore

/// The back action, the accessibility actions and reduce motion, as an app forwards them: Android's
/// `OnBackPressedCallback` (or Escape on the web) calls ``back()``, a screen reader's actions call
/// ``performAccessibilityAction(_:)`` with a name from ``accessibilityActions()`` (UIKit's
/// `accessibilityCustomActions`, Compose's `semantics { expand; collapse; dismiss }`), and the system's
/// setting (`UIAccessibility.isReduceMotionEnabled`) sets ``reduceMotion``.
extension ScriptedSheet {
  /// The back action: the behaviour's `on_back` (or its `back` rule: collapse to the next lower
  /// detent, or dismiss) says where the sheet goes. A dismissal of a sheet that may not be dismissed is
  /// an attempt (`on_dismiss_attempt`, cause `back`). Ignored when the sheet is not on screen or is
  /// dragged. Traced as `back target=...`.
  public func back() {
    input { h in h.back() }
  }

  /// The accessibility actions the sheet offers now, in the order a screen reader lists them: by
  /// default `expand` (to the next larger detent), `collapse` (to the next smaller) and `dismiss` (when
  /// the sheet may be dismissed); the behaviour's `accessibility` callback may change them. None while
  /// the sheet is not on screen or is dragged.
  public var accessibilityActions: [AccessibilityAction] {
    var actions: [AccessibilityAction] = []
    input { h in
      let answer = h.accessibilityActions()
      actions = answer.actions
      return answer.events
    }
    return actions
  }

  /// Performs an accessibility action the sheet offers now (one it does not offer changes nothing, and
  /// its `accessibility_action` event says `target=none`). A dismissal of a sheet that may not be
  /// dismissed is an attempt (cause `accessibility`).
  /// - Parameter name: The action.
  public func performAccessibilityAction(_ name: AccessibilityAction.Name) {
    input { h in h.performAccessibilityAction(name) }
  }

  /// Whether motion is reduced: set it from the system's setting. The next transitions play the
  /// behaviour's `reduced` animations, or a 0.2 s cross-fade (`DefaultPolicy.crossFadeDuration`).
  public var reduceMotion: Bool {
    get { machine.reduceMotion }
    set { input { h in h.setReduceMotion(newValue) } }
  }
}
