/// The fingers on the screen, and which one the sheet's pan follows: the rules of a pan gesture
/// recognizer on the sheet (UIKit's `UIPanGestureRecognizer`, which sees only the touches that begin on
/// its view).
///
/// - A finger that goes down while no finger drives the pan asks the sheet for a pan
///   (``SheetHost/touchDown(finger:x:y:time:)``): it drives the pan when the sheet takes it (its state takes a
///   pan and the behaviour's gesture area accepts the point); otherwise the machine records why not
///   (`ignored_gesture`, or `ignored input=pan_began`) and the finger rests where it is, driving nothing.
///   So a finger resting on the backdrop never stops a second finger on the sheet from dragging it.
/// - A finger that goes down while another drives the pan is recorded as an ignored `pan_began` and
///   drives nothing: the pan goes on with its finger.
/// - Only the pan's finger moves the sheet. It lifting releases the sheet (the behaviour decides where it
///   goes); it being cancelled cancels the pan. A finger that drives nothing moves, lifts and is cancelled
///   silently.
/// - A phase of a finger that is not down (a move, lift or cancel with no such finger, or a second
///   `touchDown` of a finger already down) is recorded as an ignored `pan_changed`, `pan_ended`,
///   `pan_cancelled` or `pan_began` and changes nothing.
///
/// Fingers are numbered by the host, 1 to 10 (``SheetLimits/fingers``); a host that follows one
/// pointer's stream uses finger 1 throughout.
extension SheetHost {
  /// What ``touchDown(finger:x:y:time:)`` did.
  public struct TouchDown: Sendable, Equatable {
    /// Whether the sheet's pan follows this finger.
    public var drivesPan: Bool
    /// The events the call caused.
    public var events: [SheetEvent]
  }

  /// A finger went down at a screen point.
  /// - Parameters:
  ///   - finger: The finger's number.
  ///   - x: Screen x in points; nil is the screen's horizontal centre.
  ///   - y: Screen y in points.
  ///   - time: The touch's time on the sheet's clock, seconds (nil: the sheet's time now).
  /// - Returns: Whether the sheet follows this finger, and the events.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for a point or time ``SheetLimits`` refuses.
  @discardableResult
  public mutating func touchDown(finger: Int = 1, x: Double? = nil, y: Double, time: Double? = nil)
    throws(SheetError) -> TouchDown
  {
    try SheetLimits.check(finger: finger)
    if let x { try SheetLimits.check(x: x) }
    try SheetLimits.check(coordinate: y)
    if let time { try SheetLimits.check(time: time) }
    let pointX = x ?? machine.centreX
    let at = time ?? machine.time
    if touches.contains(where: { $0.finger == finger }) || panFinger != nil {
      return TouchDown(drivesPan: false, events: add(finger, x: pointX, y: y, time: at, ignored: .panBegan))
    }
    let wasStill = isStill
    let start = try machine.panBegan(x: pointX, y: y, time: time)
    if wasStill && machine.state == .dragging { startsFromStill = true }
    touches.append(Touch(finger: finger, x: pointX, y: y, time: at))
    if start.isTracking { panFinger = finger }
    return TouchDown(drivesPan: start.isTracking, events: start.events)
  }

  /// A finger moved to a screen point: the pan's finger moves the sheet, another moves silently.
  /// - Parameters:
  ///   - finger: The finger's number.
  ///   - x: Screen x in points; nil keeps the finger's last x.
  ///   - y: Screen y in points.
  ///   - time: The sample's time on the sheet's clock, seconds (nil: the sheet's time now).
  /// - Returns: The events.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for a point or time ``SheetLimits`` refuses.
  @discardableResult
  public mutating func touchMove(finger: Int = 1, x: Double? = nil, y: Double, time: Double? = nil)
    throws(SheetError) -> [SheetEvent]
  {
    try SheetLimits.check(finger: finger)
    if let x { try SheetLimits.check(x: x) }
    try SheetLimits.check(coordinate: y)
    if let time { try SheetLimits.check(time: time) }
    guard let index = touches.firstIndex(where: { $0.finger == finger }) else {
      return [.ignored(input: .panChanged, state: machine.state)]
    }
    let pointX = x ?? touches[index].x
    touches[index].x = pointX
    touches[index].y = y
    touches[index].time = time ?? machine.time
    guard panFinger == finger else { return [] }
    return try input { m throws(SheetError) in try m.panChanged(x: pointX, y: y, time: time) }
  }

