/// The back action, accessibility actions and reduce motion.
extension SheetHost {
  /// The back action (``SheetMachine`` `back()`): Android's back, Escape on the web.
  /// - Returns: The events.
  @discardableResult
  public mutating func back() -> [SheetEvent] {
    input { m in m.back() }
  }

  /// Performs an accessibility action the sheet offers now; one it does not offer changes nothing (its
  /// event says so).
  /// - Parameter name: The action.
  /// - Returns: The events.
  @discardableResult
  public mutating func performAccessibilityAction(_ name: AccessibilityAction.Name) -> [SheetEvent] {
    input { m in m.performAccessibilityAction(name) }
  }

  /// The accessibility actions the sheet offers now, and the events asking the policy caused.
  /// - Returns: The actions (none while the sheet is not on screen) and the events.
  public mutating func accessibilityActions() -> (actions: [AccessibilityAction], events: [SheetEvent]) {
    var result: (actions: [AccessibilityAction], events: [SheetEvent]) = ([], [])
    _ = input { m in
      result = m.accessibilityActions()
      return result.events
    }
    return result
  }

  /// Sets reduce motion (iOS's `UIAccessibility.isReduceMotionEnabled`, Android's animator duration
  /// scale 0, the web's `prefers-reduced-motion`): the next transitions play the policy's reduced
  /// animations, by default a cross-fade.
  /// - Parameter on: Whether motion is reduced.
  /// - Returns: The events.
  @discardableResult
  public mutating func setReduceMotion(_ on: Bool) -> [SheetEvent] {
    input { m in m.setReduceMotion(on) }
  }
}
