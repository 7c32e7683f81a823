import SheetCore

/// Time: the host's display link advances the sheet and draws the frame it returns.
extension ScriptedSheet {
  /// The most one-second steps one ``advance(to:)`` takes to catch up; a longer gap (an app suspended
  /// for minutes) is skipped, as every transition has ended by then (`SheetLimits.maximumTransitionTime`).
  public static let maximumCatchUpSteps = 60

  /// Advances the sheet to a host timestamp and returns the frame to draw.
  ///
  /// Steps the machine from its last time to `timestamp`, in steps of at most 1 s, feeding nothing
  /// else (the touches were fed as they came). A timestamp at or before the last one returns the
  /// current frame; the first timestamp the sheet is given fixes ``clockOrigin``. After a gap longer
  /// than ``maximumCatchUpSteps`` seconds the rest is skipped: ``clockOrigin`` moves by the skipped time
  /// and the sheet's ``time`` goes on from where it was.
  /// - Parameter timestamp: Host seconds, on the touches' clock (`CADisplayLink.timestamp`, or its
  ///   `targetTimestamp` to draw where the sheet will be when the frame shows).
  /// - Returns: The frame.
  /// - Throws: `SheetError.invalidValue(field:value:)` with field `timestamp` for a non-finite value.
  @discardableResult
  public func advance(to timestamp: Double) throws(SheetError) -> SheetFrame {
    var remaining = try sheetTime(of: timestamp) - machine.time
    if remaining > 0, isStill || startsFromStill {
      // Time spent still is idle (a host may pause its display link): it is not stepped through, so
      // the first frame of a motion that starts from still is one frame, not the pause.
      let kept = isStill ? 0 : min(remaining, SheetMachine.defaultFrameInterval)
      clockOrigin = (clockOrigin ?? 0) + (remaining - kept)
      remaining = kept
    }
    startsFromStill = false
    guard remaining > 0 else { return machine.frame }
    if remaining <= SheetLimits.maximumStep { return try stepMachine(remaining) }  // a display frame
    var steps = 0
    while remaining > 0 {
      guard steps < Self.maximumCatchUpSteps else {
        clockOrigin = (clockOrigin ?? 0) + remaining
        break
      }
      let dt = min(remaining, SheetLimits.maximumStep)
      _ = try stepMachine(dt)
      remaining -= dt
      steps += 1
    }
    return machine.frame
  }

  /// Advances the sheet by one interval and returns the frame, for a host that counts frames rather
  /// than reading a clock.
  /// - Parameter dt: Seconds, finite and >= 0 (1/120 at 120 Hz); more than 1 s advances 1 s.
  /// - Returns: The frame.
  /// - Throws: `SheetError.invalidValue(field:value:)` with field `dt` for a NaN, infinite or negative
  ///   interval.
  @discardableResult
  public func step(_ dt: Double = SheetMachine.defaultFrameInterval) throws(SheetError) -> SheetFrame {
    try stepMachine(dt)
  }

  /// Moves the clock so that `timestamp` is the sheet's time now, when the sheet is still (a host that
  /// paused its display link while still resumes with a touch).
  func rebaseIfStill(at timestamp: Double) {
    guard isStill, timestamp.isFinite, abs(timestamp) <= 1e12 else { return }
    clockOrigin = timestamp - machine.time
  }

  /// A host timestamp on the sheet's clock; the first one fixes ``clockOrigin``.
  /// - Throws: `SheetError.invalidValue(field:value:)` with field `timestamp` for a non-finite value.
  func sheetTime(of timestamp: Double) throws(SheetError) -> Double {
    guard timestamp.isFinite, abs(timestamp) <= 1e12 else {
      throw .invalidValue(field: "timestamp", value: timestamp)
    }
    let origin = clockOrigin ?? (timestamp - machine.time)
    clockOrigin = origin
    return timestamp - origin
  }
}
