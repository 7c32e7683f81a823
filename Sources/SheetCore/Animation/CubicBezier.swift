/// A CSS/UIKit timing function: the cubic Bézier from (0, 0) to (1, 1) with control points
/// `(x1, y1)` and `(x2, y2)`.
public struct CubicBezier: Sendable, Equatable {
  /// First control point x, in [0, 1].
  public var x1: Double
  /// First control point y.
  public var y1: Double
  /// Second control point x, in [0, 1].
  public var x2: Double
  /// Second control point y.
  public var y2: Double

  /// Creates a timing curve.
  /// - Parameters:
  ///   - x1: First control point x, in [0, 1].
  ///   - y1: First control point y.
  ///   - x2: Second control point x, in [0, 1].
  ///   - y2: Second control point y.
  public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    self.x1 = x1
    self.y1 = y1
    self.x2 = x2
    self.y2 = y2
  }

  /// Bernstein form of one coordinate: `3(1-s)^2 s p1 + 3(1-s) s^2 p2 + s^3`.
  static func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    let r = 1 - s
    return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
  }

  /// Derivative of ``coordinate(_:_:_:)`` with respect to `s`.
  static func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    let r = 1 - s
    return 3 * r * r * p1 + 6 * r * s * (p2 - p1) + 3 * s * s * (1 - p2)
  }

  /// Finds the curve parameter `s` whose x equals `u`: Newton's method from `s = u`, then bisection
  /// when Newton does not converge, to within 1e-6 in x.
  /// - Parameter u: Time progress in [0, 1].
  /// - Returns: The parameter `s` in [0, 1].
  public func parameter(forX u: Double) -> Double {
    let tolerance = 1e-7
    var s = u
    for _ in 0..<8 {
      let error = Self.coordinate(s, x1, x2) - u
      if abs(error) < tolerance { return s }
      let d = Self.slope(s, x1, x2)
      if abs(d) < 1e-9 { break }
      s -= error / d
      if s < 0 || s > 1 { break }
    }
    var lo = 0.0
    var hi = 1.0
    s = u
    while hi - lo > 1e-12 {
      let x = Self.coordinate(s, x1, x2)
      if abs(x - u) < tolerance { return s }
      if x < u { lo = s } else { hi = s }
      s = (lo + hi) / 2
    }
    return s
  }

  /// The eased progress and its slope at time progress `u`, solving for the curve parameter once.
  /// - Parameter u: Time progress, clamped to [0, 1].
  /// - Returns: The curve's y where its x equals `u`, and dy/du there (0 where dx/ds vanishes).
  public func sample(at u: Double) -> (value: Double, derivative: Double) {
    let clamped = min(max(u, 0), 1)
    let s = parameter(forX: clamped)
    let value = clamped == 0 || clamped == 1 ? clamped : Self.coordinate(s, y1, y2)
    let dx = Self.slope(s, x1, x2)
    return (value, abs(dx) < 1e-12 ? 0 : Self.slope(s, y1, y2) / dx)
  }

  /// The eased progress at time progress `u`.
  /// - Parameter u: Time progress, clamped to [0, 1].
  /// - Returns: The curve's y where its x equals `u`.
  public func value(at u: Double) -> Double { sample(at: u).value }

  /// The derivative dy/du at time progress `u` (multiply by distance / duration for pt/s).
  /// - Parameter u: Time progress, clamped to [0, 1].
  /// - Returns: dy/du, or 0 where dx/ds vanishes.
  public func derivative(at u: Double) -> Double { sample(at: u).derivative }
}
