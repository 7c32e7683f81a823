import SheetCore

/// Drives a sheet machine frame by frame the way a host app would, synthesising touch streams from
/// gesture descriptions and recording every frame and event into a trace.
///
/// It drives the sheet through a `SheetHost`, the path `ScriptedSheet` (the host API) takes too: the
/// same finger rules, clock and checks, so scenarios, `sheet run`, `sheet watch` and the CLI reach the
/// machine the way a host app does. The driver adds only gesture synthesis and the trace. It works
/// with any policy (the default policy or a behaviour).
///
/// Time moves only through the driver's frames: each frame feeds the touch sample of that instant (if a
/// finger is down) and then steps the machine by `1 / fps`, so the recorded frame shows the sheet at
/// the finger's position at that time. Every event is recorded as the machine call that caused it
/// returns it, at the machine's time then.
public struct SheetDriver {
  /// The sheet's host, the one path to the machine, shared with the host API.
  public internal(set) var host: SheetHost
  /// The machine being driven, read-only: every change goes through the host.
  public var machine: SheetMachine {
    @inline(__always) _read { yield host.machine }  // a borrow, not a copy on every read
  }
  /// Frames per second (120 by default).
  public var fps: Double
  /// Everything recorded so far, when recording.
  public package(set) var trace: Trace
  /// Whether frames and events are appended to `trace`.
  public var recording: Bool
  /// Whether a recording trace keeps its frames and the sheet's events (true by default). False is the
  /// pass/fail sink `sheet tune` uses: frames and events are counted toward the trace limits exactly as
  /// if kept (a run reaches a limit at the same entry, with the same sentence), and the trace keeps only
  /// what a run's outcome is made of: the behaviour's script errors and the scenario's own events
  /// (expectations, prints, reloads).
  public var keepsFrames = true
  /// Trace entries made so far, kept or counted (a frame the sink drops counts too).
  package var entryCount = 0
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

