/// An input a host hands ``SheetMachine``, named in the scenario language's words (the raw value is what
/// traces print, as in `ignored input=pan_began state=dismissed`).
public enum SheetInput: String, Sendable, CaseIterable {
  /// ``SheetMachine/present()``.
  case present
  /// ``SheetMachine/dismiss()``.
  case dismiss
  /// ``SheetMachine/snap(to:)``.
  case snap
  /// ``SheetMachine/tap(x:y:)``.
  case tap
  /// ``SheetMachine/panBegan(x:y:time:)``.
  case panBegan = "pan_began"
  /// ``SheetMachine/panChanged(x:y:time:)``.
  case panChanged = "pan_changed"
  /// ``SheetMachine/panEnded(x:y:time:velocity:velocityX:)``.
  case panEnded = "pan_ended"
  /// ``SheetMachine/panCancelled(x:y:time:)``.
  case panCancelled = "pan_cancelled"
  /// ``SheetMachine/resize(_:)``.
  case resize
  /// ``SheetMachine/setContentHeight(_:)``.
  case content
  /// ``SheetMachine/setScrollView(_:)``.
  case scrollView = "scroll_view"
  /// ``SheetMachine/scroll(to:)``.
  case scrollTo = "scroll_to"
  /// ``SheetMachine/setKeyboard(height:duration:)``.
  case keyboard
}
