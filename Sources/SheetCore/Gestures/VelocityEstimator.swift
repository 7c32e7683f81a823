/// Estimates a finger's screen velocity, vertical and horizontal, from its recent samples.
///
/// Method (after Android's `VelocityTracker` LSQ strategy, which tracks each axis alike): keep the last
/// 32 samples `(t, x, y)` in a fixed ring buffer; at release time `T`, take the samples with
/// `T - 0.1 s <= t <= T`, fit the line `y = a + b t` (and `x = a' + b' t`) by ordinary least squares
/// (times taken relative to the newest sample for conditioning; x also relative to the newest x, so a
/// finger moving only vertically has a horizontal velocity of exactly 0) and return its slope `b` in
/// points per second. Fewer than two samples, or all at the same instant,
/// give 0; so does a newest sample more than 40 ms older than `T` (the finger had stopped: Android's
/// `ASSUME_POINTER_STOPPED_TIME`). The slope is clamped to ±``SheetLimits/maximumVelocity`` (samples a
/// hair apart in time with a large jump in y would otherwise give an absurd or infinite speed). An explicit
/// release velocity given to the machine overrides this.
/// Adding and estimating allocate nothing.
public struct VelocityEstimator: Sendable {
  /// Ring capacity in samples.
  public static let capacity = 32
  /// Samples older than this before the estimate's time are ignored, seconds.
  public static let window = 0.1
  /// A newest sample older than this before the estimate's time means the finger stopped, seconds.
  public static let stoppedAfter = 0.04

  private var times: [Double]
  private var ys: [Double]
  private var xs: [Double]
  private var next = 0
  private(set) var count = 0

  /// Creates an empty estimator (allocates its ring once).
  public init() {
    times = Array(repeating: 0, count: Self.capacity)
    ys = Array(repeating: 0, count: Self.capacity)
    xs = Array(repeating: 0, count: Self.capacity)
  }

  /// Forgets every sample (keeps the ring).
  public mutating func reset() {
    next = 0
    count = 0
  }

  /// Records a sample.
  /// - Parameters:
  ///   - x: Screen x in points (0 for a caller tracking y alone).
  ///   - y: Screen y in points.
  ///   - time: Seconds.
  public mutating func add(x: Double = 0, y: Double, time: Double) {
    times[next] = time
    ys[next] = y
    xs[next] = x
    next = (next + 1) % Self.capacity
    count = min(count + 1, Self.capacity)
  }

  /// The least-squares vertical velocity at `time`.
  /// - Parameter time: The release (or current) time in seconds.
  /// - Returns: Screen-y velocity in points per second (positive = downward), within
  ///   ±``SheetLimits/maximumVelocity``.
  public func velocity(at time: Double) -> Double {
    slope(of: ys, relativeToNewest: false, at: time)
  }

  /// The least-squares horizontal velocity at `time`, by the same fit as ``velocity(at:)``.
  /// - Parameter time: The release (or current) time in seconds.
  /// - Returns: Screen-x velocity in points per second (positive = rightward), within
  ///   ±``SheetLimits/maximumVelocity``.
  public func velocityX(at time: Double) -> Double {
    slope(of: xs, relativeToNewest: true, at: time)
  }

  /// The slope of the least-squares line through the window's samples of `values`, pt/s.
  /// - Parameters:
  ///   - values: One coordinate's ring (`ys` or `xs`).
  ///   - relativeToNewest: Whether the values are taken relative to the newest one (the slope is the
  ///     same; a coordinate that never moves then gives exactly 0). The y fit keeps absolute values,
  ///     as it always has, so its figures are unchanged.
  ///   - time: The estimate's time in seconds.
  private func slope(of values: [Double], relativeToNewest: Bool, at time: Double) -> Double {
    guard count >= 2 else { return 0 }
    let newest = (next + Self.capacity - 1) % Self.capacity
    let t0 = times[newest]
    if time - t0 > Self.stoppedAfter { return 0 }
    let base = relativeToNewest ? values[newest] : 0
    var n = 0.0
    var sumT = 0.0
    var sumY = 0.0
    var sumTT = 0.0
    var sumTY = 0.0
    for k in 0..<count {
      let i = (newest + Self.capacity - k) % Self.capacity
      let t = times[i]
      guard t >= time - Self.window, t <= time else { continue }
      let rt = t - t0
      let v = values[i] - base
      n += 1
      sumT += rt
      sumY += v
      sumTT += rt * rt
      sumTY += rt * v
    }
    guard n >= 2 else { return 0 }
    let denominator = n * sumTT - sumT * sumT
    guard abs(denominator) > 1e-18 else { return 0 }
    return SheetLimits.clamp(velocity: (n * sumTY - sumT * sumY) / denominator)
  }
}
