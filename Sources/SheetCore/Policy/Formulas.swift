/// The physics formulas of <doc:TheStateMachine>, each a small named function.
public enum Formulas {
  /// Momentum projection: how far a release at `velocity` travels under a per-millisecond deceleration.
  ///
  /// `d = (v / 1000) * r / (1 - r)`; with `r = 0.998` (UIScrollView's normal rate) `d ≈ 0.499 v`.
  /// Source: WWDC 2018 "Designing Fluid Interfaces", FloatingPanel.
  /// - Parameters:
  ///   - velocity: Release velocity in points per second (any sign).
  ///   - rate: Deceleration rate per millisecond, in (0, 1); tuning range 0.99 (fast stop) ... 0.999.
  /// - Returns: Signed distance in points.
  public static func project(velocity: Double, rate: Double) -> Double {
    (velocity / 1000) * rate / (1 - rate)
  }

  /// Rubber band: the shown offset for an over-drag `x` past an edge.
  ///
  /// `b = (1 - 1 / (x * c / d + 1)) * d`; x = 100, d = 800, c = 0.55 gives about 51.
  /// Source: FloatingPanel's `rubberBandEffect`; 0.55 is UIScrollView's constant.
  /// - Parameters:
  ///   - overshoot: Over-drag x in points (>= 0).
  ///   - dimension: Container size d in points (> 0); the available height for sheets.
  ///   - constant: Stiffness c, dimensionless; tuning range 0.3 (stiff) ... 1 (loose), UIKit 0.55.
  /// - Returns: The shown offset in points, in [0, d).
  public static func rubberBand(overshoot: Double, dimension: Double, constant: Double) -> Double {
    (1 - 1 / (overshoot * constant / dimension + 1)) * dimension
  }

  /// Clamps `x` to `[lo, hi]`.
  /// - Parameters:
  ///   - x: The value.
  ///   - lo: Lower bound.
  ///   - hi: Upper bound (>= lo).
  /// - Returns: `min(max(x, lo), hi)`.
  public static func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double {
    min(max(x, lo), hi)
  }

  /// Index of the value in `list` nearest `x`; the first wins a tie.
  /// - Parameters:
  ///   - x: The value.
  ///   - list: Candidates (non-empty for a result).
  /// - Returns: The index, or nil for an empty list.
  public static func nearest(_ x: Double, in list: [Double]) -> Int? {
    var best: Int?
    var bestDistance = Double.infinity
    for (i, v) in list.enumerated() where abs(x - v) < bestDistance {
      best = i
      bestDistance = abs(x - v)
    }
    return best
  }
}
