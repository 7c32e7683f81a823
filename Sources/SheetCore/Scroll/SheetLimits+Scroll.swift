extension SheetLimits {
  /// Checks a scroll view: a finite content height in [0, ``maximumCoordinate``], a finite top and
  /// height (when given) in [0, ``maximumScreenExtent``].
  /// - Parameter view: The scroll view.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` naming the first bad field
  ///   (`scroll.contentHeight`, `scroll.top`, `scroll.height`).
  public static func check(scrollView view: ScrollView) throws(SheetError) {
    guard view.contentHeight.isFinite, view.contentHeight >= 0, view.contentHeight <= maximumCoordinate
    else { throw .invalidValue(field: "scroll.contentHeight", value: view.contentHeight) }
    guard view.top.isFinite, view.top >= 0, view.top <= maximumScreenExtent else {
      throw .invalidValue(field: "scroll.top", value: view.top)
    }
    if let height = view.height, !(height.isFinite && height >= 0 && height <= maximumScreenExtent) {
      throw .invalidValue(field: "scroll.height", value: height)
    }
  }
}
