/// Advancing time.
extension SheetMachine {
  /// Advances time by `dt` and returns the frame with the step's events.
  ///
  /// Animating states advance their motions (finishing records `.settled` and the state change); while
  /// dragging, the velocity is re-estimated at the new time. A steady frame causes no event and
  /// allocates nothing.
  /// - Parameter dt: Seconds (the host's frame interval, 1/120 by default), finite and >= 0. An interval
  ///   longer than ``SheetLimits/maximumStep`` (1 s) advances 1 s, as a host resuming after a suspension
  ///   wants: the sheet moves on without jumping through a huge time (and ``time`` stays finite).
  /// - Returns: The frame after the step and the events the step caused.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` with field `dt` for a NaN, infinite or negative
  ///   interval (nothing changes).
  @discardableResult
  package mutating func step(_ dt: Double) throws(SheetError) -> SheetStep {
    let interval = try SheetLimits.stepInterval(dt)
    time += interval
    if keyboardMotion != nil { advanceKeyboard(by: interval) }
    switch state {
    case .presenting, .settling, .dismissing:
      advanceTransition(by: interval)
    case .dragging:
      setDragVelocities(estimator.velocity(at: time))
    case .hidden, .resting, .dismissed:
      break
    }
    advanceScroll(by: interval)
    if configuration.describesBehind { updateBehind() }
    let events = emitted()
    return SheetStep(frame: frame, events: events)
  }

  /// The default frame interval, 1/120 s.
  public static let defaultFrameInterval = 1.0 / 120
}
