import SheetCore
import SheetScript

/// The screen and what is on it besides the sheet: the device and its orientation, the keyboard, the
/// scroll view inside the content. Each goes through the host API and is recorded as the scenario call
/// that does the same.
extension PreviewSession {
  /// Puts the sheet on a device's screen in an orientation: the screen's size and its insets for that
  /// orientation (a rotation swaps the width and height and moves the insets: on a notched iPhone the
  /// top inset goes to the sides, the bottom one shrinks to the home indicator's), through
  /// `ScriptedSheet.resize(_:)`, recorded as `resize {}`.
  /// - Parameters:
  ///   - next: The device.
  ///   - landscape: Whether it is turned.
  func turn(to next: PreviewDevice, landscape turned: Bool) throws(PreviewError) {
    let g = sheet.configuration.geometry
    let geometry = next.geometry(landscape: turned, edge: g.edge)
    try call { () throws(SheetError) in try sheet.resize(geometry) }
    device = next
    landscape = turned
    layoutChanged = true
    recorder?.input(
      "resize { width = \(LuaLiteral.number(geometry.width)), height = \(LuaLiteral.number(geometry.height)), "
        + "safe_top = \(LuaLiteral.number(geometry.safeArea.top)), "
        + "safe_bottom = \(LuaLiteral.number(geometry.safeArea.bottom)) }")
  }

  /// The keyboard shows, changes height or hides (height 0) over `duration` seconds
  /// (`ScriptedSheet.setKeyboard(height:duration:)`), recorded as `keyboard {}`.
  func keyboard(height: Double, duration: Double) throws(PreviewError) {
    try call { () throws(SheetError) in try sheet.setKeyboard(height: height, duration: duration) }
    layoutChanged = true
    recorder?.input(
      "keyboard { height = \(LuaLiteral.number(height)), duration = \(LuaLiteral.number(duration)) }")
  }

  /// Describes the scroll view inside the content, or removes it (`ScriptedSheet.setScrollView(_:)`),
  /// recorded as `content { scroll = ... }`.
  func describeScrollView(_ view: ScrollView?) throws(PreviewError) {
    try call { () throws(SheetError) in try sheet.setScrollView(view) }
    layoutChanged = true
    recorder?.input("content { scroll = \(ScenarioRecorder.scrollTable(view)) }")
  }

  /// Sets the scroll view's content offset (`ScriptedSheet.scroll(to:)`), recorded as `scroll_to {}`.
  func scroll(to offset: Double) throws(PreviewError) {
    try call { () throws(SheetError) in try sheet.scroll(to: offset) }
    recorder?.input("scroll_to { offset = \(LuaLiteral.number(offset)) }")
  }
}
