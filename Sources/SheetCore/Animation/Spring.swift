/// A damped harmonic oscillator of mass 1 described by damping ratio and response (the physics in
/// <doc:TheStateMachine>).
///
/// Stiffness `k = (2π / T)^2`, damping `c = 4π ζ / T`, so the undamped angular frequency is
/// `ω0 = 2π / T`. Positions are displacements from the target in points, velocities in points per second.
public struct Spring: Sendable, Equatable {
  /// Damping ratio ζ: 1 critically damped, < 1 overshoots, > 1 creeps. Tuning range 0.05 ... 20.
  public var dampingRatio: Double
  /// Response T in seconds: the period of the undamped oscillation. Tuning range 0.05 ... 2.
  public var response: Double

  /// Creates a spring.
  /// - Parameters:
  ///   - dampingRatio: ζ, dimensionless.
  ///   - response: T, seconds.
  public init(dampingRatio: Double, response: Double) {
    self.dampingRatio = dampingRatio
    self.response = response
  }

  /// The spring `UIViewPropertyAnimator(duration:dampingRatio:)` approximates: its decay envelope reaches
  /// 1/1000 of the start at `duration`.
  ///
  /// `ω0 = ln(1000) / (d · k(ζ))` with `k(ζ) = ζ` for ζ <= 1 and `ζ - sqrt(ζ² - 1)` for ζ > 1 (the slow
  /// root's rate); ζ is clamped to >= 0.05; `T = 2π / ω0`. Source: <doc:TheStateMachine> (the mapping is
  /// ours; UIKit's exact one is not public).
  /// - Parameters:
  ///   - duration: d, seconds (> 0).
  ///   - dampingRatio: ζ.
  /// - Returns: The equivalent spring.
  public static func withDuration(_ duration: Double, dampingRatio: Double) -> Spring {
    let zeta = max(dampingRatio, 0.05)
    let k = zeta <= 1 ? zeta : zeta - (zeta * zeta - 1).squareRoot()
    let omega0 = CMath.log(1000) / (duration * k)
    return Spring(dampingRatio: zeta, response: 2 * Double.pi / omega0)
  }

  /// Undamped angular frequency ω0 = 2π / T, radians per second.
  public var angularFrequency: Double { 2 * Double.pi / response }
  /// Stiffness k = (2π / T)^2 for mass 1.
  public var stiffness: Double { angularFrequency * angularFrequency }
  /// Damping coefficient c = 4π ζ / T for mass 1.
  public var damping: Double { 4 * Double.pi * dampingRatio / response }

  /// The closed-form displacement and velocity after `t` seconds.
  /// - Parameters:
  ///   - t: Seconds since the start.
  ///   - x0: Initial displacement from the target, points.
  ///   - v0: Initial velocity, points per second.
  /// - Returns: Displacement `x` and velocity `v` at `t`.
  public func state(at t: Double, x0: Double, v0: Double) -> (x: Double, v: Double) {
    let w = angularFrequency
    let zeta = dampingRatio
    if abs(zeta - 1) < 1e-6 {
      let b = v0 + w * x0
      let e = CMath.exp(-w * t)
      return ((x0 + b * t) * e, (b - w * (x0 + b * t)) * e)
    }
    if zeta < 1 {
      let wd = w * (1 - zeta * zeta).squareRoot()
      let a = x0
      let b = (v0 + zeta * w * x0) / wd
      let e = CMath.exp(-zeta * w * t)
      let c = CMath.cos(wd * t)
      let s = CMath.sin(wd * t)
      let x = e * (a * c + b * s)
      let v = e * ((b * wd - zeta * w * a) * c - (a * wd + zeta * w * b) * s)
      return (x, v)
    }
    let root = (zeta * zeta - 1).squareRoot()
    let r1 = -w * (zeta - root)
    let r2 = -w * (zeta + root)
    let c2 = (v0 - r1 * x0) / (r2 - r1)
    let c1 = x0 - c2
    let e1 = CMath.exp(r1 * t)
    let e2 = CMath.exp(r2 * t)
    return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
  }

