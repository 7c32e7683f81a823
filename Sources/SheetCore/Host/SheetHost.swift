/// The one path from a touch to a frame: a ``SheetMachine`` with the rules of the fingers on the screen,
/// the clock, and the checks of everything a host hands it.
///
/// Every caller that drives a sheet goes through a host: the host API (`ScriptedSheet`, which the live
/// preview drives), the scenarios (`sheet run`, `test`, `tune`, `compare`) and the benchmark. It works
/// with any policy (the default policy or a behaviour), and returns what each call did, as the machine does: a step its
/// frame and events, an input its own events. Nothing is kept for later.
///
/// **Fingers** (``touchDown(finger:x:y:time:)``): the sheet's pan follows one finger, as a pan gesture
/// recognizer on the sheet does. See `SheetHost+Touches.swift` for the rules.
///
/// **Clocks.** Touch times and ``step(_:)`` are on the sheet's clock (``time``, 0 when made). A host
/// with a clock of its own (touch timestamps, a display link) converts through ``sheetTime(of:)`` and
/// ``advance(to:eachStep:)``, which keep ``clockOrigin``; see `SheetHost+Clock.swift`.
///
/// **Inputs in any state.** An input the state cannot take is recorded as
/// ``SheetEvent/ignored(input:state:)`` (or ``SheetEvent/queued(input:state:)``) and changes nothing.
/// Only a bad value throws (``SheetError``, checked against ``SheetLimits`` before anything changes),
/// and then nothing changes.
///
/// The machine's properties read through the host: `host.height` is `host.machine.height`.
@dynamicMemberLookup
public struct SheetHost {
  /// The machine, read-only: every change goes through the host.
  public internal(set) var machine: SheetMachine
  /// The fingers down, in the order they went down.
  public internal(set) var touches: [Touch] = []
  /// The finger the sheet's pan follows; nil when none does.
  public internal(set) var panFinger: Int?
  /// The host time of the sheet's time 0, once a host timestamp fixed it (``sheetTime(of:)``).
  public internal(set) var clockOrigin: Double?
  /// Whether an input has just set a still sheet moving: the next ``advance(to:eachStep:)`` makes the gap since
  /// the last frame one frame (the time spent still is idle).
  var startsFromStill = false

  /// A finger on the screen.
  public struct Touch: Sendable, Equatable {
    /// The finger's number (a pointer's identifier).
    public var finger: Int
    /// Its screen x and y, points, where it last was.
    public var x: Double
    /// Screen y, points.
    public var y: Double
    /// When it was last there, on the sheet's clock (seconds).
    public var time: Double
  }

  /// A host over a new hidden sheet.
  /// - Parameters:
  ///   - policy: The sheet's policy (a behaviour, or the default policy).
  ///   - geometry: The screen.
  ///   - contentHeight: The content's intrinsic height, if any.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for a screen or content height
  ///   ``SheetLimits`` refuses.
  public init(policy: any SheetPolicy, geometry: SheetGeometry, contentHeight: Double? = nil)
    throws(SheetError)
  {
    machine = try SheetMachine(policy: policy, geometry: geometry, contentHeight: contentHeight)
  }

  /// What making the machine met (a detent the policy could not resolve), handed over by a zero step
  /// that advances no time. Call it once, right after making the host.
  /// - Returns: The events.
  public mutating func creationEvents() -> [SheetEvent] {
    (try? machine.step(0).events) ?? []
  }

  /// A property of ``machine``.
  /// - Parameter keyPath: The machine's property.
  /// - Returns: Its value.
  public subscript<Value>(dynamicMember keyPath: KeyPath<SheetMachine, Value>) -> Value {
    machine[keyPath: keyPath]
  }

  /// The sheet now.
  public var frame: SheetFrame { machine.frame }
  /// The sheet's time in seconds.
  public var time: Double { machine.time }

  /// Whether nothing moves and no finger is down: a host may stop stepping until the next input.
  public var isStill: Bool { touches.isEmpty && machine.isStill }

  /// Advances the sheet by `dt` seconds.
  /// - Parameter dt: Seconds, finite and >= 0; more than ``SheetLimits/maximumStep`` advances that much.
  /// - Returns: The frame and the step's events.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` with field `dt` for a NaN, infinite or
  ///   negative interval.
  @discardableResult
  public mutating func step(_ dt: Double) throws(SheetError) -> SheetStep {
    try machine.step(dt)
  }

  /// Applies an input to the machine, noting when it sets a still sheet moving.
  @inline(__always)
  mutating func input<Failure: Error>(
    _ body: (inout SheetMachine) throws(Failure) -> [SheetEvent]
  ) throws(Failure) -> [SheetEvent] {
    let wasStill = isStill
    let events = try body(&machine)
    if wasStill && !isStill { startsFromStill = true }
    return events
  }
}

