import SheetCore

/// Touches as an app receives them, and the programmatic requests. None throws for a state reason: an
/// input the sheet's state cannot take is recorded as an `ignored` (or `queued`) event and changes
/// nothing. Only a bad value throws, and then nothing changes.
///
/// The touch calls take one pointer's stream, as a pan gesture recognizer delivers it: while a finger
/// is down a second `touchBegan` is ignored, and every move, end or cancel is taken as that finger's. A
/// host that tracks raw `UITouch`es forwards only the first touch of a gesture.
extension ScriptedSheet {
  /// A finger went down (or a pan began) at a screen point.
  ///
  /// The sheet follows it when its state takes a pan (presenting, resting, settling, dismissing: an
  /// animation is caught where it is) and the behaviour's gesture area accepts the point; otherwise the
  /// touch is recorded as `ignored` or `ignored_gesture` and its later phases change nothing.
  /// - Parameters:
  ///   - x: Screen x in points; nil (the default) is the screen's horizontal centre. The sheet moves
  ///     along y; x reaches the behaviour as `gesture.x` and its velocity as `gesture.velocity_x`.
  ///   - y: Screen y in points.
  ///   - timestamp: The touch's own timestamp, host seconds (`UITouch.timestamp`).
  /// - Returns: Whether the sheet follows this touch.
  /// - Throws: `SheetError.invalidValue(field:value:)` for a non-finite or out-of-range x, y or
  ///   timestamp.
  @discardableResult
  public func touchBegan(x: Double? = nil, y: Double, timestamp: Double) throws(SheetError) -> Bool {
    rebaseIfStill(at: timestamp)  // a display link paused while still: the touch starts now
    let time = try checkedTouch(x: x, y: y, timestamp: timestamp)
    let pointX = x ?? machine.centreX
    let response = try beginPan(x: pointX, y: y, time: time)
    if touch == nil { touch = Touch(x: pointX, y: y, timestamp: timestamp) }  // one finger: the first stays
    return response == .tracking
  }

  /// The finger moved: the behaviour maps it to a height and a backdrop. The sample, with its own
  /// timestamp, feeds the velocity estimator the release uses.
  /// - Parameters:
  ///   - x: Screen x in points; nil (the default) keeps the finger's last x.
  ///   - y: Screen y in points.
  ///   - timestamp: The touch's own timestamp, host seconds.
  /// - Throws: `SheetError.invalidValue(field:value:)` for a non-finite or out-of-range value.
  public func touchMoved(x: Double? = nil, y: Double, timestamp: Double) throws(SheetError) {
    let time = try checkedTouch(x: x, y: y, timestamp: timestamp)
    let pointX = x ?? touch?.x ?? machine.centreX
    try input(x: pointX) { m throws(SheetError) in try m.panChanged(x: pointX, y: y, time: time) }
    if touch != nil { touch = Touch(x: pointX, y: y, timestamp: timestamp) }
  }

  /// The finger lifted: the behaviour decides where the sheet goes (or, when ``dismiss()`` was called
  /// during the drag, it dismisses).
  /// - Parameters:
  ///   - x: Screen x in points; nil (the default) keeps the finger's last x.
  ///   - y: Screen y in points.
  ///   - timestamp: The touch's own timestamp, host seconds.
  ///   - velocity: The release velocity, screen pt/s (positive down), overriding the estimate; nil
  ///     (the default) uses the machine's estimator over the touch's samples and their timestamps.
  ///   - velocityX: The horizontal release velocity, screen pt/s (positive right), overriding the
  ///     estimate; nil (the default) uses the estimator, as for `velocity`.
  /// - Throws: `SheetError.invalidValue(field:value:)` for a non-finite or out-of-range value.
  public func touchEnded(
    x: Double? = nil, y: Double, timestamp: Double, velocity: Double? = nil, velocityX: Double? = nil
  ) throws(SheetError) {
    let time = try checkedTouch(x: x, y: y, timestamp: timestamp)
    if let velocity { try SheetLimits.check(velocity: velocity) }
    if let velocityX { try SheetLimits.check(velocity: velocityX, field: "velocityX") }
    let pointX = x ?? touch?.x ?? machine.centreX
    try input(x: pointX) { m throws(SheetError) in
      try m.panEnded(x: pointX, y: y, time: time, velocity: velocity, velocityX: velocityX)
    }
    touch = nil
  }

  /// The system cancelled the touch (a call came in, another recognizer won): the sheet goes back to
  /// rest, or is released with zero velocity, where the finger last was.
  /// - Parameter timestamp: The cancellation's timestamp, host seconds.
  /// - Throws: `SheetError.invalidValue(field:value:)` for a non-finite timestamp.
  public func touchCancelled(timestamp: Double) throws(SheetError) {
    let last = touch
    // A cancel always ends the pan: a timestamp it cannot use falls back to the sheet's own time.
    let time = (try? checkedTouch(x: last?.x, y: last?.y ?? 0, timestamp: timestamp)) ?? machine.time
    try input(x: last?.x) { m throws(SheetError) in
      try m.panCancelled(x: last?.x, y: last?.y ?? 0, time: time)
    }
    touch = nil
  }

