/// The host's clock: touch timestamps and display-link times in a host's own seconds (on iOS,
/// `UITouch.timestamp`, `CADisplayLink.timestamp` and `CACurrentMediaTime()` share one clock), turned
/// into the sheet's clock (``time``, 0 when the host was made). The first timestamp a host is given
/// fixes ``clockOrigin``, the host time of the sheet's time 0.
extension SheetHost {
  /// The largest timestamp magnitude a host may give, seconds (about 30,000 years).
  public static let maximumTimestamp = 1e12

  /// The most one-second steps one ``advance(to:eachStep:)`` takes to catch up; a longer gap (an app suspended
  /// for minutes) is skipped, as every transition has ended by then
  /// (``SheetLimits/maximumTransitionTime``).
  public static let maximumCatchUpSteps = 60

  /// A host timestamp on the sheet's clock; the first one fixes ``clockOrigin``.
  /// - Parameter timestamp: Host seconds.
  /// - Returns: The sheet's time of it.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` with field `timestamp` for a non-finite value or
  ///   one beyond ``maximumTimestamp``.
  public mutating func sheetTime(of timestamp: Double) throws(SheetError) -> Double {
    guard timestamp.isFinite, abs(timestamp) <= Self.maximumTimestamp else {
      throw .invalidValue(field: "timestamp", value: timestamp)
    }
    let origin = clockOrigin ?? (timestamp - machine.time)
    clockOrigin = origin
    return timestamp - origin
  }

  /// Moves the clock so that `timestamp` is the sheet's time now, when the sheet is still (a host that
  /// paused its display link while still resumes with a touch).
  /// - Parameter timestamp: Host seconds.
  public mutating func rebaseIfStill(at timestamp: Double) {
    guard isStill, timestamp.isFinite, abs(timestamp) <= Self.maximumTimestamp else { return }
    clockOrigin = timestamp - machine.time
  }

  /// Advances the sheet to a host timestamp.
  ///
  /// Steps the machine from its last time to `timestamp`, in steps of at most 1 s. A timestamp at or
  /// before the last one changes nothing. Time spent still is idle (a host may pause its display link):
  /// it is not stepped through, so the first frame of a motion that starts from still is one frame, not
  /// the pause. After a gap longer than `SheetHost.maximumCatchUpSteps` seconds the rest is skipped:
  /// ``clockOrigin`` moves by the skipped time and the sheet's time goes on from where it was.
  /// - Parameters:
  ///   - timestamp: Host seconds (`CADisplayLink.timestamp`, or its `targetTimestamp`).
  ///   - eachStep: Called with each step's events and the machine after it, as it is taken (one step for
  ///     a display frame); the machine is lent, so the closure reads it without reaching back into the host.
  /// - Returns: The frame.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` with field `timestamp` for an unusable value.
  @discardableResult
  public mutating func advance(
    to timestamp: Double, eachStep: ([SheetEvent], borrowing SheetMachine) -> Void = { _, _ in }
  )
    throws(SheetError) -> SheetFrame
  {
    var remaining = try sheetTime(of: timestamp) - machine.time
    if remaining > 0, isStill || startsFromStill {
      let kept = isStill ? 0 : min(remaining, SheetMachine.defaultFrameInterval)
      clockOrigin = (clockOrigin ?? 0) + (remaining - kept)
      remaining = kept
    }
    startsFromStill = false
    var steps = 0
    while remaining > 0 {
      guard steps < Self.maximumCatchUpSteps else {
        clockOrigin = (clockOrigin ?? 0) + remaining
        break
      }
      let dt = min(remaining, SheetLimits.maximumStep)
      eachStep(try machine.step(dt).events, machine)
      remaining -= dt
      steps += 1
    }
    return machine.frame
  }

  /// Advances to a host timestamp in whole frames of `frameInterval`, as a display link at a fixed rate
  /// does: frames are stepped while the next one ends at or before `timestamp` (at most
  /// `maximumFrames`), and stop when the sheet comes to rest. Time spent still is idle, as in
  /// ``advance(to:eachStep:)``: the clock moves along and nothing is stepped. The first timestamp fixes
  /// ``clockOrigin``.
  /// - Parameters:
  ///   - timestamp: Host seconds.
  ///   - frameInterval: The frame's length, seconds (finite, > 0).
  ///   - maximumFrames: The most frames stepped.
  ///   - eachStep: Called with each step's events and the machine after it, as it is taken.
  /// - Returns: The frames stepped.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for a timestamp or interval it cannot use.
  @discardableResult
  public mutating func advance(
    to timestamp: Double, frameInterval: Double, maximumFrames: Int,
    eachStep: ([SheetEvent], borrowing SheetMachine) -> Void = { _, _ in }
  ) throws(SheetError) -> Int {
    guard frameInterval.isFinite, frameInterval > 0 else {
      throw .invalidValue(field: "frameInterval", value: frameInterval)
    }
    guard let origin = clockOrigin, !isStill else {
      try advance(to: timestamp, eachStep: eachStep)  // fixes the origin, or moves it along while still
      return 0
    }
    _ = try sheetTime(of: timestamp)  // checks it
    startsFromStill = false
    let target = timestamp - origin
    var stepped = 0
    while machine.time + frameInterval <= target && stepped < maximumFrames {
      eachStep(try machine.step(frameInterval).events, machine)
      stepped += 1
      if isStill { break }
    }
    return stepped
  }
}
