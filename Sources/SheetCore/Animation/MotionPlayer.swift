/// Plays one ``Motion`` from a start value to a target over time advanced by ``advance(by:)``.
///
/// Allocation-free; the machine keeps one for the height and one for the backdrop.
struct MotionPlayer: Sendable, Equatable {
  /// Settling tolerances: a spring is done when within `position` of its target and slower than `speed`.
  struct Tolerance: Sendable, Equatable {
    var position: Double
    var speed: Double
    /// Heights: 0.5 pt and 1 pt/s.
    static let height = Tolerance(position: 0.5, speed: 1)
    /// Backdrop opacity: the height tolerances scaled to an opacity range of 1 as if it were 1000 pt.
    static let backdrop = Tolerance(position: 0.0005, speed: 0.001)
  }

  private enum Kind: Sendable, Equatable {
    case linear(duration: Double)
    case bezier(CubicBezier, duration: Double)
    case custom(id: Int, duration: Double)
    case spring(Spring, endsBy: Double?, clamps: Bool)
    /// One ``Spring/frameStep(x:v:h:)`` per advance (``SpringMotion/stepped``).
    case steppedSpring(Spring, endsBy: Double?, clamps: Bool)
  }

  /// Slack for durations reached by summing frame intervals (36 x 1/120 falls short of 0.3 by ~1e-16).
  static let timeEpsilon = 1e-9

  private var kind: Kind
  private let tolerance: Tolerance
  /// Where the motion started, which ``progress`` measures from (a hand-over keeps it).
  private(set) var origin: Double
  /// Where the current segment started: `origin`, or where a custom curve was handed over.
  private(set) var from: Double
  private(set) var to: Double
  private let startVelocity: Double
  private(set) var elapsed = 0.0
  /// A custom curve's eased progress at the previous frame (for its velocity).
  private var previousEased = 0.0
  private(set) var value: Double
  private(set) var velocity: Double
  private(set) var isDone = false

  /// Creates a player.
  /// - Parameters:
  ///   - motion: The motion (already checked with ``Motion/problem``).
  ///   - from: Start value.
  ///   - to: Target value.
  ///   - velocity: Current velocity (units per second); springs carry it (a ``SpringMotion`` its
  ///     ``SpringMotion/velocityFraction`` of it), curves ignore it.
  ///   - tolerance: Spring settling tolerances (a ``SpringMotion``'s rest tolerances replace them).
  init(_ motion: Motion, from: Double, to: Double, velocity: Double, tolerance: Tolerance) {
    var fraction = 1.0
    var tolerance = tolerance
    switch motion {
    case .curve(.linear, let d): kind = .linear(duration: d)
    case .curve(let curve, let d): kind = .bezier(curve.bezier, duration: d)
    case .customCurve(let id, let d): kind = .custom(id: id, duration: d)
    case .spring(let zeta, let response):
      kind = .spring(Spring(dampingRatio: zeta, response: response), endsBy: nil, clamps: false)
    case .springDuration(let d, let zeta):
      kind = .spring(Spring.withDuration(d, dampingRatio: zeta), endsBy: d, clamps: false)
    case .springMotion(let spring):
      kind =
        spring.stepped
        ? .steppedSpring(spring.spring, endsBy: spring.endsBy, clamps: spring.clamps)
        : .spring(spring.spring, endsBy: spring.endsBy, clamps: spring.clamps)
      fraction = spring.velocityFraction
      tolerance = Self.tolerance(of: spring, default: tolerance)
    }
    self.tolerance = tolerance
    self.origin = from
    self.from = from
    self.to = to
    self.value = from
    switch kind {
    case .spring, .steppedSpring:
      self.startVelocity = velocity * fraction
      self.velocity = velocity * fraction
    case .linear, .bezier, .custom:
      self.startVelocity = 0
      self.velocity = 0
    }
  }

  /// How far along the motion is: `(value - from) / (to - from)` clamped to [0, 1]; for a zero distance,
  /// the time fraction of a curve or 0/1 (running/done) for a spring.
  var progress: Double {
    if isDone { return 1 }
    let distance = to - origin
    if abs(distance) > 1e-9 { return min(max((value - origin) / distance, 0), 1) }
    switch kind {
    case .linear(let d), .bezier(_, let d), .custom(_, let d): return d > 0 ? min(elapsed / d, 1) : 1
    case .spring, .steppedSpring: return 0
    }
  }

  /// The custom curve to evaluate for the next ``advance(by:eased:)`` by `dt`: its identifier and the
  /// time progress reached, or nil when this is not a running custom curve or that advance finishes it.
  func customCurveProgress(after dt: Double) -> (id: Int, progress: Double)? {
    guard !isDone, case .custom(let id, let d) = kind else { return nil }
    let t = elapsed + dt
    if t >= d - Self.timeEpsilon { return nil }
    return (id, t / d)
  }

  /// Whether this is a running custom curve.
  var isCustomCurve: Bool {
    if !isDone, case .custom = kind { return true }
    return false
  }

