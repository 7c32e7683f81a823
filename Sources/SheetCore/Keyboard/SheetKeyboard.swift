/// The on-screen keyboard as the host reports it and the core animates it.
///
/// The host reports the keyboard's height above the screen's bottom edge (`UIKeyboardFrameEndUserInfoKey`'s
/// overlap with the window, home-indicator inset included) and the animation duration its notification
/// carries (`UIKeyboardAnimationDurationUserInfoKey`, 0.25 s on iPhones). The core moves ``height`` toward
/// ``targetHeight`` with ``motion(duration:)``, and the sheet follows with the same motion.
public struct SheetKeyboard: Sendable, Equatable {
  /// The keyboard's height now (it animates toward ``targetHeight``), points above the screen's bottom.
  public var height: Double
  /// The height the host last reported, points (0: hidden).
  public var targetHeight: Double
  /// The duration the host last reported, seconds.
  public var duration: Double

  /// Creates a keyboard state.
  /// - Parameters:
  ///   - height: The current height in points.
  ///   - targetHeight: The reported height in points.
  ///   - duration: The reported duration in seconds.
  public init(height: Double = 0, targetHeight: Double = 0, duration: Double = defaultDuration) {
    self.height = height
    self.targetHeight = targetHeight
    self.duration = duration
  }

  /// Whether the keyboard is shown or showing (its reported height is above 0).
  public var isVisible: Bool { targetHeight > 0 }

  /// UIKit's keyboard animation duration on iPhones, 0.25 s (`UIKeyboardAnimationDurationUserInfoKey`).
  public static let defaultDuration = 0.25

  /// The spring people use to match the keyboard's motion: mass 3, stiffness 1000, damping 500
  /// (`CASpringAnimation` units, kg, N/m and N·s/m read as points and seconds).
  public static let springMass = 3.0
  /// See ``springMass``.
  public static let springStiffness = 1000.0
  /// See ``springMass``.
  public static let springDamping = 500.0

  /// ζ = c / (2 sqrt(k m)) = 500 / (2 sqrt(3000)) ≈ 4.5644: strongly overdamped, so the keyboard never
  /// overshoots.
  public static var dampingRatio: Double {
    springDamping / (2 * (springStiffness * springMass).squareRoot())
  }

  /// The spring's undamped period T = 2π / sqrt(k / m) ≈ 0.34414 s (the core's ``Spring`` response).
  public static var response: Double {
    2 * Double.pi / (springStiffness / springMass).squareRoot()
  }

  /// The time the mass-3 spring itself takes for its decay envelope to fall to 1/1000 of the distance,
  /// `ln(1000) / (ω0 k(ζ))` with `ω0 = sqrt(k / m)` and `k(ζ) = ζ − sqrt(ζ² − 1)` (the slow root's rate,
  /// ``Spring/withDuration(_:dampingRatio:)``'s mapping): ≈ 3.4119 s.
  public static var naturalDuration: Double {
    let zeta = dampingRatio
    let rate = (springStiffness / springMass).squareRoot() * (zeta - (zeta * zeta - 1).squareRoot())
    return CMath.log(1000) / rate
  }

  /// How the keyboard's height (and a sheet following it) moves over a reported duration `d`.
  ///
  /// The model: the keyboard keeps the spring's shape (its damping ratio ``dampingRatio``) and plays it
  /// over the reported duration, the way ``Motion/springDuration(duration:dampingRatio:)`` plays any
  /// spring given as a duration: the decay envelope reaches 1/1000 of the distance at `d`, and the
  /// motion ends at `d`. So the spring's clock runs ``naturalDuration`` / `d` times as fast as the mass-3
  /// spring's: at `d` ≈ 3.41 s it is that spring exactly (response 0.34414 s), at UIKit's 0.25 s its
  /// response is 0.34414 · 0.25 / 3.4119 ≈ 0.025216 s: 75 % of the distance is covered by 0.05 s, 94 % by
  /// 0.1 s, 99.6 % by 0.2 s. A
  /// duration of 0 (a keyboard that appears without animation, as after a rotation) moves at once.
  /// - Parameter d: Seconds, in [0, ``SheetLimits/maximumKeyboardDuration``].
  /// - Returns: The motion.
  public static func motion(duration d: Double) -> Motion {
    d > 0 ? .springDuration(duration: d, dampingRatio: dampingRatio) : .curve(.linear, duration: 0)
  }
}