  /// A tap at a screen point: the behaviour decides what it does (a tap on the backdrop usually
  /// dismisses; an `on_tap` may also answer a detent to snap to). Ignored while dragging, and when there
  /// is no sheet to tap.
  /// - Parameters:
  ///   - x: Screen x in points; nil (the default) is the screen's horizontal centre.
  ///   - y: Screen y in points.
  /// - Throws: `SheetError.invalidValue(field:value:)` for a non-finite or out-of-range point.
  public func tap(x: Double? = nil, y: Double) throws(SheetError) {
    if let x { try SheetLimits.check(x: x) }
    let pointX = x ?? machine.centreX
    try input(x: pointX) { m throws(SheetError) in try m.tap(x: pointX, y: y) }
  }

  /// Presents the sheet with the behaviour's `present` animation, to its present detent (or its first
  /// active one). Ignored unless the sheet is hidden or dismissed.
  /// - Throws: `SheetError.noActiveDetent` when no detent is active on this screen (the behaviour's
  ///   detents all resolve to nothing).
  public func present() throws(SheetError) {
    do throws(SheetError) {
      try input { m throws(SheetError) in try m.present() }
    } catch {
      guard case .noActiveDetent = error else { throw error }
      recordIgnored(.present)  // no detent is active on this screen now: a state, not a bad value
    }
  }

  /// Dismisses the sheet with the behaviour's `dismiss` animation. During a drag it is queued and
  /// applies when the finger lifts; ignored when the sheet is hidden, dismissing or dismissed.
  public func dismiss() {
    input { m in m.dismiss() }
  }

  /// Animates to an active detent with the behaviour's `snap` animation. Ignored during a drag (the
  /// release decides) and when there is no sheet.
  /// - Parameter id: The detent's id.
  /// - Throws: `SheetError.unknownDetent(_:)` when the behaviour declares no detent with this id (one it
  ///   declares but this screen leaves inactive is recorded as `ignored input=snap`).
  public func snap(to id: String) throws(SheetError) {
    do throws(SheetError) {
      try input { m throws(SheetError) in try m.snap(to: id) }
    } catch {
      // a detent the behaviour declares but this screen leaves inactive is a state; an id it never
      // declares is a bad value
      guard case .unknownDetent = error, machine.configuration.detents.contains(where: { $0.id == id }) else {
        throw error
      }
      recordIgnored(.snap)
    }
  }

  /// Records an input the sheet's state cannot take, as the machine records its own.
  private func recordIgnored(_ input: SheetInput) {
    enqueue(
      Event(
        time: machine.time, kind: .sheet(.ignored(input: input, state: machine.state)),
        edge: machine.geometry.edge))
  }

  /// The screen changed (a rotation, a window resize): the detents are resolved again and a sheet on
  /// screen goes to the behaviour's resize target with its `resize` animation.
  /// - Parameter geometry: The new screen (its edge is replaced by the behaviour's).
  /// - Throws: `SheetError.invalidValue(field:value:)` for a screen `SheetLimits.check(_:)` refuses.
  public func resize(_ geometry: SheetGeometry) throws(SheetError) {
    try input { m throws(SheetError) in try m.resize(geometry) }
    configuration.geometry = geometry
  }

  /// The content's intrinsic height changed: like ``resize(_:)``, for `content` detents.
  /// - Parameter height: The new height in points.
  /// - Throws: `SheetError.invalidValue(field:value:)` for a negative or non-finite height.
  public func setContentHeight(_ height: Double) throws(SheetError) {
    try input { m throws(SheetError) in try m.setContentHeight(height) }
    configuration.contentHeight = height
  }

  /// The keyboard will show, change or hide (`keyboardWillChangeFrameNotification`): its height above
  /// the screen's bottom edge (0: hidden) and the animation duration the notification carries. The
  /// keyboard's height then animates (``advance(to:)``'s frames carry it as `keyboard`) and the sheet
  /// moves with it as the behaviour's `keyboard` mode or `on_keyboard` says; it never rests under the
  /// keyboard or above the screen's top, and when the keyboard hides it returns to its detent. The sheet
  /// never hides the keyboard itself: report height 0 when it hides (after a dismissal too).
  /// - Parameters:
  ///   - height: Points, in `[0, H]` of the current screen.
  ///   - duration: Seconds, in `[0, 10]`; UIKit's 0.25 by default, 0 to move at once.
  /// - Throws: `SheetError.invalidValue(field:value:)` naming `keyboard.height` or `keyboard.duration`.
  public func setKeyboard(height: Double, duration: Double = SheetKeyboard.defaultDuration) throws(SheetError)
  {
    try input { m throws(SheetError) in try m.setKeyboard(height: height, duration: duration) }
  }

  /// Checks a touch's numbers before anything changes, and returns its time on the sheet's clock.
  private func checkedTouch(x: Double?, y: Double, timestamp: Double) throws(SheetError) -> Double {
    if let x { try SheetLimits.check(x: x) }
    try SheetLimits.check(coordinate: y)
    return try sheetTime(of: timestamp)
  }
}
