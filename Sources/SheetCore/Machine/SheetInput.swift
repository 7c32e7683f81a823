/// An input a host hands ``SheetMachine``, named in the scenario language's words (the raw value is what
/// traces print, as in `ignored input=pan_began state=dismissed`).
public enum SheetInput: String, Sendable, CaseIterable {
  /// ``SheetHost/present()``.
  case present
  /// ``SheetHost/dismiss()``.
  case dismiss
  /// ``SheetHost/snap(to:)``.
  case snap
  /// ``SheetHost/tap(x:y:)``.
  case tap
  /// ``SheetHost/touchDown(finger:x:y:time:)``.
  case panBegan = "pan_began"
  /// ``SheetHost/touchMove(finger:x:y:time:)``.
  case panChanged = "pan_changed"
  /// ``SheetHost/touchUp(finger:x:y:time:velocity:velocityX:)``.
  case panEnded = "pan_ended"
  /// ``SheetHost/touchCancel(finger:time:)``.
  case panCancelled = "pan_cancelled"
  /// ``SheetHost/resize(_:)``.
  case resize
  /// ``SheetHost/setContentHeight(_:)``.
  case content
  /// ``SheetHost/setScrollView(_:)``.
  case scrollView = "scroll_view"
  /// ``SheetHost/scroll(to:)``.
  case scrollTo = "scroll_to"
  /// ``SheetHost/setKeyboard(height:duration:)``.
  case keyboard
  /// ``SheetHost/back()``.
  case back
  /// ``SheetHost/performAccessibilityAction(_:)``.
  case accessibilityAction = "accessibility_action"
}
