import SheetCore

/// The finger's path: a minimum-jerk movement (Flash and Hogan, 1985) of `travel` points over
/// `duration` seconds, `p(t) = D (10 s³ - 15 s⁴ + 6 s⁵)` with `s = t / T`, whose speed peaks at
/// `1.875 D / T` mid-way; the finger lifts at `release` seconds, part-way along it, moving at the path's
/// speed then (a flick lifts early, fast; a drag late, slow).
extension GestureSynth {
  struct Path {
    /// D, points along the sheet's axis (screen y, screen x for a side sheet; positive down or right).
    var travel: Double
    /// T, seconds.
    var duration: Double
    /// The lift's time, seconds (at most T).
    var release: Double

    /// The finger's offset from its touch-down at `t`, points.
    func position(at t: Double) -> Double {
      let s = Formulas.clamp(t / duration, 0, 1)
      return travel * s * s * s * (10 - 15 * s + 6 * s * s)
    }

    /// The finger's velocity at `t`, pt/s: `D / T · 30 s² (1 - s)²`.
    func velocity(at t: Double) -> Double {
      let s = Formulas.clamp(t / duration, 0, 1)
      return travel / duration * 30 * s * s * (1 - s) * (1 - s)
    }
  }

  /// The peak speeds people's drags and flicks reach, pt/s: log-normal, median 700 with log deviation
  /// 0.8 (most between 300 and 1,600, a few flicks past 3,000).
  static let medianPeakSpeed = 700.0
  static let peakSpeedSpread = 0.8

  /// Draws a path: the duration uniform in 0.15 ... 0.6 s, the peak speed from the log-normal above, up
  /// or down with equal chance, and the lift uniform in 0.55 ... 1 of the duration.
  static func drawPath(_ random: inout SplitMix64) -> Path {
    let duration = random.uniform(0.15, 0.6)
    let peak = medianPeakSpeed * CMath.exp(peakSpeedSpread * random.gaussian())
    let direction = random.chance(0.5) ? 1.0 : -1.0
    let travel = direction * peak * duration / 1.875
    return Path(travel: travel, duration: duration, release: duration * random.uniform(0.55, 1))
  }
}
