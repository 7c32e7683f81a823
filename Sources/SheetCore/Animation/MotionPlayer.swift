/// Plays one ``Motion`` from a start value to a target over time advanced by ``advance(by:)``.
///
/// Allocation-free; the machine keeps one for the height and one for the backdrop.
struct MotionPlayer: Sendable, Equatable {
  /// Settling tolerances: a spring is done when within `position` of its target and slower than `speed`.
  struct Tolerance: Sendable, Equatable {
    var position: Double
    var speed: Double
    /// Heights: 0.5 pt and 1 pt/s (issue 3).
    static let height = Tolerance(position: 0.5, speed: 1)
    /// Backdrop opacity: the height tolerances scaled to an opacity range of 1 as if it were 1000 pt.
    static let backdrop = Tolerance(position: 0.0005, speed: 0.001)
  }

  private enum Kind: Sendable, Equatable {
    case linear(duration: Double)
    case bezier(CubicBezier, duration: Double)
    case spring(Spring, endsBy: Double?)
  }

  /// Slack for durations reached by summing frame intervals (36 x 1/120 falls short of 0.3 by ~1e-16).
  static let timeEpsilon = 1e-9

  private var kind: Kind
  private let tolerance: Tolerance
  private(set) var from: Double
  private(set) var to: Double
  private let startVelocity: Double
  private(set) var elapsed = 0.0
  private(set) var value: Double
  private(set) var velocity: Double
  private(set) var isDone = false

  /// Creates a player.
  /// - Parameters:
  ///   - motion: The motion (already checked with ``Motion/problem``).
  ///   - from: Start value.
  ///   - to: Target value.
  ///   - velocity: Current velocity (units per second); springs carry it, curves ignore it.
  ///   - tolerance: Spring settling tolerances.
  init(_ motion: Motion, from: Double, to: Double, velocity: Double, tolerance: Tolerance) {
    switch motion {
    case .curve(.linear, let d): kind = .linear(duration: d)
    case .curve(let curve, let d): kind = .bezier(curve.bezier, duration: d)
    case .spring(let zeta, let response):
      kind = .spring(Spring(dampingRatio: zeta, response: response), endsBy: nil)
    case .springDuration(let d, let zeta):
      kind = .spring(Spring.withDuration(d, dampingRatio: zeta), endsBy: d)
    }
    self.tolerance = tolerance
    self.from = from
    self.to = to
    self.value = from
    if case .spring = kind {
      self.startVelocity = velocity
      self.velocity = velocity
    } else {
      self.startVelocity = 0
      self.velocity = 0
    }
  }

  /// How far along the motion is: `(value - from) / (to - from)` clamped to [0, 1]; for a zero distance,
  /// the time fraction of a curve or 0/1 (running/done) for a spring.
  var progress: Double {
    if isDone { return 1 }
    let distance = to - from
    if abs(distance) > 1e-9 { return min(max((value - from) / distance, 0), 1) }
    switch kind {
    case .linear(let d), .bezier(_, let d): return d > 0 ? min(elapsed / d, 1) : 1
    case .spring: return 0
    }
  }

  /// Advances time and updates value, velocity and completion.
  /// - Parameter dt: Seconds to advance (>= 0).
  mutating func advance(by dt: Double) {
    guard !isDone else { return }
    elapsed += dt
    switch kind {
    case .linear(let d):
      if elapsed >= d - Self.timeEpsilon { return finish() }
      value = from + (to - from) * (elapsed / d)
      velocity = (to - from) / d
    case .bezier(let curve, let d):
      if elapsed >= d - Self.timeEpsilon { return finish() }
      let sample = curve.sample(at: elapsed / d)
      value = from + (to - from) * sample.value
      velocity = (to - from) * sample.derivative / d
    case .spring(let spring, let endsBy):
      let end = endsBy ?? SheetLimits.maximumTransitionTime
      if elapsed >= end - Self.timeEpsilon { return finish() }
      let state = spring.state(at: elapsed, x0: from - to, v0: startVelocity)
      // A non-finite state (a spring whose numbers were never checked) ends at the target: no frame
      // carries NaN or infinity.
      guard state.x.isFinite && state.v.isFinite else { return finish() }
      if abs(state.x) <= tolerance.position && abs(state.v) <= tolerance.speed { return finish() }
      value = to + state.x
      velocity = state.v
    }
  }

  /// An upper bound on how long `motion` takes from `from` to `to`: a curve's or a duration spring's
  /// duration, a spring's ``Spring/settlingTime(x0:v0:position:speed:)`` within the tolerances.
  /// - Parameters:
  ///   - motion: The motion (already checked with ``Motion/problem``).
  ///   - from: Start value.
  ///   - to: Target value.
  ///   - velocity: Current velocity, which a spring carries.
  ///   - tolerance: The settling tolerances.
  /// - Returns: Seconds, infinity for a spring that never settles.
  static func settlingTime(
    _ motion: Motion, from: Double, to: Double, velocity: Double, tolerance: Tolerance
  ) -> Double {
    switch motion {
    case .curve(_, let d), .springDuration(let d, _): d
    case .spring(let zeta, let response):
      Spring(dampingRatio: zeta, response: response).settlingTime(
        x0: from - to, v0: velocity, position: tolerance.position, speed: tolerance.speed)
    }
  }

  private mutating func finish() {
    value = to
    velocity = 0
    isDone = true
  }
}
