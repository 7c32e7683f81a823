/// The scroll view's physics: UIScrollView's deceleration, its rubber band past the ends and the bounce
/// back, each a small named function with its units and source. The offsets here are distances from the
/// scroll view's pinned edge (see ``SheetMachine/scrollOffset``); the formulas do not care which edge.
public enum ScrollPhysics {
  /// UIScrollView's normal deceleration rate, per millisecond (`UIScrollView.DecelerationRate.normal`,
  /// 0.998; `.fast` is 0.99): the rate the core's momentum projection uses by default.
  public static let decelerationRate = 0.998

  /// UIScrollView's rubber-band constant (0.55, as ``Formulas/rubberBand(overshoot:dimension:constant:)``
  /// documents; Grant Paul's reimplementation of the iOS 6 formula uses the same constant).
  public static let rubberBandConstant = 0.55

  /// The bounce back from past an end: a critically damped spring whose envelope `e^(-ωt)` falls to
  /// 1/1000 in 0.33 s (the return animation of The Iconfactory's UIKit reimplementation, Chameleon, takes
  /// 0.33 s), so `ω = ln 1000 / 0.33 ≈ 20.93 /s` and the response `2π / ω ≈ 0.300 s`
  /// (``Spring/withDuration(_:dampingRatio:)``'s mapping), played as a free spring to the core's height
  /// tolerances.
  public static let bounce: Motion = {
    let spring = Spring.withDuration(0.33, dampingRatio: 1)
    return .spring(dampingRatio: 1, response: spring.response)
  }()

  /// Where a released scroll is `t` seconds later, decelerating from `position` at `velocity`: UIScrollView
  /// multiplies the velocity by `rate` every millisecond, so after `n = 1000 t` ms it has travelled
  /// `(v / 1000) · r (1 − rⁿ) / (1 − r)`, which tends to ``Formulas/project(velocity:rate:)`` (the whole
  /// projection) as `n` grows.
  /// - Parameters:
  ///   - position: The offset at release, points.
  ///   - velocity: The offset's velocity at release, points per second.
  ///   - rate: Deceleration rate per millisecond, in (0, 1); UIKit 0.998 (normal) or 0.99 (fast).
  ///   - t: Seconds since the release (>= 0).
  /// - Returns: The offset (points) and its velocity `v · rⁿ` (points per second).
  public static func decelerate(from position: Double, velocity: Double, rate: Double, after t: Double)
    -> (offset: Double, velocity: Double)
  {
    let decay = CMath.exp(1000 * t * CMath.log(rate))
    return (position + Formulas.project(velocity: velocity, rate: rate) * (1 - decay), velocity * decay)
  }

  /// How long a deceleration from `position` at `velocity` takes to reach `edge`, seconds; nil when it
  /// comes to rest first (or moves away from it). Solves `p + D (1 − rⁿ) = edge` for `n = 1000 t`.
  /// - Parameters:
  ///   - position: The offset at release, points.
  ///   - velocity: Its velocity, points per second.
  ///   - rate: Deceleration rate per millisecond.
  ///   - edge: The offset of the end, points.
  /// - Returns: Seconds, or nil.
  public static func timeToReach(_ edge: Double, from position: Double, velocity: Double, rate: Double)
    -> Double?
  {
    let total = Formulas.project(velocity: velocity, rate: rate)
    let distance = edge - position
    guard total != 0, distance * total >= 0, abs(distance) < abs(total) else { return nil }
    return CMath.log(1 - distance / total) / CMath.log(rate) / 1000
  }

  /// The offset shown for a virtual position `x` (where the finger or the motion would put it): `x`
  /// within `[lower, upper]`, past an end the overshoot rubber-banded over the frame's height
  /// (``Formulas/rubberBand(overshoot:dimension:constant:)`` with ``rubberBandConstant``); with no height
  /// to band over, a hard stop at the end.
  /// - Parameters:
  ///   - x: The virtual offset, points.
  ///   - lower: The lower end (0), points.
  ///   - upper: The upper end (the largest offset), points (>= lower).
  ///   - dimension: The frame's height, points (>= 0).
  /// - Returns: The shown offset, points, within `(lower - dimension, upper + dimension)`.
  public static func shown(_ x: Double, lower: Double, upper: Double, dimension: Double) -> Double {
    if x > upper { return upper + band(x - upper, dimension) }
    if x < lower { return lower - band(lower - x, dimension) }
    return x
  }

  /// The virtual offset whose ``shown(_:lower:upper:dimension:)`` offset is `shown` (the rubber band
  /// inverted, `x = (d / c) · b / (d − b)`), so a finger that catches a rubber-banded scroll view moves
  /// it on from where it is shown.
  /// - Parameters:
  ///   - shown: The shown offset, points.
  ///   - lower: The lower end, points.
  ///   - upper: The upper end, points.
  ///   - dimension: The frame's height, points.
  /// - Returns: The virtual offset, points.
  public static func virtual(_ shown: Double, lower: Double, upper: Double, dimension: Double) -> Double {
    if shown > upper { return upper + unband(shown - upper, dimension) }
    if shown < lower { return lower - unband(lower - shown, dimension) }
    return shown
  }

  private static func band(_ overshoot: Double, _ dimension: Double) -> Double {
    dimension > 0
      ? Formulas.rubberBand(overshoot: overshoot, dimension: dimension, constant: rubberBandConstant) : 0
  }

  private static func unband(_ shown: Double, _ dimension: Double) -> Double {
    guard dimension > 0 else { return 0 }
    let b = min(shown, dimension * (1 - 1e-12))
    return dimension / rubberBandConstant * b / (dimension - b)
  }
}

extension ScrollPhysics {
  /// The rate of the shown offset per unit of the virtual one at `x`: 1 within the range, past an end
  /// the rubber band's derivative `c d² / (x c + d)²` (x the overshoot); 0 with no height to band over.
  /// - Parameters:
  ///   - x: The virtual offset, points.
  ///   - lower: The lower end, points.
  ///   - upper: The upper end, points.
  ///   - dimension: The frame's height, points.
  /// - Returns: A dimensionless slope in [0, 1].
  public static func slope(_ x: Double, lower: Double, upper: Double, dimension: Double) -> Double {
    let overshoot = x > upper ? x - upper : x < lower ? lower - x : 0
    guard overshoot > 0 else { return 1 }
    guard dimension > 0 else { return 0 }
    let c = rubberBandConstant
    let root = overshoot * c + dimension
    return c * dimension * dimension / (root * root)
  }
}
