import SheetCore
import SheetTrace

/// The scroll view inside the sheet's content: the host describes it (its frame within the sheet and
/// its content height) and the sheet keeps its offset, routing each pan that begins inside it to the
/// sheet or to the content as Apple's sheets do (see SheetCore's `ScrollRouting`). Draw the content at
/// ``scrollOffset`` every frame (`SheetFrame.scrollOffset` carries it too).
extension ScriptedSheet {
  /// The scroll view the host described; nil without one.
  public var scrollView: ScrollView? { machine.scrollView }

  /// The scroll view's content offset in points (0 at the content's top, past either end while
  /// rubber-banding); nil without a scroll view.
  public var scrollOffset: Double? { machine.scrollOffset }

  /// Describes the scroll view inside the content (nil removes it): its content height, the distance of
  /// its frame inside the sheet's leading edge and its frame height (nil: the rest of the sheet). A new
  /// description keeps the offset within the new content.
  /// - Parameter view: The scroll view, or nil.
  /// - Throws: `SheetError.invalidValue(field:value:)` for a content height, top or height out of
  ///   range (`scroll.contentHeight`, `scroll.top`, `scroll.height`); nothing changes then.
  public func setScrollView(_ view: ScrollView?) throws(SheetError) {
    try input { h throws(SheetError) in try h.setScrollView(view) }
  }

  /// Sets the content offset (`setContentOffset(_:animated: false)`), cut to the content's range; a
  /// deceleration or bounce stops. Without a scroll view it is recorded as an ignored `scroll_to`.
  /// - Parameter offset: The offset in points.
  /// - Throws: `SheetError.invalidValue(field:value:)` with field `offset` for a non-finite value or
  ///   one beyond ±10⁶ pt.
  public func scroll(to offset: Double) throws(SheetError) {
    try input { h throws(SheetError) in try h.scroll(to: offset) }
    gestureRecorder?.input(.scroll(t: machine.time, offset: offset))
  }
}
