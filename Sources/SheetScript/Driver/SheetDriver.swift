import SheetCore

/// Drives a sheet machine frame by frame the way a host app would, synthesising touch streams from
/// gesture descriptions and recording every frame and event into a trace.
///
/// It calls the machine only through a `MachineFunnel`, the path ``ScriptedSheet`` (the host API)
/// takes too: scenarios, `sheet run`, `sheet watch` and the CLI reach the machine the way a host app
/// does, and nothing reaches around it. It works with any policy, native or a behaviour.
///
/// Time moves only through the driver's frames: each frame feeds the touch sample of that instant (if a
/// finger is down) and then steps the machine by `1 / fps`, so the recorded frame shows the sheet at
/// the finger's position at that time. Every event is recorded as the machine call that caused it
/// returns it, at the machine's time then.
public struct SheetDriver {
  /// The one path to the machine, shared with the host API.
  var funnel: MachineFunnel
  /// The machine being driven, read-only: every change goes through the driver's funnel.
  public var machine: SheetMachine {
    @inline(__always) _read { yield funnel.machine }  // a borrow, not a copy on every read
  }
  /// Frames per second (120 by default).
  public var fps: Double
  /// Everything recorded so far, when recording.
  public internal(set) var trace: Trace
  /// Whether frames and events are appended to `trace`.
  public var recording: Bool
  /// Whether a recording trace keeps its frames and the sheet's events (true by default). False is the
  /// pass/fail sink `sheet tune` uses: frames and events are counted toward the trace limits exactly as
  /// if kept (a run reaches a limit at the same entry, with the same sentence), and the trace keeps only
  /// what a run's outcome is made of: the behaviour's script errors and the scenario's own events
  /// (expectations, prints, reloads).
  public var keepsFrames = true
  /// The text lengths of the motions the sink last counted (``estimatedBytes(of:)``).
  var motionLengths = MotionLengthMemo()
  /// Trace entries made so far, kept or counted (a frame the sink drops counts too).
  var entryCount = 0
  /// A budget the driver checks after every frame (a scenario's run-wide budget for its behaviour's
  /// code), or nil for none.
  public var unitsLimit: UnitsLimit?

  /// A budget of units counted elsewhere: once `spent()` is more than `most`, the driver stops with the
  /// sentence `limit` makes, naming the limit. A host moves `most` between its calls and keeps the two
  /// closures, so a call of the driver makes none.
  public struct UnitsLimit {
    /// The units spent so far.
    public var spent: () -> Int
    /// The most that may be spent.
    public var most: Int
    /// The limit in words, made once it is reached.
    public var limit: () -> String

    /// A budget of `most` units.
    public init(spent: @escaping () -> Int, most: Int, limit: @escaping () -> String) {
      self.spent = spent
      self.most = most
      self.limit = limit
    }

    /// Whether more than `most` units are spent.
    var isReached: Bool { spent() > most }
  }

  /// The finger's last position while a touch is down.
  public internal(set) var touchY: Double?
  /// The finger's last screen x while a touch is down (the screen's horizontal centre unless a touch
  /// gave one).
  public internal(set) var touchX: Double?
  /// How many frames, simulated seconds and trace entries the driver may produce.
  public var limits = DriverLimits()
  /// The limit that stopped the driver, as a sentence; once set, frames do nothing.
  public internal(set) var limitReached: String?
  /// Frames stepped so far.
  public internal(set) var frameCount = 0
  /// The trace's estimated size in bytes (see ``DriverLimits/traceBytes``).
  var traceBytes = 0
  /// Whether ``comeToRest(within:)`` is running: frames and trace entries past the limits are allowed.
  var closing = false
  /// The index in `trace.guides` of each active detent's guide.
  var openGuides: [String: Int] = [:]
  /// Whether a keyboard was ever shown: from then on frames record its height.
  var keyboardShown = false
  /// The size of the last frame the sink counted, and the machine's ``SheetMachine/textRevision`` then
  /// (``frameBytes()``).
  var frameBytesMemo: (revision: UInt64, bytes: Int)?

  /// Creates a driver over a new hidden sheet.
  /// - Parameters:
  ///   - policy: The sheet's behaviour.
  ///   - geometry: The screen.
  ///   - contentHeight: The content's intrinsic height, if any.
  ///   - fps: Frames per second (1...1000).
  ///   - title: The trace's title.
  ///   - recording: Whether to record a trace.
  /// - Throws: `SheetError.invalidValue` for a screen or content height the machine refuses.
  public init(
    policy: any SheetPolicy, geometry: SheetGeometry, contentHeight: Double? = nil, fps: Double = 120,
    title: String = "sheet", recording: Bool = true
  ) throws(SheetError) {
    funnel = try MachineFunnel(policy: policy, geometry: geometry, contentHeight: contentHeight)
    self.fps = fps
    self.recording = recording
    trace = Trace(title: title, screenExtent: geometry.height)
    // A zero step advances nothing and hands over what the initializer met (a detent resolver's fault).
    record(funnel.creationEvents())
    noteGuides()
  }

