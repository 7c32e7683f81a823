/// The animation of one transition: the height's motion, the backdrop's, and a dismiss slide.
public struct TransitionAnimation: Sendable, Equatable {
  /// How the height moves.
  public var height: Motion
  /// How the backdrop moves; nil = it follows the height's progress (clamped to [0, 1]).
  public var backdrop: Motion?
  /// Dismiss only: slide by this many points instead of to 0; the final height is `max(0, h - slide)`.
  public var slide: Double?
  /// Whether the transition cross-fades instead of moving (``CrossFade``): the height goes to its end at
  /// once and the motion's progress fades the sheet in there (and its old place out). Reduce motion's
  /// default (``DefaultPolicy/reducedAnimation(for:_:)``).
  public var crossFade = false

  /// Creates an animation.
  /// - Parameters:
  ///   - height: How the height moves.
  ///   - backdrop: How the backdrop moves (nil = with the height's progress).
  ///   - slide: Dismiss slide distance in points (nil = to 0).
  ///   - crossFade: Whether it cross-fades instead of moving.
  public init(height: Motion, backdrop: Motion? = nil, slide: Double? = nil, crossFade: Bool = false) {
    self.height = height
    self.backdrop = backdrop
    self.slide = slide
    self.crossFade = crossFade
  }

  /// The built-in animation the machine plays when neither the policy's animation nor the default policy's
  /// fallback's can be played: ease-out over 0.25 s (UIKit's sheet), which always ends.
  public static let lastResort = TransitionAnimation(height: .curve(.easeOut, duration: 0.25))

  /// A message describing why the animation cannot run, or nil when it is usable.
  public var problem: String? {
    if let p = height.problem { return "height: \(p)" }
    if let p = backdrop?.problem { return "backdrop: \(p)" }
    if let s = slide, !(s.isFinite && s >= 0) { return "slide \(s)" }
    return nil
  }
}
