import SheetCore

/// A drag: a touch stream sampled once a frame along a straight line.
public struct DragGesture: Sendable, Equatable {
  /// The finger's travel in points, screen y (positive = down).
  public var dy: Double
  /// How long the finger moves, in seconds.
  public var duration: Double
  /// Where the finger lands; `nil` is 10 pt inside the sheet's leading edge.
  public var at: Double?
  /// Whether the finger lifts at the end.
  public var release: Bool
  /// The release velocity in pt/s; `nil` uses the estimator.
  public var velocity: Double?
  /// The finger's horizontal travel in points, screen x (positive = right).
  public var dx: Double
  /// Where the finger lands along x; `nil` is the screen's horizontal centre.
  public var atX: Double?
  /// The horizontal release velocity in pt/s (positive = right); `nil` uses the estimator.
  public var velocityX: Double?

  /// Creates a drag.
  /// - Parameters:
  ///   - dy: Travel in points (screen y).
  ///   - duration: Seconds of movement (at least one frame is used).
  ///   - at: Landing y, or `nil` for the default grab point.
  ///   - release: Whether to lift at the end.
  ///   - velocity: An explicit release velocity, pt/s.
  ///   - dx: Horizontal travel in points (screen x).
  ///   - atX: Landing x, or `nil` for the screen's horizontal centre.
  ///   - velocityX: An explicit horizontal release velocity, pt/s.
  public init(
    dy: Double, duration: Double = 0.25, at: Double? = nil, release: Bool = true, velocity: Double? = nil,
    dx: Double = 0, atX: Double? = nil, velocityX: Double? = nil
  ) {
    self.dy = dy
    self.duration = duration
    self.at = at
    self.release = release
    self.velocity = velocity
    self.dx = dx
    self.atX = atX
    self.velocityX = velocityX
  }
}

extension SheetDriver {
  /// Performs a drag: lands, moves linearly one sample a frame, and lifts unless told not to.
  ///
  /// A drag made while a finger is down (after `touchDown` without `touchUp`) does not land a second
  /// finger: its landing is recorded as an ignored `pan_began` and the finger that is down makes the
  /// drag's moves from where it is (and lifts, unless told not to).
  ///
  /// The finger moves along both axes at once: after frame `k` of `n` it is at
  /// `(x0 + dx · k / n, y0 + dy · k / n)`, from the landing point (`at_x`, `at`; by default
  /// ``grabPoint``: for a side sheet a screen x 10 pt inside its leading edge, at the screen's middle).
  /// - Parameter gesture: The drag.
  /// - Returns: Whether the sheet followed a finger the drag put down.
  /// - Throws: `SheetError.invalidValue` for a position or velocity the machine refuses.
  @discardableResult
  public mutating func drag(_ gesture: DragGesture) throws(SheetError) -> Bool {
    let grab = grabPoint
    let start = touchY ?? gesture.at ?? grab.y
    let tracking = try touchDown(x: gesture.atX ?? grab.x, y: start)
    let startX = touchX ?? gesture.atX ?? grab.x
    let count = max(1, Int((gesture.duration * fps).rounded()))
    for k in 1...count {
      let fraction = Double(k) / Double(count)
      try frame(touch: start + gesture.dy * fraction, x: startX + gesture.dx * fraction)
    }
    if gesture.release { try touchUp(velocity: gesture.velocity, velocityX: gesture.velocityX) }
    return tracking
  }

  /// A flick: a drag of `dy` (and `dx`) lasting `dy / velocity` (a side sheet's: `dx / velocityX`; at
  /// least one frame, at most 1 s), released at `velocity` (and `velocityX`, when given).
  /// - Parameters:
  ///   - dy: Travel in points (screen y).
  ///   - velocity: Release velocity in pt/s (screen y).
  ///   - at: Landing y, or `nil` for the default grab point.
  ///   - dx: Horizontal travel in points (screen x).
  ///   - velocityX: Horizontal release velocity in pt/s; `nil` uses the estimator.
  ///   - atX: Landing x, or `nil` for the screen's horizontal centre.
  /// - Throws: `SheetError.invalidValue` for a position or velocity the machine refuses.
  public mutating func flick(
    dy: Double, velocity: Double, at: Double? = nil, dx: Double = 0, velocityX: Double? = nil,
    atX: Double? = nil
  ) throws(SheetError) {
    let (travel, speed) = machine.geometry.edge.isHorizontal ? (dx, velocityX ?? 0) : (dy, velocity)
    let duration = speed != 0 ? abs(travel / speed) : 0.1
    try drag(
      DragGesture(
        dy: dy, duration: min(duration, 1), at: at, release: true, velocity: velocity, dx: dx, atX: atX,
        velocityX: velocityX))
  }

  /// Moves a finger that is down to a screen point over one frame. With no finger down the move is
  /// recorded as an ignored `pan_changed` and the frame still passes, so a scenario's timing does not
  /// depend on the state.
  ///
  /// With a `time`, the move is a host's touch sample with its own timestamp instead: it is fed at that
  /// time on the sheet's clock and no frame is stepped (frames pass with ``wait(_:)``), so a touch
  /// stream recorded from a host (`sheet preview`) replays sample for sample.
  /// - Parameters:
  ///   - finger: The finger (1 by default).
  ///   - x: The new screen x; nil keeps the finger's last x.
  ///   - y: The new screen y.
  ///   - time: The sample's timestamp on the sheet's clock, seconds; nil: one frame from now, stepped.
  /// - Throws: `SheetError.invalidValue` for an x, y or time the machine refuses (in every state).
  public mutating func touchMove(finger: Int = 1, x: Double? = nil, y: Double, time: Double? = nil)
    throws(SheetError)
  {
    if let x { try SheetLimits.check(x: x) }
    try SheetLimits.check(coordinate: y)
    guard let time else {
      // no such finger down: the host records the ignored move, and the frame still passes
      if touch(finger) == nil { record(try host.touchMove(finger: finger, x: x, y: y)) }
      return try frame(touch: y, x: x, finger: finger)
    }
    record(try host.touchMove(finger: finger, x: x, y: y, time: time))
    gestureRecorder?.moved(finger: finger, x: self.touch(finger)?.x ?? 0, y: y, time: time)
  }
}
