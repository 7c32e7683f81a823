/// A spring in any of its forms, with the options every form takes: the share of the current velocity it
/// starts with, its rest tolerances and overshoot clamping.
///
/// ``Motion/spring(dampingRatio:response:)`` and ``Motion/springDuration(duration:dampingRatio:)`` are
/// the first two forms with the default options; ``Motion/springMotion(_:)`` carries this type.
public struct SpringMotion: Sendable, Equatable {
  /// How the spring's stiffness and damping are given.
  public enum Form: Sendable, Equatable {
    /// Damping ratio ζ and response T (seconds per undamped cycle), as ``Spring`` holds them.
    case response(dampingRatio: Double, response: Double)
    /// `UIViewPropertyAnimator(duration:dampingRatio:)`: ``Spring/withDuration(_:dampingRatio:)``, ending at
    /// `duration` at the latest.
    case duration(Double, dampingRatio: Double)
    /// Reanimated's physical form: stiffness k, damping c and mass m (see ``physicsSpring(stiffness:damping:mass:)``).
    case physics(stiffness: Double, damping: Double, mass: Double)
    /// Apple's `Spring(duration:bounce:)` (iOS 17): see ``bounceSpring(duration:bounce:)``.
    case bounce(duration: Double, bounce: Double)
  }

  /// The stiffness and damping.
  public var form: Form
  /// The share of the value's current velocity the spring starts with: 1 carries all of it, 0 none.
  /// Range 0 to 10.
  public var velocityFraction: Double
  /// The displacement within which the spring may rest (with ``restSpeed``), in the value's units
  /// (points for a height); nil: the value's own tolerance (0.5 pt for a height).
  public var restDistance: Double?
  /// The speed below which the spring may rest, in the value's units per second; nil: the value's own
  /// tolerance (1 pt/s for a height).
  public var restSpeed: Double?
  /// Overshoot clamping: the motion ends the first frame it reaches or crosses its target (Reanimated's
  /// `overshootClamping`).
  public var clamps: Bool
  /// Frame by frame: one ``Spring/frameStep(x:v:h:)`` per frame with the frame's own interval instead of
  /// the closed form at the elapsed time, as FloatingPanel's `NumericSpringAnimator` moves; it rests when
  /// within ``restDistance`` of its target after a frame that moved it at most that far (the animator's
  /// test, with one pixel, `1 / displayScale` pt), so it takes no ``restSpeed``.
  public var stepped: Bool

  /// Creates a spring motion.
  /// - Parameters:
  ///   - form: The stiffness and damping.
  ///   - velocityFraction: The share of the current velocity it starts with (default 1).
  ///   - restDistance: The rest displacement tolerance (nil: the value's own).
  ///   - restSpeed: The rest speed tolerance (nil: the value's own).
  ///   - clamps: Whether it ends at the target instead of overshooting (default false).
  ///   - stepped: Whether it moves one implicit step per frame (default false: the closed form).
  public init(
    _ form: Form, velocityFraction: Double = 1, restDistance: Double? = nil, restSpeed: Double? = nil,
    clamps: Bool = false, stepped: Bool = false
  ) {
    self.form = form
    self.velocityFraction = velocityFraction
    self.restDistance = restDistance
    self.restSpeed = restSpeed
    self.clamps = clamps
    self.stepped = stepped
  }

  /// Apple's preset bounces (SwiftUI `Spring.smooth`, `.snappy`, `.bouncy`): 0, 0.15 and 0.3, each with a
  /// default duration of 0.5 s. Source: the `snappy(duration:extraBounce:)` and `bouncy(duration:extraBounce:)`
  /// documentation ("the base bounce of 0.15", "of 0.3") and `smooth` ("no bounce").
  public enum Preset: String, Sendable, CaseIterable {
    /// No bounce.
    case smooth
    /// A small bounce, 0.15.
    case snappy
    /// A larger bounce, 0.3.
    case bouncy

    /// The preset's bounce.
    public var bounce: Double {
      switch self {
      case .smooth: 0
      case .snappy: 0.15
      case .bouncy: 0.3
      }
    }

    /// Apple's default duration of every preset, in seconds.
    public static let defaultDuration = 0.5
  }

  /// A preset as its `duration`/`bounce` form.
  /// - Parameters:
  ///   - preset: The preset.
  ///   - duration: Seconds (default 0.5, Apple's).
  /// - Returns: The spring motion with default options.
  public static func preset(_ preset: Preset, duration: Double = Preset.defaultDuration) -> SpringMotion {
    SpringMotion(.bounce(duration: duration, bounce: preset.bounce))
  }