  /// The last screen y of finger 1 (the one drags and flicks move) while it is down.
  public var touchY: Double? { touch(1)?.y }
  /// The last screen x of finger 1 while it is down.
  public var touchX: Double? { touch(1)?.x }
  /// A finger where it last was, while it is down.
  package func touch(_ finger: Int) -> SheetHost.Touch? { host.touches.first { $0.finger == finger } }
  /// How many frames, simulated seconds and trace entries the driver may produce.
  public var limits = DriverLimits()
  /// The limit that stopped the driver, as a sentence; once set, frames do nothing.
  public internal(set) var limitReached: String?
  /// Frames stepped so far.
  public internal(set) var frameCount = 0
  /// The trace's size as JSON Lines, bytes (see ``DriverLimits/traceBytes``).
  package var traceBytes = 0
  /// The frame texts the sink counted last, and the bound of their lines (``boundBytes(of:)``).
  package var frameShape = FrameShape()
  /// Whether ``traceBytes`` holds a frame's bound rather than its bytes (the sink's).
  package var countsBound = false
  /// Whether the trace-size limit was reached by a count that held bounds: the run stopped, and only a
  /// run that keeps its frames can tell whether its trace really reaches the limit (the runner runs it
  /// again so).
  public internal(set) var limitUndecided = false
  /// The fields of the event the sink counts, a buffer it reuses.
  package var scratchFields: [TraceField] = []
  /// The bytes a frame written before the keyboard appeared gains once it has (`,"keyboard":0`).
  package static let keyboardColumnBytes = #","keyboard":0"#.utf8.count
  /// Whether ``comeToRest(within:)`` is running: frames and trace entries past the limits are allowed.
  package var closing = false
  /// The index in `trace.guides` of each active detent's guide.
  package var openGuides: [String: Int] = [:]
  /// Whether a keyboard was ever shown: from then on frames record its height.
  package var keyboardShown = false
  /// Records the drags the sheet follows as corpus records (`sheet corpus from-scenario`), with the
  /// stamp `gestureStamp` gives for the sheet's policy; nil records nothing.
  package var gestureRecorder: GestureRecorder?
  /// The behaviour's name, source hash and thresholds for a policy, for ``gestureRecorder``.
  package var gestureStamp: ((any SheetPolicy) -> (GestureRecord.Stamp, [String: Double]))?

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
    host = try SheetHost(policy: policy, geometry: geometry, contentHeight: contentHeight)
    self.fps = fps
    self.recording = recording
    trace = Trace(title: title, screenExtent: host.machine.geometry.extent)
    // A zero step advances nothing and hands over what the initializer met (a detent resolver's script error).
    record(host.creationEvents())
    noteGuides()
  }

  /// The length of one frame in seconds.
  public var frameInterval: Double { 1 / fps }

  /// Steps one frame: feeds the touch sample of the frame's instant, then advances the machine.
  /// - Parameters:
  ///   - touch: The finger's screen y at the end of this frame, when it is down.
  ///   - x: Its screen x then; nil keeps the finger's last x.
  ///   - finger: The finger (1 by default).
  /// - Throws: `SheetError` when the touch sample or the frame interval (`1 / fps`) is refused.
  public mutating func frame(touch: Double? = nil, x: Double? = nil, finger: Int = 1) throws(SheetError) {
    guard limitReached == nil || closing else { return }
    if let touch, self.touch(finger) != nil {
      let time = machine.time + frameInterval
      record(try host.touchMove(finger: finger, x: x, y: touch, time: time))
      gestureRecorder?.moved(finger: finger, x: self.touch(finger)?.x ?? 0, y: touch, time: time)
    }
    let step = try host.step(frameInterval)
    record(step.events)
    if let gestureRecorder { recordStep(gestureRecorder) }
    if recording {
      if !keyboardShown && machine.keyboard.isVisible {
        // from now on every frame has a keyboard column, the earlier ones too (at 0)
        keyboardShown = true
        traceBytes += frameCount * Self.keyboardColumnBytes
      }
      if keepsFrames {
        append(step.frame)
      } else {
        countsBound = true
        count(bytes: boundBytes(of: step.frame))
      }
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
    record(host.liftAll())
    return (try? settle(limit: seconds)) ?? isStill
  }

  /// Adds notes as closing entries, past the trace limits as ``comeToRest(within:)``'s frames are: what
  /// the sheet's callbacks noted while it came to rest, kept by the caller while the driver was busy.
  /// - Parameter notes: Each note's kind and fields, in order.
  package mutating func noteClosing(_ notes: [(String, [TraceField])]) {
    closing = true
    defer { closing = false }
    for (name, fields) in notes { note(name, fields) }
  }

  /// Whole frames in `seconds` at `fps` (rounded, or cut down), clamped to 0...limit without trapping
  /// on a NaN, infinite or huge value.
  package static func frameCount(_ seconds: Double, fps: Double, limit: Int, rounded: Bool = true) -> Int {
    let frames = seconds * fps
    guard frames.isFinite, frames > 0 else { return 0 }
    let whole = rounded ? frames.rounded() : frames.rounded(.down)
    return whole >= Double(limit) ? limit : Int(whole)
  }

  /// Whether the sheet is still: at rest, hidden or dismissed, with no finger down and the keyboard not
  /// moving.
  public var isStill: Bool { host.isStill }

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

  /// Applies an input through the host, recording the events it caused.
  /// - Parameter input: The host call; it returns the events the host returned.
  /// - Throws: `SheetError` from the host (a bad value: then nothing changed).
  public mutating func apply(_ input: (inout SheetHost) throws(SheetError) -> [SheetEvent]) throws(SheetError)
  {
    record(try input(&host))
    noteGuides()
  }

  /// Puts a finger down at a screen point (`SheetHost`'s finger rules: it drives the sheet's pan when
  /// no other finger does and the sheet takes a pan there; a finger already down is recorded as an
  /// ignored `pan_began`). No frame is stepped.
  /// - Parameters:
  ///   - finger: The finger (1 by default).
  ///   - x: Screen x in points; nil is the screen's horizontal centre.
  ///   - y: Screen y in points.
  ///   - time: The touch's own timestamp on the sheet's clock, seconds, as a host's touch carries one
  ///     (between two frames, say); nil is the sheet's time now.
  /// - Returns: Whether the sheet follows this finger.
  /// - Throws: `SheetError.invalidValue` for an x, y or time the host refuses (in every state).
  @discardableResult
  public mutating func touchDown(finger: Int = 1, x: Double? = nil, y: Double, time: Double? = nil)
    throws(SheetError) -> Bool
  {
    let start = gestureRecorder != nil ? GestureRecord.Start(of: machine) : nil
    let down = try host.touchDown(finger: finger, x: x, y: y, time: time)
    record(down.events)
    if down.drivesPan, let start { recordGesture(finger: finger, y: y, time: time, start: start) }
    return down.drivesPan
  }

  /// Lifts a finger where it last was; with no such finger down, records an ignored `pan_ended`.
  /// - Parameters:
  ///   - finger: The finger (1 by default).
  ///   - velocity: The release velocity in pt/s (screen y); `nil` uses the estimator.
  ///   - velocityX: The horizontal release velocity in pt/s (screen x, + = right); `nil` uses the
  ///     estimator.
  ///   - time: The lift's own timestamp on the sheet's clock, seconds; nil is the sheet's time now.
  /// - Throws: `SheetError.invalidValue` for a velocity or time the host refuses (in every state).
  public mutating func touchUp(
    finger: Int = 1, velocity: Double? = nil, velocityX: Double? = nil, time: Double? = nil
  ) throws(SheetError) {
    let last = touch(finger)
    record(try host.touchUp(finger: finger, time: time, velocity: velocity, velocityX: velocityX))
    if let last {
      gestureRecorder?.lifted(
        finger: finger, x: last.x, y: last.y, time: time ?? machine.time, velocity: velocity,
        velocityX: velocityX, machine: machine)
    }
  }

  /// The system cancels a finger where it last was (the sheet goes back to rest, or is released with
  /// zero velocity); with no such finger down, records an ignored `pan_cancelled`.
  /// - Parameter finger: The finger (1 by default).
  public mutating func touchCancel(finger: Int = 1) {
    record(host.touchCancel(finger: finger))
    gestureRecorder?.cancelled(finger: finger)
  }

  /// The default grab point: 10 pt inside the sheet's leading edge along its axis, at the screen's
  /// centre across it (a side sheet's is a screen x and the screen's vertical centre).
  public var grabPoint: (x: Double, y: Double) {
    let g = machine.geometry
    let h = machine.height
    return g.screenPoint(along: g.edge.isAtAxisEnd ? g.extent - h + 10 : h - 10, cross: g.crossExtent / 2)
  }

  /// The default grab point's screen y (``grabPoint``).
  public var grabY: Double { grabPoint.y }

  /// A screen point on the backdrop, away from the sheet: 1 pt inside the far screen edge along the
  /// sheet's axis, at the screen's centre across it.
  public var backdropPoint: (x: Double, y: Double) {
    let g = machine.geometry
    return g.screenPoint(along: g.edge.isAtAxisEnd ? 1 : g.extent - 1, cross: g.crossExtent / 2)
  }
}
