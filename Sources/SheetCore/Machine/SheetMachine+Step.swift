/// Advancing time.
extension SheetMachine {
  /// Advances time by `dt` and returns the frame.
  ///
  /// Animating states advance their motions (finishing records `.settled` and the state change); while
  /// dragging, the velocity is re-estimated at the new time. The step's events are appended to
  /// ``events`` after those of the input calls made since the previous step.
  /// - Parameter dt: Seconds (the host's frame interval, 1/120 by default), finite and >= 0. An interval
  ///   longer than ``SheetLimits/maximumStep`` (1 s) advances 1 s, as a host resuming after a suspension
  ///   wants: the sheet moves on without jumping through a huge time (and ``time`` stays finite).
  /// - Returns: The frame after the step.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` with field `dt` for a NaN, infinite or negative
  ///   interval (nothing changes).
  public mutating func step(_ dt: Double) throws(SheetError) -> SheetFrame {
    let interval = try SheetLimits.stepInterval(dt)
    _ = beginRecording()
    time += interval
    switch state {
    case .presenting, .settling, .dismissing:
      advanceTransition(by: interval)
    case .dragging:
      velocity = geometry.edge.heightSign * estimator.velocity(at: time)
    case .hidden, .resting, .dismissed:
      break
    }
    clearEventsOnNextInput = true
    return frame
  }

  /// The default frame interval, 1/120 s.
  public static let defaultFrameInterval = 1.0 / 120
}
