import SheetCore
import SheetTrace

/// Time: the host's display link advances the sheet and draws the frame it returns.
extension ScriptedSheet {
  /// Advances the sheet to a host timestamp and returns the frame to draw.
  ///
  /// Steps the machine from its last time to `timestamp`, in steps of at most 1 s, feeding nothing
  /// else (the touches were fed as they came). A timestamp at or before the last one returns the
  /// current frame; the first timestamp the sheet is given fixes ``clockOrigin``. Time spent still is
  /// idle, and after a gap longer than `SheetHost.maximumCatchUpSteps` seconds the rest is skipped
  /// (`SheetHost.advance(to:eachStep:)`).
  /// - Parameter timestamp: Host seconds, on the touches' clock (`CADisplayLink.timestamp`, or its
  ///   `targetTimestamp` to draw where the sheet will be when the frame shows).
  /// - Returns: The frame.
  /// - Throws: `SheetError.invalidValue(field:value:)` with field `timestamp` for a non-finite value.
  @discardableResult
  public func advance(to timestamp: Double) throws(SheetError) -> SheetFrame {
    try advanceHost(to: timestamp)
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

  /// Advances the sheet to a host timestamp in whole frames of `frameInterval` (a display link at a
  /// fixed rate; time spent still is idle), at most `maximumFrames`, stopping when it comes to rest.
  /// - Parameters:
  ///   - timestamp: Host seconds.
  ///   - frameInterval: The frame's length, seconds.
  ///   - maximumFrames: The most frames stepped.
  /// - Returns: The frames stepped.
  /// - Throws: `SheetError.invalidValue(field:value:)` for a timestamp or interval it cannot use.
  @discardableResult
  public func advance(to timestamp: Double, frameInterval: Double, maximumFrames: Int) throws(SheetError)
    -> Int
  {
    let stepped = try host.advance(to: timestamp, frameInterval: frameInterval, maximumFrames: maximumFrames)
    {
      events, machine in
      collect(events, x: nil, machine)
      collectBehaviourOutput(machine)
      gestureRecorder?.stepped(height: machine.height)
    }
    if let gestureRecorder { recordStep(gestureRecorder) }
    return stepped
  }
}