  /// A finger lifted: the pan's finger releases the sheet (the policy decides where it goes), another
  /// lifts silently.
  /// - Parameters:
  ///   - finger: The finger's number.
  ///   - x: Screen x in points; nil keeps the finger's last x.
  ///   - y: Screen y in points; nil lifts it where it last was.
  ///   - time: The lift's time on the sheet's clock, seconds (nil: the sheet's time now).
  ///   - velocity: The release velocity (screen y, pt/s), overriding the estimate.
  ///   - velocityX: The horizontal release velocity (pt/s), overriding the estimate.
  /// - Returns: The events.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for a number ``SheetLimits`` refuses.
  @discardableResult
  public mutating func touchUp(
    finger: Int = 1, x: Double? = nil, y: Double? = nil, time: Double? = nil, velocity: Double? = nil,
    velocityX: Double? = nil
  ) throws(SheetError) -> [SheetEvent] {
    try SheetLimits.check(finger: finger)
    if let x { try SheetLimits.check(x: x) }
    if let y { try SheetLimits.check(coordinate: y) }
    if let time { try SheetLimits.check(time: time) }
    if let velocity { try SheetLimits.check(velocity: velocity) }
    if let velocityX { try SheetLimits.check(velocity: velocityX, field: "velocityX") }
    guard let index = touches.firstIndex(where: { $0.finger == finger }) else {
      return [.ignored(input: .panEnded, state: machine.state)]
    }
    let touch = touches.remove(at: index)
    guard panFinger == finger else { return [] }
    panFinger = nil
    return try input { m throws(SheetError) in
      try m.panEnded(
        x: x ?? touch.x, y: y ?? touch.y, time: time, velocity: velocity, velocityX: velocityX)
    }
  }

  /// The system cancelled a finger (a call came in, another recognizer won): the pan's finger cancels
  /// the pan where it last was (the sheet goes back to rest, or is released with zero velocity); another
  /// is dropped silently. Never refused: a cancel always ends the finger, and a time it cannot use is
  /// taken as the sheet's time now.
  /// - Parameters:
  ///   - finger: The finger's number.
  ///   - time: The cancellation's time on the sheet's clock, seconds (nil: the sheet's time now).
  /// - Returns: The events.
  @discardableResult
  public mutating func touchCancel(finger: Int = 1, time: Double? = nil) -> [SheetEvent] {
    guard let index = touches.firstIndex(where: { $0.finger == finger }) else {
      return [.ignored(input: .panCancelled, state: machine.state)]
    }
    let touch = touches.remove(at: index)
    guard panFinger == finger else { return [] }
    panFinger = nil
    var usable = time
    if let time, (try? SheetLimits.check(time: time)) == nil { usable = nil }
    return (try? input { m throws(SheetError) in try m.panCancelled(x: touch.x, y: touch.y, time: usable) })
      ?? []
  }

  /// Lifts every finger where it last was, the pan's with zero velocity: what a host does when it stops
  /// (a scenario's run brought to rest).
  /// - Returns: The events.
  public mutating func liftAll() -> [SheetEvent] {
    var events: [SheetEvent] = []
    for touch in touches where touch.finger != panFinger { _ = touchCancel(finger: touch.finger) }
    if let finger = panFinger { events += (try? touchUp(finger: finger, velocity: 0)) ?? [] }
    return events
  }

  /// A finger the pan does not follow: kept where it is (a finger already down is not added twice),
  /// and the ignored phase recorded.
  private mutating func add(_ finger: Int, x: Double, y: Double, time: Double, ignored input: SheetInput)
    -> [SheetEvent]
  {
    if !touches.contains(where: { $0.finger == finger }) {
      touches.append(Touch(finger: finger, x: x, y: y, time: time))
    }
    return [.ignored(input: input, state: machine.state)]
  }
}
