/// A named UIKit timing curve or a custom cubic Bézier.
public enum Curve: Sendable, Equatable {
  /// Constant speed.
  case linear
  /// UIKit ease-in, Bézier (0.42, 0, 1, 1).
  case easeIn
  /// UIKit ease-out, Bézier (0, 0, 0.58, 1).
  case easeOut
  /// UIKit ease-in-out, Bézier (0.42, 0, 0.58, 1); `UIView.animate`'s default.
  case easeInOut
  /// A custom timing function with control points (x1, y1, x2, y2).
  case bezier(Double, Double, Double, Double)

  /// The curve as a cubic Bézier (linear is (0, 0, 1, 1)).
  public var bezier: CubicBezier {
    switch self {
    case .linear: CubicBezier(0, 0, 1, 1)
    case .easeIn: CubicBezier(0.42, 0, 1, 1)
    case .easeOut: CubicBezier(0, 0, 0.58, 1)
    case .easeInOut: CubicBezier(0.42, 0, 0.58, 1)
    case .bezier(let x1, let y1, let x2, let y2): CubicBezier(x1, y1, x2, y2)
    }
  }
}
