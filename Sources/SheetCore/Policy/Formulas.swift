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

  /// The fractional detent index of a height: 0 at the lowest detent, 1 at the next, 1.5 halfway (by
  /// height) between the second and the third, and from 0 down to -1 as the height goes from the lowest
  /// detent to 0; clamped to `[-1, n - 1]`.
  ///
  /// Piecewise-linear through the points `(0, -1), (h0, 0), (h1, 1), ...`; between two detents of the
  /// same height the higher index wins. Source: gorhom's bottom sheet, whose `animatedIndex` interpolates
  /// the sheet's position over its snap points and the closed position (index -1) with clamping.
  /// - Parameters:
  ///   - height: The sheet's height in points.
  ///   - detents: The detents' heights in points, ascending.
  /// - Returns: The index, dimensionless; -1 without detents.
  public static func detentIndex(height: Double, detents: some Collection<Double>) -> Double {
    var below = 0.0  // the height of the point below, index - 1 at first
    var index = -1.0
    for h in detents {
      if height < h { return index + max(0, height - below) / (h - below) }
      below = h
      index += 1
    }
    return index
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
