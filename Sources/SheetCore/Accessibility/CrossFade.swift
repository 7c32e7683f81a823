/// A running cross-fade (the transition a sheet plays under reduce motion, ``TransitionAnimation/crossFade``):
/// the sheet is already at its new height and fades in there while a picture of it at the old height
/// fades out, as iOS replaces a slide by a cross-dissolve when Reduce Motion is on
/// (`UIAccessibility.isReduceMotionEnabled`, `prefersCrossFadeTransitions`).
public struct CrossFade: Sendable, Equatable {
  /// The height (pt) the sheet fades out from (0 for a presentation: nothing to fade out).
  public var from: Double
  /// The fade's progress in [0, 1]: the sheet at its height is drawn with this opacity, the picture at
  /// ``from`` with `1 - progress`.
  public var progress: Double

  /// Creates a cross-fade.
  /// - Parameters:
  ///   - from: The old height, points.
  ///   - progress: Progress in [0, 1].
  public init(from: Double, progress: Double) {
    self.from = from
    self.progress = progress
  }
}