  /// The length of one frame in seconds.
  public var frameInterval: Double { 1 / fps }

  /// Steps one frame: feeds the touch sample of the frame's instant, then advances the machine.
  /// - Parameters:
  ///   - touch: The finger's screen y at the end of this frame, when a touch is down.
  ///   - x: Its screen x then; nil keeps the finger's last x.
  /// - Throws: `SheetError` when the touch sample or the frame interval (`1 / fps`) is refused.
  public mutating func frame(touch: Double? = nil, x: Double? = nil) throws(SheetError) {
    guard limitReached == nil || closing else { return }
    if let touch, touchY != nil {
      let sampleX = x ?? touchX
      touchY = touch
      touchX = sampleX
      let time = machine.time + frameInterval
      record(try funnel.input { m throws(SheetError) in try m.panChanged(x: sampleX, y: touch, time: time) })
    }
    let step = try funnel.step(frameInterval)
    record(step.events)
    if recording, machine.keyboard.isVisible { keyboardShown = true }
    if recording && keepsFrames {
      let frame = step.frame
      append(
        .frame(
          TraceFrame(
            time: frame.time, state: frame.state.rawValue, detent: frame.detent,
            target: frame.target?.name, height: frame.height, backdrop: frame.backdrop,
            velocity: frame.velocity, keyboard: keyboardShown ? frame.keyboard : nil,
            scroll: frame.scrollOffset)))
    } else if recording {
      count(bytes: frameBytes())
    }
    frameCount += 1
    if closing {
      return
    } else if frameCount >= limits.frames {
      reachLimit("the frame limit (\(limits.frames) frames)")
    } else if machine.time > limits.simulatedTime {
      reachLimit("the simulated-time limit (\(TraceNumber.format(limits.simulatedTime)) s)")
    } else if unitsLimit?.isReached == true, let limit = unitsLimit?.limit() {
      reachLimit(limit)
    }
  }

  /// Steps whole frames for `seconds` (rounded to the nearest frame).
  /// - Parameter seconds: How long to wait.
  /// - Throws: `SheetError` from a touch sample.
  public mutating func wait(_ seconds: Double) throws(SheetError) {
    let count = Self.frameCount(seconds, fps: fps, limit: limits.frames)
    for _ in 0..<count where limitReached == nil { try frame() }
  }

  /// Brings a stopped run's sheet to rest: lifts a finger that is down (the release decides as usual)
  /// and steps until the sheet is still, past the driver's limits but for at most `seconds` of
  /// simulated time, so a run ended by a limit still leaves its sheet at rest. ``limitReached`` stays.
  /// - Parameter seconds: The most simulated seconds to step (default 60, the settle limit).
  /// - Returns: Whether the sheet is still.
  @discardableResult
  public mutating func comeToRest(within seconds: Double = 60) -> Bool {
    closing = true
    defer { closing = false }
    if touchY != nil { try? touchUp(velocity: 0) }
    return (try? settle(limit: seconds)) ?? isStill
  }

  /// Adds notes as closing entries, past the trace limits as ``comeToRest(within:)``'s frames are: what
  /// the sheet's callbacks noted while it came to rest, kept by the caller while the driver was busy.
  /// - Parameter notes: Each note's kind and fields, in order.
  mutating func noteClosing(_ notes: [(String, [TraceField])]) {
    closing = true
    defer { closing = false }
    for (name, fields) in notes { note(name, fields) }
  }

  /// Whole frames in `seconds` at `fps` (rounded, or cut down), clamped to 0...limit without trapping
  /// on a NaN, infinite or huge value.
  static func frameCount(_ seconds: Double, fps: Double, limit: Int, rounded: Bool = true) -> Int {
    let frames = seconds * fps
    guard frames.isFinite, frames > 0 else { return 0 }
    let whole = rounded ? frames.rounded() : frames.rounded(.down)
    return whole >= Double(limit) ? limit : Int(whole)
  }

  /// Whether the sheet is still: at rest, hidden or dismissed, with no finger down and the keyboard not
  /// moving.
  public var isStill: Bool {
    touchY == nil && machine.isStill
  }

