import SheetCore
import SheetScript
import SheetTrace

/// The screen a scenario's sheet is made on and the content it shows, as the scenario's `screen {}` and
/// `content {}` calls left them (the reference screen at 120 frames per second and no content until
/// they say otherwise): the sheet is made with them, and a call once it exists changes both.
package struct ScenarioScreen {
  /// The screen's size and safe area.
  package var geometry = SheetGeometry.reference
  /// Frames per second, as `screen { fps = }` gave it (a command line's ``ScenarioOptions/fps`` wins).
  package var fps = 120.0
  /// The content's intrinsic height, if the scenario gave one.
  package var contentHeight: Double?
  /// The scroll view `content { scroll = ... }` described.
  package var scrollView: ScrollView?

  /// Takes a `screen {}` call: each field it gives replaces the screen's.
  /// - Returns: The screen's geometry after the call.
  package mutating func resize(
    width: Double?, height: Double?, safeTop: Double?, safeBottom: Double?, fps newFPS: Double?
  ) -> SheetGeometry {
    var next = geometry
    next.width = width ?? next.width
    next.height = height ?? next.height
    next.safeArea.top = safeTop ?? next.safeArea.top
    next.safeArea.bottom = safeBottom ?? next.safeArea.bottom
    geometry = next
    if let newFPS { fps = newFPS }
    return next
  }

  /// Takes a `content {}` call: the height it gives, and its scroll view's change.
  package mutating func change(height: Double?, scroll change: ScrollChange) {
    if let height { contentHeight = height }
    switch change {
    case .keep: break
    case .set(let view): scrollView = view
    case .remove: scrollView = nil
    }
  }
}
