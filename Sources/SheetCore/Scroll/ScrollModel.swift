/// The machine's scroll view: its description, its position and its motion.
///
/// Positions here are distances from the **pinned edge**, the end of the content a sheet drag needs the
/// scroll view to be at: the content's top (offset 0) for a bottom sheet, its end (the largest offset)
/// for a top sheet, whose finger shrinks the sheet by moving up. ``SheetMachine/scrollOffset`` turns one
/// into the content offset. Allocation-free: the machine advances it every frame.
struct ScrollModel: Sendable {
  /// What the scroll view is doing.
  enum Motion: Sendable {
    /// At rest, within its range.
    case idle
    /// A finger that landed in its frame is down; `virtual` is where the finger puts it (the shown
    /// position is rubber-banded past an end).
    case tracking(virtual: Double)
    /// Released within its range: UIScrollView's deceleration from `from` at `velocity`, `elapsed`
    /// seconds ago.
    case decelerating(from: Double, velocity: Double, elapsed: Double)
    /// Past an end, springing back to it; the spring moves the virtual overshoot past `upper` (the far
    /// end) or the pinned edge.
    case bouncing(upper: Bool, spring: MotionPlayer)
  }

  /// The host's description.
  var view: ScrollView
  /// The shown distance from the pinned edge, points (past an end while rubber-banding).
  var position = 0.0
  /// Its rate, points per second (+ = away from the pinned edge).
  var velocity = 0.0
  /// What it is doing.
  var motion: Motion = .idle

  /// Whether it moves on its own (a deceleration or a bounce): the machine is not still then.
  var isMoving: Bool {
    switch motion {
    case .decelerating, .bouncing: true
    case .idle, .tracking: false
    }
  }

  /// Whether a finger is on it.
  var isTracking: Bool {
    if case .tracking = motion { return true }
    return false
  }

  /// The virtual position a finger moves: the tracked one, or the shown one unbanded.
  func virtualPosition(sheetHeight h: Double) -> Double {
    if case .tracking(let virtual) = motion { return virtual }
    return ScrollPhysics.virtual(
      position, lower: 0, upper: view.maxOffset(sheetHeight: h), dimension: view.frameHeight(sheetHeight: h))
  }

  /// A finger lands: any motion stops where it is shown, and the finger moves it on from there.
  mutating func catchIt(sheetHeight h: Double) {
    motion = .tracking(virtual: virtualPosition(sheetHeight: h))
    velocity = 0
  }

  /// Moves the tracked position by `delta` points (a share of the finger's travel) and shows it.
  mutating func track(by delta: Double, sheetHeight h: Double) {
    let virtual = virtualPosition(sheetHeight: h) + delta
    motion = .tracking(virtual: virtual)
    show(virtual, sheetHeight: h)
  }

  /// Shows a virtual position: within the range as it is, past an end rubber-banded.
  mutating func show(_ virtual: Double, sheetHeight h: Double) {
    position = ScrollPhysics.shown(
      virtual, lower: 0, upper: view.maxOffset(sheetHeight: h), dimension: view.frameHeight(sheetHeight: h))
  }

  /// The finger lifted (or the pan ended) at `velocity` (points per second, + = away from the pinned
  /// edge): past an end it bounces back, within its range it decelerates at `rate` (or stays, when the
  /// deceleration would move it less than half a point).
  mutating func release(velocity v: Double, rate: Double, sheetHeight h: Double) {
    let virtual = virtualPosition(sheetHeight: h)
    let upper = view.maxOffset(sheetHeight: h)
    velocity = 0
    if virtual > upper || virtual < 0 {
      startBounce(
        upper: virtual > upper, overshoot: virtual > upper ? virtual - upper : -virtual,
        velocity: virtual > upper ? v : -v)
      position = ScrollPhysics.shown(
        virtual, lower: 0, upper: upper, dimension: view.frameHeight(sheetHeight: h))
      return
    }
    position = virtual
    if abs(Formulas.project(velocity: v, rate: rate)) <= MotionPlayer.Tolerance.height.position {
      motion = .idle
    } else {
      motion = .decelerating(from: virtual, velocity: v, elapsed: 0)
      velocity = v
    }
  }

  /// Starts the spring back from a virtual `overshoot` past an end moving outward at `velocity`.
  private mutating func startBounce(upper: Bool, overshoot: Double, velocity: Double) {
    let spring = MotionPlayer(
      ScrollPhysics.bounce, from: overshoot, to: 0, velocity: velocity, tolerance: .height)
    motion = .bouncing(upper: upper, spring: spring)
  }

  /// Advances a deceleration or a bounce by `dt` seconds for a sheet of height `h`.
  mutating func advance(by dt: Double, rate: Double, sheetHeight h: Double) {
    let upper = view.maxOffset(sheetHeight: h)
    let dimension = view.frameHeight(sheetHeight: h)
    switch motion {
    case .idle, .tracking:
      return
    case .decelerating(let from, let v0, let elapsed):
      let t = elapsed + dt
      let edge = v0 > 0 ? upper : 0.0
      if let reach = ScrollPhysics.timeToReach(edge, from: from, velocity: v0, rate: rate), reach <= t {
        // It reaches the end within this frame: the bounce starts there, with the velocity it has
        // then, and runs for the rest of the frame.
        let atEdge = ScrollPhysics.decelerate(from: from, velocity: v0, rate: rate, after: reach)
        startBounce(upper: v0 > 0, overshoot: 0, velocity: abs(atEdge.velocity))
        advanceBounce(by: t - reach, upper: upper, dimension: dimension)
        return
      }
      let now = ScrollPhysics.decelerate(from: from, velocity: v0, rate: rate, after: t)
      let rest = from + Formulas.project(velocity: v0, rate: rate)
      if abs(rest - now.offset) <= MotionPlayer.Tolerance.height.position {
        position = Formulas.clamp(rest, 0, upper)
        velocity = 0
        motion = .idle
      } else {
        position = Formulas.clamp(now.offset, 0, upper)
        velocity = now.velocity
        motion = .decelerating(from: from, velocity: v0, elapsed: t)
      }
    case .bouncing:
      advanceBounce(by: dt, upper: upper, dimension: dimension)
    }
  }

  /// Advances the bounce's spring and shows its overshoot rubber-banded.
  private mutating func advanceBounce(by dt: Double, upper: Double, dimension: Double) {
    guard case .bouncing(let isUpper, var spring) = motion else { return }
    spring.advance(by: dt)
    let edge = isUpper ? upper : 0
    let direction = isUpper ? 1.0 : -1.0
    let virtual = edge + direction * spring.value
    position = ScrollPhysics.shown(virtual, lower: 0, upper: upper, dimension: dimension)
    velocity =
      direction * spring.velocity * ScrollPhysics.slope(virtual, lower: 0, upper: upper, dimension: dimension)
    if spring.isDone {
      position = edge
      velocity = 0
      motion = .idle
    } else {
      motion = .bouncing(upper: isUpper, spring: spring)
    }
  }

  /// Shows the position for the frame and content now (the sheet's height, the screen or the
  /// description changed): at rest or decelerating it is kept within the range (the frame grew, the
  /// content shrank), a tracked or bouncing one is rubber-banded again over the new frame.
  mutating func reconcile(sheetHeight h: Double) {
    let upper = view.maxOffset(sheetHeight: h)
    switch motion {
    case .idle, .decelerating: position = Formulas.clamp(position, 0, upper)
    case .tracking(let virtual): show(virtual, sheetHeight: h)
    case .bouncing: advanceBounce(by: 0, upper: upper, dimension: view.frameHeight(sheetHeight: h))
    }
  }
}
