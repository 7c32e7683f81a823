/// Advancing time.
extension SheetMachine {
  /// Advances time by `dt` and returns the frame.
  ///
  /// Animating states advance their motions (finishing records `.settled` and the state change); while
  /// dragging, the velocity is re-estimated at the new time. The step's events are appended to
  /// ``events`` after those of the input calls made since the previous step.
  /// - Parameter dt: Seconds (the host's frame interval, 1/120 by default); NaN, infinite or negative
  ///   values count as 0.
  /// - Returns: The frame after the step.
  public mutating func step(_ dt: Double) -> SheetFrame {
    _ = beginRecording()
    let interval = dt.isFinite && dt > 0 ? dt : 0
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