  /// One frame of the spring taken as FloatingPanel takes it: an implicit (backward) Euler step of length
  /// `h` for the position, then the velocity from the new position.
  ///
  /// With `ω = 2π / T` and `f = 1 + 2hζω`: `x ← (f x + h v) / (f + h²ω²)`, then
  /// `v ← (v − h ω² x) / (f + h²ω²)` with the new `x`, in displacements from the target. Source:
  /// scenee/FloatingPanel `Sources/Core.swift`, `NumericSpringAnimator.spring(x:v:xt:zeta:omega:h:)`,
  /// called once per `CADisplayLink` frame with `h = targetTimestamp − timestamp` (its `x ← (f x + h v +
  /// h²ω² xt) / det` is this step with `x` measured from `xt`). Its velocity line reads the position it
  /// has just written, not the one the step started from, so it is not the textbook implicit Euler
  /// velocity `(v − h ω² x₀) / det`; the step is reproduced as written.
  /// - Parameters:
  ///   - x: Displacement from the target, points.
  ///   - v: Velocity, points per second.
  ///   - h: The frame's interval, seconds (> 0).
  /// - Returns: Displacement and velocity after the frame.
  public func frameStep(x: Double, v: Double, h: Double) -> (x: Double, v: Double) {
    let w = angularFrequency
    let f = 1 + 2 * h * dampingRatio * w
    let hw2 = h * w * w
    let det = f + h * hw2
    let x1 = (f * x + h * v) / det
    return (x1, (v - hw2 * x1) / det)
  }

  /// An upper bound on the time after which the spring, started at `x0` with `v0`, stays within
  /// `position` of its target and slower than `speed` (what `MotionPlayer` waits for).
  ///
  /// From the closed form's envelopes: for ζ < 1, `|x| <= R e^(-ζωt)` and `|v| <= R ω e^(-ζωt)` with
  /// `R = sqrt(x0² + b²)`; for ζ = 1, `t e^(-ωt/2) <= 2 / (e ω)` bounds the polynomial factor, leaving
  /// the rate ω/2; for ζ > 1, the sums of both terms' magnitudes decay at the slow root's rate. The
  /// bound is the later of the two times each envelope needs to fall below its tolerance.
  /// - Parameters:
  ///   - x0: Initial displacement from the target, points.
  ///   - v0: Initial velocity, points per second.
  ///   - position: The displacement tolerance (> 0).
  ///   - speed: The speed tolerance (> 0).
  /// - Returns: Seconds (0 when already within both), or infinity when the spring never settles (a
  ///   non-positive or non-finite ratio or frequency) or the numbers overflow.
  public func settlingTime(x0: Double, v0: Double, position: Double, speed: Double) -> Double {
    let w = angularFrequency
    let zeta = dampingRatio
    guard w.isFinite, w > 0, zeta.isFinite, zeta > 0, x0.isFinite, v0.isFinite else { return .infinity }
    let rate: Double
    let xAmplitude: Double
    let vAmplitude: Double
    if abs(zeta - 1) < 1e-6 {
      let b = v0 + w * x0
      let tail = 2 * abs(b) / (CMath.exp(1) * w)
      rate = w / 2
      xAmplitude = abs(x0) + tail
      vAmplitude = abs(b) + w * abs(x0) + w * tail
    } else if zeta < 1 {
      let wd = w * (1 - zeta * zeta).squareRoot()
      let b = (v0 + zeta * w * x0) / wd
      let r = (x0 * x0 + b * b).squareRoot()
      rate = zeta * w
      xAmplitude = r
      vAmplitude = r * w
    } else {
      let root = (zeta * zeta - 1).squareRoot()
      let r1 = -w * (zeta - root)
      let r2 = -w * (zeta + root)
      let c2 = (v0 - r1 * x0) / (r2 - r1)
      let c1 = x0 - c2
      rate = -r1
      xAmplitude = abs(c1) + abs(c2)
      vAmplitude = abs(c1 * r1) + abs(c2 * r2)
    }
    func time(_ amplitude: Double, _ tolerance: Double) -> Double {
      amplitude <= tolerance ? 0 : CMath.log(amplitude / tolerance) / rate
    }
    let t = max(time(xAmplitude, position), time(vAmplitude, speed))
    return t.isFinite && rate > 0 ? t : .infinity
  }
}