  /// Goes on from the current value with the built-in ease-in-out over the time a custom curve has left,
  /// keeping ``origin`` (so ``progress`` does not jump): after a custom curve's script error, or when the policy
  /// that evaluated it was replaced.
  mutating func handOverToEaseInOut() {
    guard !isDone, case .custom(_, let d) = kind else { return }
    kind = .bezier(Curve.easeInOut.bezier, duration: max(d - elapsed, 0))
    from = value
    elapsed = 0
  }

  /// Advances time and updates value, velocity and completion.
  /// - Parameters:
  ///   - dt: Seconds to advance (>= 0).
  ///   - eased: A custom curve's value at the progress ``customCurveProgress(after:)`` named (the
  ///     machine asks the policy for it); nil is the linear progress.
  mutating func advance(by dt: Double, eased: Double? = nil) {
    guard !isDone else { return }
    elapsed += dt
    switch kind {
    case .custom(_, let d):
      if elapsed >= d - Self.timeEpsilon { return finish() }
      let f = eased ?? elapsed / d
      value = from + (to - from) * f
      if dt > 0 { velocity = (to - from) * (f - previousEased) / dt }
      previousEased = f
    case .linear(let d):
      if elapsed >= d - Self.timeEpsilon { return finish() }
      value = from + (to - from) * (elapsed / d)
      velocity = (to - from) / d
    case .bezier(let curve, let d):
      if elapsed >= d - Self.timeEpsilon { return finish() }
      let sample = curve.sample(at: elapsed / d)
      value = from + (to - from) * sample.value
      velocity = (to - from) * sample.derivative / d
    case .spring(let spring, let endsBy, let clamps):
      let end = endsBy ?? SheetLimits.maximumTransitionTime
      if elapsed >= end - Self.timeEpsilon { return finish() }
      let state = spring.state(at: elapsed, x0: from - to, v0: startVelocity)
      // A non-finite state (a spring whose numbers were never checked) ends at the target: no frame
      // carries NaN or infinity.
      guard state.x.isFinite && state.v.isFinite else { return finish() }
      if clamps && Self.reachedTarget(displacement: state.x, start: from - to) { return finish() }
      if abs(state.x) <= tolerance.position && abs(state.v) <= tolerance.speed { return finish() }
      value = to + state.x
      velocity = state.v
    case .steppedSpring(let spring, let endsBy, let clamps):
      let end = endsBy ?? SheetLimits.maximumTransitionTime
      if elapsed >= end - Self.timeEpsilon { return finish() }
      guard dt > 0 else { return }  // no time, no step
      let state = spring.frameStep(x: value - to, v: velocity, h: dt)
      guard state.x.isFinite && state.v.isFinite else { return finish() }
      if clamps && Self.reachedTarget(displacement: state.x, start: from - to) { return finish() }
      let moved = abs(to + state.x - value)
      value = to + state.x
      velocity = state.v
      // NumericSpringAnimator.update: within a pixel of the target after a frame that moved at most one.
      if abs(state.x) <= tolerance.position && moved <= tolerance.position { return finish() }
    }
  }

  /// An upper bound on how long `motion` takes from `from` to `to`: a curve's or a duration spring's
  /// duration, a spring's ``Spring/settlingTime(x0:v0:position:speed:)`` within the tolerances. A stepped
  /// spring's frames are not known in advance, so its closed form's bound stands for it: an estimate (a
  /// coarse frame can take it a few frames longer), and the player ends any spring at
  /// ``SheetLimits/maximumTransitionTime`` regardless.
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
    case .curve(_, let d), .springDuration(let d, _), .customCurve(_, let d): d
    case .spring(let zeta, let response):
      Spring(dampingRatio: zeta, response: response).settlingTime(
        x0: from - to, v0: velocity, position: tolerance.position, speed: tolerance.speed)
    case .springMotion(let spring):
      spring.endsBy
        ?? {
          let rest = Self.tolerance(of: spring, default: tolerance)
          // Clamping only ends a spring sooner, so the unclamped bound holds.
          return spring.spring.settlingTime(
            x0: from - to, v0: velocity * spring.velocityFraction, position: rest.position, speed: rest.speed)
        }()
    }
  }

  /// A spring motion's rest tolerances: its own where it gives them, else the value's.
  static func tolerance(of spring: SpringMotion, default tolerance: Tolerance) -> Tolerance {
    Tolerance(position: spring.restDistance ?? tolerance.position, speed: spring.restSpeed ?? tolerance.speed)
  }

  /// Overshoot clamping's test (Reanimated's `isOvershooting`, which also ends a spring exactly at its
  /// target): the displacement from the target has reached 0 or changed sign since the start.
  /// - Parameters:
  ///   - displacement: Value minus target now.
  ///   - start: Value minus target at the start; 0 never counts as reached (nothing to overshoot).
  /// - Returns: Whether the motion has reached or crossed its target.
  static func reachedTarget(displacement: Double, start: Double) -> Bool {
    start != 0 && displacement * start <= 0
  }

  private mutating func finish() {
    value = to
    velocity = 0
    isDone = true
  }
}
