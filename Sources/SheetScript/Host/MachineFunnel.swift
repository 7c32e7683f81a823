import SheetCore

/// The one path to a sheet's machine: it owns the `SheetMachine` and every call that changes it goes
/// through here and returns what it did (a step its frame and events, an input its own events).
///
/// `ScriptedSheet` (the host API) and `SheetDriver` (scenarios, `sheet run`, `sheet watch`, the
/// CLI) both hold one, so nothing drives a machine around it; each turns the returned events into its
/// own record (the sheet's drained `ScriptedSheet.Event`s, the driver's trace). It needs only
/// SheetCore: the driver holds it with a native policy as well as a behaviour. Others read the machine
/// (`machine`) but cannot change it.
struct MachineFunnel {
  /// The machine, read-only outside the funnel.
  private(set) var machine: SheetMachine

  /// A funnel over a new hidden sheet.
  /// - Parameters:
  ///   - policy: The sheet's policy (a behaviour, or a native one).
  ///   - geometry: The screen.
  ///   - contentHeight: The content's intrinsic height, if any.
  /// - Throws: `SheetError.invalidValue` for a screen or content height the machine refuses.
  init(policy: any SheetPolicy, geometry: SheetGeometry, contentHeight: Double?) throws(SheetError) {
    machine = try SheetMachine(policy: policy, geometry: geometry, contentHeight: contentHeight)
  }

  /// Applies an input to the machine.
  /// - Parameter body: The machine call; it returns the events the machine returned.
  /// - Returns: The call's events.
  /// - Throws: What the call throws (a bad value: then nothing changed).
  @inline(__always)
  mutating func input<Failure: Error>(
    _ body: (inout SheetMachine) throws(Failure) -> [SheetEvent]
  ) throws(Failure) -> [SheetEvent] {
    try body(&machine)
  }

  /// Begins a pan.
  /// - Parameters:
  ///   - x: Screen x in points; nil: the screen's horizontal centre.
  ///   - y: Screen y in points.
  ///   - time: The machine time of the touch; nil: the machine's time.
  /// - Returns: The pan's response and events.
  /// - Throws: `SheetError.invalidValue` for a value the machine refuses.
  @inline(__always)
  mutating func panBegan(x: Double? = nil, y: Double, time: Double? = nil) throws(SheetError) -> PanStart {
    try machine.panBegan(x: x, y: y, time: time)
  }

  /// Steps the machine.
  /// - Parameter dt: The interval.
  /// - Returns: The frame and the step's events.
  /// - Throws: `SheetError.invalidValue` for an interval the machine refuses.
  @inline(__always)
  mutating func step(_ dt: Double) throws(SheetError) -> SheetStep {
    try machine.step(dt)
  }

  /// What making the machine met (a detent the policy could not resolve): a zero step hands it over
  /// without advancing time.
  /// - Returns: The events.
  mutating func creationEvents() -> [SheetEvent] {
    (try? machine.step(0).events) ?? []
  }
}
