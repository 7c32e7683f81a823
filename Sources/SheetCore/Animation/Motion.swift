/// How one value (height or backdrop) moves from where it is to its target.
public enum Motion: Sendable, Equatable {
  /// A timing curve over a duration in seconds.
  case curve(Curve, duration: Double)
  /// A spring by damping ratio and response (seconds); it starts with the value's current velocity.
  case spring(dampingRatio: Double, response: Double)
  /// A spring as `UIViewPropertyAnimator(duration:dampingRatio:)` gives it, mapped by
  /// ``Spring/withDuration(_:dampingRatio:)``; it also starts with the current velocity, and like the
  /// animator it ends at its duration at the latest (snapping the residual, at most about 0.8% of the
  /// distance for ζ = 1, to the target).
  case springDuration(duration: Double, dampingRatio: Double)
  /// A spring in any form (damping ratio and response, duration and damping ratio, Reanimated's
  /// stiffness, damping and mass, Apple's duration and bounce) with its options: the share of the
  /// current velocity it starts with, rest tolerances, overshoot clamping.
  case springMotion(SpringMotion)
  /// A timing curve the policy evaluates, ``SheetPolicy/curve(_:at:)`` with this identifier, at every
  /// frame's time progress, over a duration in seconds. A script error, or a value that is not finite or lies
  /// outside [-10, 10], ends the curve: the motion goes on from where it is with the built-in ease-in-out
  /// over the time left.
  case customCurve(Int, duration: Double)

  /// A message describing why the motion cannot run, or nil when its numbers are usable.
  ///
  /// Durations must be finite and in [0, 60] s; damping ratios finite and in (0, 100]; responses and
  /// spring durations finite and in (0, 60] s; Bézier x control points in [0, 1]; the other spring
  /// forms as ``SpringMotion/problem`` says.
  public var problem: String? {
    switch self {
    case .curve(let curve, let d):
      if !(d.isFinite && d >= 0 && d <= 60) { return "curve duration \(d)" }
      if case .bezier(let x1, let y1, let x2, let y2) = curve {
        let ok = [x1, y1, x2, y2].allSatisfy(\.isFinite) && (0...1).contains(x1) && (0...1).contains(x2)
        if !ok { return "bezier (\(x1), \(y1), \(x2), \(y2))" }
      }
      return nil
    case .spring(let zeta, let response):
      if !(zeta.isFinite && zeta > 0 && zeta <= 100) { return "spring damping ratio \(zeta)" }
      if !(response.isFinite && response > 0 && response <= 60) { return "spring response \(response)" }
      return nil
    case .springDuration(let d, let zeta):
      if !(zeta.isFinite && zeta > 0 && zeta <= 100) { return "spring damping ratio \(zeta)" }
      if !(d.isFinite && d > 0 && d <= 60) { return "spring duration \(d)" }
      return nil
    case .springMotion(let spring):
      return spring.problem
    case .customCurve(_, let d):
      if !(d.isFinite && d >= 0 && d <= 60) { return "curve duration \(d)" }
      return nil
    }
  }
}
