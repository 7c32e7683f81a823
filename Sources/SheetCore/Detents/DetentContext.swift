/// What a detent resolver sees: the screen, the available height and the content's height.
public struct DetentContext: Sendable {
  /// The current geometry.
  public var geometry: SheetGeometry
  /// `geometry.availableHeight`, repeated for convenience.
  public var availableHeight: Double
  /// The content's intrinsic height in points, or nil when the host has not given one.
  public var contentHeight: Double?

  /// Creates a context.
  /// - Parameters:
  ///   - geometry: The screen.
  ///   - contentHeight: The content's intrinsic height, if known.
  public init(geometry: SheetGeometry, contentHeight: Double?) {
    self.geometry = geometry
    self.availableHeight = geometry.availableHeight
    self.contentHeight = contentHeight
  }
}