/// Programmatic inputs: present, dismiss, snap, tap, the screen, the content, the keyboard, a new policy.
extension SheetHost {
  /// Presents the sheet (``SheetHost/present()``). With no active detent on this screen it is
  /// recorded as an ignored `present`: a state of the screen, not a bad value.
  /// - Returns: The events.
  @discardableResult
  public mutating func present() -> [SheetEvent] {
    do throws(SheetError) {
      return try input { m throws(SheetError) in try m.present() }
    } catch {
      return [.ignored(input: .present, state: machine.state)]
    }
  }

  /// Dismisses the sheet (``SheetHost/dismiss()``; during a drag it applies when the finger lifts).
  /// - Returns: The events.
  @discardableResult
  public mutating func dismiss() -> [SheetEvent] {
    input { m in m.dismiss() }
  }

  /// Animates to a detent (``SheetHost/snap(to:)``). A detent the policy declares but this screen
  /// leaves inactive is recorded as an ignored `snap`.
  /// - Parameter id: The detent.
  /// - Returns: The events.
  /// - Throws: ``SheetError/unknownDetent(_:)`` for an id the policy never declares.
  @discardableResult
  public mutating func snap(to id: String) throws(SheetError) -> [SheetEvent] {
    do throws(SheetError) {
      return try input { m throws(SheetError) in try m.snap(to: id) }
    } catch {
      guard machine.configuration.detents.contains(where: { $0.id == id }) else { throw error }
      return [.ignored(input: .snap, state: machine.state)]
    }
  }

  /// A tap at a screen point (``SheetHost/tap(x:y:)``).
  /// - Parameters:
  ///   - x: Screen x in points; nil is the screen's horizontal centre.
  ///   - y: Screen y in points.
  /// - Returns: The events.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for a point ``SheetLimits`` refuses.
  @discardableResult
  public mutating func tap(x: Double? = nil, y: Double) throws(SheetError) -> [SheetEvent] {
    try input { m throws(SheetError) in try m.tap(x: x, y: y) }
  }

  /// The screen changed (``SheetHost/resize(_:)``).
  /// - Parameter geometry: The new screen.
  /// - Returns: The events.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for a screen ``SheetLimits`` refuses.
  @discardableResult
  public mutating func resize(_ geometry: SheetGeometry) throws(SheetError) -> [SheetEvent] {
    try input { m throws(SheetError) in try m.resize(geometry) }
  }

  /// The content's height changed (``SheetHost/setContentHeight(_:)``).
  /// - Parameter height: Points.
  /// - Returns: The events.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for a negative or non-finite height.
  @discardableResult
  public mutating func setContentHeight(_ height: Double) throws(SheetError) -> [SheetEvent] {
    try input { m throws(SheetError) in try m.setContentHeight(height) }
  }

  /// Describes the scroll view inside the content, nil removing it (``SheetHost/setScrollView(_:)``).
  /// - Parameter view: The scroll view.
  /// - Returns: The events.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for a value out of range.
  @discardableResult
  public mutating func setScrollView(_ view: ScrollView?) throws(SheetError) -> [SheetEvent] {
    try input { m throws(SheetError) in try m.setScrollView(view) }
  }

  /// Sets the scroll view's content offset (``SheetHost/scroll(to:)``).
  /// - Parameter offset: Points.
  /// - Returns: The events.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for a value out of range.
  @discardableResult
  public mutating func scroll(to offset: Double) throws(SheetError) -> [SheetEvent] {
    try input { m throws(SheetError) in try m.scroll(to: offset) }
  }

  /// The keyboard will show, change or hide (``SheetHost/setKeyboard(height:duration:)``).
  /// - Parameters:
  ///   - height: Points above the screen's bottom edge, 0 when hidden.
  ///   - duration: Its animation's duration, seconds.
  /// - Returns: The events.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for a value out of range.
  @discardableResult
  public mutating func setKeyboard(height: Double, duration: Double = SheetKeyboard.defaultDuration)
    throws(SheetError) -> [SheetEvent]
  {
    try input { m throws(SheetError) in try m.setKeyboard(height: height, duration: duration) }
  }

  /// Replaces the policy (``SheetHost/replacePolicy(_:)``: during a drag it waits for the drag to end).
  /// - Parameter policy: The new policy.
  /// - Returns: The events.
  @discardableResult
  public mutating func replacePolicy(_ policy: any SheetPolicy) -> [SheetEvent] {
    input { m in m.replacePolicy(policy) }
  }
}