  /// The spring the form describes.
  public var spring: Spring {
    switch form {
    case .response(let zeta, let response): Spring(dampingRatio: zeta, response: response)
    case .duration(let d, let zeta): Spring.withDuration(d, dampingRatio: zeta)
    case .physics(let k, let c, let m): Self.physicsSpring(stiffness: k, damping: c, mass: m)
    case .bounce(let d, let b): Self.bounceSpring(duration: d, bounce: b)
    }
  }

  /// The duration a `UIViewPropertyAnimator`-style spring ends by, or nil.
  public var endsBy: Double? {
    if case .duration(let d, _) = form { return d }
    return nil
  }

  /// Reanimated's spring for stiffness `k`, damping `c` and mass `m`: `ζ = c / (2 √(k m))`,
  /// `ω0 = √(k / m)`, so `T = 2π √(m / k)`; for ζ >= 1 Reanimated evaluates the critically damped closed
  /// form at ω0 (damping beyond critical changes nothing), so ζ is capped at 1. Source:
  /// software-mansion/react-native-reanimated, `springUtils.ts` (`initialCalculations`,
  /// `criticallyDampedSpringCalculations`) and `spring.ts` (`zeta < 1 ? underDamped : criticallyDamped`).
  /// - Parameters:
  ///   - k: The stiffness (> 0), per second squared per unit mass.
  ///   - c: The damping (> 0), per second per unit mass.
  ///   - m: The mass (> 0).
  /// - Returns: The spring.
  public static func physicsSpring(stiffness k: Double, damping c: Double, mass m: Double) -> Spring {
    let zeta = c / (2 * (k * m).squareRoot())
    return Spring(dampingRatio: min(zeta, 1), response: 2 * Double.pi * (m / k).squareRoot())
  }

  /// Apple's `Spring(duration:bounce:)`: mass 1, stiffness `(2π / d)²` (so the response is `d`), damping
  /// ratio `1 - b` for `b >= 0` and `1 / (1 + b)` for `b < 0`. Apple's own example,
  /// `Spring(duration: 0.5, bounce: 0.3)`, has stiffness 157.9 and damping 17.6 (SwiftUI `Spring`
  /// documentation); Apple does not document the negative branch, which is Flutter's
  /// `SpringDescription.withDurationAndBounce`, written to match SwiftUI.
  /// - Parameters:
  ///   - duration: d, seconds (> 0).
  ///   - bounce: b in (-1, 1): 0 critically damped, positive overshoots, negative creeps.
  /// - Returns: The spring.
  public static func bounceSpring(duration: Double, bounce: Double) -> Spring {
    Spring(dampingRatio: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce), response: duration)
  }

  /// A message describing why the spring cannot run, or nil when its numbers are usable: form numbers
  /// finite and in range (ratios in (0, 100], responses and durations in (0, 60] s, stiffness, damping
  /// and mass positive, bounce in (-1, 1)), a velocity fraction in [0, 10], positive rest tolerances, no
  /// rest speed for a stepped spring.
  public var problem: String? {
    switch form {
    case .response(let zeta, let response):
      if let p = Motion.spring(dampingRatio: zeta, response: response).problem { return p }
    case .duration(let d, let zeta):
      if let p = Motion.springDuration(duration: d, dampingRatio: zeta).problem { return p }
    case .physics(let k, let c, let m):
      for (name, value) in [("stiffness", k), ("damping", c), ("mass", m)] where !Self.positive(value) {
        return "spring \(name) \(value)"
      }
    case .bounce(let d, let b):
      if !(d.isFinite && d > 0 && d <= 60) { return "spring duration \(d)" }
      if !(b.isFinite && b > -1 && b < 1) { return "spring bounce \(b)" }
    }
    if !(velocityFraction.isFinite && velocityFraction >= 0 && velocityFraction <= 10) {
      return "spring velocity fraction \(velocityFraction)"
    }
    if let d = restDistance, !Self.positive(d) { return "spring rest distance \(d)" }
    if let s = restSpeed, !Self.positive(s) { return "spring rest speed \(s)" }
    if stepped, let s = restSpeed {
      return "spring rest speed \(s) of a stepped spring (it rests by distance)"
    }
    return nil
  }

  private static func positive(_ x: Double) -> Bool { x.isFinite && x > 0 }
}
