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

  /// Creates a drag.
  /// - Parameters:
  ///   - dy: Travel in points (screen y).
  ///   - duration: Seconds of movement (at least one frame is used).
  ///   - at: Landing y, or `nil` for the default grab point.
  ///   - release: Whether to lift at the end.
  ///   - velocity: An explicit release velocity, pt/s.
  public init(
    dy: Double, duration: Double = 0.25, at: Double? = nil, release: Bool = true, velocity: Double? = nil
  ) {
    self.dy = dy
    self.duration = duration
    self.at = at
    self.release = release
    self.velocity = velocity
  }
}

extension SheetDriver {
  /// Performs a drag: lands, moves linearly one sample a frame, and lifts unless told not to.
  ///
  /// A drag made while a finger is down (after `touchDown` without `touchUp`) does not land a second
  /// finger: its landing is recorded as an ignored `pan_began` and the finger that is down makes the
  /// drag's moves from where it is (and lifts, unless told not to).
  /// - Parameter gesture: The drag.
  /// - Returns: Whether the sheet followed a finger the drag put down.
  /// - Throws: `SheetError.invalidValue` for a position or velocity the machine refuses.
  @discardableResult
  public mutating func drag(_ gesture: DragGesture) throws(SheetError) -> Bool {
    let start = touchY ?? gesture.at ?? grabY
    let tracking = try touchDown(y: start)
    let count = max(1, Int((gesture.duration * fps).rounded()))
    for k in 1...count {
      try frame(touch: start + gesture.dy * Double(k) / Double(count))
    }
    if gesture.release { try touchUp(velocity: gesture.velocity) }
    return tracking
  }

  /// A flick: a drag of `dy` lasting `dy / velocity` (at least one frame), released at `velocity`.
  /// - Parameters:
  ///   - dy: Travel in points (screen y).
  ///   - velocity: Release velocity in pt/s (screen y).
  ///   - at: Landing y, or `nil` for the default grab point.
  /// - Throws: `SheetError.invalidValue` for a position or velocity the machine refuses.
  public mutating func flick(dy: Double, velocity: Double, at: Double? = nil) throws(SheetError) {
    let duration = velocity != 0 ? abs(dy / velocity) : 0.1
    try drag(DragGesture(dy: dy, duration: min(duration, 1), at: at, release: true, velocity: velocity))
  }

  /// Moves a finger that is down to `y` over one frame. With no finger down the move is recorded as an
  /// ignored `pan_changed` and the frame still passes, so a scenario's timing does not depend on the
  /// state.
  /// - Parameter y: The new screen y.
  /// - Throws: `SheetError.invalidValue` for a y the machine refuses (in every state).
  public mutating func touchMove(y: Double) throws(SheetError) {
    try SheetLimits.check(coordinate: y)
    if touchY == nil { recordIgnored(.panChanged) }
    try frame(touch: y)
  }
}
