/// The scroll view as policies see it (``SheetSnapshot/scroll``, and the `scroll` argument of
/// ``SheetPolicy/scrollOwner(_:_:)``).
public struct ScrollSnapshot: Sendable, Equatable {
  /// The content offset, points: 0 at the content's top, ``maxOffset`` at its end; past either while
  /// rubber-banding.
  public var offset: Double
  /// The content's height, points.
  public var contentHeight: Double
  /// The frame's height now, points.
  public var height: Double
  /// The frame's distance inside the sheet's leading edge, points.
  public var top: Double
  /// The largest offset at rest, points (0 when the content fits).
  public var maxOffset: Double
  /// The offset's rate, points per second (+ = the offset grows, the content moves up).
  public var velocity: Double

  /// Whether the content is at (or pulled past) its top: `offset <= 0`.
  public var atTop: Bool { offset <= 0 }
}
