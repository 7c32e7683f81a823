import SheetCore
import SheetTrace

/// The calls that change the screen or the content (`screen {}`, `resize {}`, `content {}`,
/// `set_content_height`), in two halves: the screen takes them whether or not the sheet exists (it is
/// made with them), and the sheet, once it exists, is changed with them. A scenario's session, `sheet
/// bench`'s replay and `sheet fuzz` carry them out through these.
extension ScenarioScreen {
  /// Takes a screen or content call into the screen and content the sheet is made with.
  /// - Parameter action: The call.
  /// - Returns: Whether it was a screen or content call (any other changes nothing).
  package mutating func take(_ action: ScenarioAction) -> Bool {
    switch action {
    case .screen(let width, let height, let safeTop, let safeBottom, let newFPS):
      _ = resize(width: width, height: height, safeTop: safeTop, safeBottom: safeBottom, fps: newFPS)
    case .content(let height, let scroll):
      change(height: height, scroll: scroll)
    default:
      return false
    }
    return true
  }

  /// Carries out on the sheet a screen or content call this screen took (``take(_:)``): the new
  /// geometry (and frame rate, unless one is fixed from outside), the content height and scroll view.
  /// - Parameters:
  ///   - action: The call.
  ///   - d: The sheet.
  ///   - fpsFixed: Whether a frame rate given from outside (`--fps`) wins over the call's.
  /// - Throws: `SheetError` for a value the sheet refuses.
  package func apply(_ action: ScenarioAction, to d: inout SheetDriver, fpsFixed: Bool) throws(SheetError) {
    switch action {
    case .screen(_, _, _, _, let newFPS):
      if let newFPS, !fpsFixed { d.fps = newFPS }
      let next = geometry
      try d.apply { m throws(SheetError) in try m.resize(next) }
    case .content(let height, let change):
      if let height { try d.apply { m throws(SheetError) in try m.setContentHeight(height) } }
      switch change {
      case .keep: break
      case .set(let view): try d.apply { m throws(SheetError) in try m.setScrollView(view) }
      case .remove: try d.apply { m throws(SheetError) in try m.setScrollView(nil) }
      }
    default:
      break
    }
  }
}