  /// Steps frames until the sheet is still.
  /// - Parameter limit: The most simulated seconds to wait.
  /// - Returns: `true` when it came to rest within the limit.
  /// - Throws: `SheetError` from a touch sample.
  @discardableResult
  public mutating func settle(limit: Double = 60) throws(SheetError) -> Bool {
    // while closing (``comeToRest(within:)``) the frame limit is past, and only `limit` bounds the loop
    let frames = Self.frameCount(limit, fps: fps, limit: closing ? Int.max : limits.frames, rounded: false)
    var count = 0
    while !isStill {
      if count >= frames || (limitReached != nil && !closing) { return false }
      try frame()
      count += 1
    }
    return true
  }

  /// Applies an input through the funnel, recording the events it caused.
  /// - Parameter input: The input, given the machine; it returns the events the machine returned.
  /// - Throws: `SheetError` from the machine.
  public mutating func apply(_ input: (inout SheetMachine) throws(SheetError) -> [SheetEvent])
    throws(SheetError)
  {
    record(try funnel.input(input))
    noteGuides()
  }

  /// Puts a finger down at a screen point.
  ///
  /// The driver models one finger: while a finger is down, another `touchDown` is recorded as
  /// `SheetEvent.ignored(input:state:)` (`pan_began`) and the finger that is down keeps the sheet. On a
  /// sheet that cannot be grabbed in its state (hidden, dismissed) the finger still goes down and its
  /// moves and lift fall through (the machine records the ignored `pan_began`).
  /// - Parameters:
  ///   - x: Screen x in points; nil is the screen's horizontal centre.
  ///   - y: Screen y in points.
  ///   - time: The touch's own timestamp on the sheet's clock, seconds, as a host's touch carries one
  ///     (between two frames, say); nil is the sheet's time now. No frame is stepped either way.
  /// - Returns: Whether the sheet follows this finger (the touch may land outside the gesture area, on
  ///   no sheet, or be a second finger).
  /// - Throws: `SheetError.invalidValue` for an x, y or time the machine refuses (in every state).
  @discardableResult
  public mutating func touchDown(x: Double? = nil, y: Double, time: Double? = nil) throws(SheetError) -> Bool
  {
    if let x { try SheetLimits.check(x: x) }
    try SheetLimits.check(coordinate: y)
    if let time { try SheetLimits.check(time: time) }
    if touchY != nil {
      recordIgnored(.panBegan)
      return false
    }
    let pointX = x ?? machine.centreX
    let start = try funnel.panBegan(x: pointX, y: y, time: time)
    record(start.events)
    touchY = y
    touchX = pointX
    return start.isTracking
  }

  /// Lifts the finger where it last was; with no finger down, records an ignored `pan_ended`.
  /// - Parameters:
  ///   - velocity: The release velocity in pt/s (screen y); `nil` uses the estimator.
  ///   - velocityX: The horizontal release velocity in pt/s (screen x, + = right); `nil` uses the
  ///     estimator.
  ///   - time: The lift's own timestamp on the sheet's clock, seconds; nil is the sheet's time now.
  /// - Throws: `SheetError.invalidValue` for a velocity or time the machine refuses (in every state).
  public mutating func touchUp(velocity: Double? = nil, velocityX: Double? = nil, time: Double? = nil)
    throws(SheetError)
  {
    if let velocity { try SheetLimits.check(velocity: velocity) }
    if let velocityX { try SheetLimits.check(velocity: velocityX, field: "velocityX") }
    if let time { try SheetLimits.check(time: time) }
    guard let y = touchY else { return recordIgnored(.panEnded) }
    let x = touchX
    touchY = nil
    touchX = nil
    record(
      try funnel.input { m throws(SheetError) in
        try m.panEnded(x: x, y: y, time: time, velocity: velocity, velocityX: velocityX)
      })
  }

  /// The system cancels the touch where it last was (`panCancelled`: the sheet goes back to rest, or
  /// is released with zero velocity); with no finger down, records an ignored `pan_cancelled`.
  public mutating func touchCancel() {
    guard let y = touchY else { return recordIgnored(.panCancelled) }
    touchY = nil
    touchX = nil
    // y was checked when the finger went down or moved, and no time is given: nothing to refuse.
    if let events = try? funnel.input({ m throws(SheetError) in try m.panCancelled(y: y) }) { record(events) }
  }

  /// The default grab point: 10 pt inside the sheet's leading edge.
  public var grabY: Double {
    let h = machine.height
    return machine.geometry.edge == .bottom ? machine.geometry.height - h + 10 : h - 10
  }

  /// A screen y on the backdrop, away from the sheet: near the far screen edge.
  public var backdropY: Double {
    machine.geometry.edge == .bottom ? 1 : machine.geometry.height - 1
  }
}
