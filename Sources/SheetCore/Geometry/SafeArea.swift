/// Safe-area insets along the sheet's axis, in points.
public struct SafeArea: Sendable, Equatable {
  /// Inset from the screen's top edge (status bar, notch).
  public var top: Double
  /// Inset from the screen's bottom edge (home indicator).
  public var bottom: Double

  /// Creates insets.
  /// - Parameters:
  ///   - top: Top inset in points.
  ///   - bottom: Bottom inset in points.
  public init(top: Double = 0, bottom: Double = 0) {
    self.top = top
    self.bottom = bottom
  }
}
