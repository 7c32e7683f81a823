import SheetCore
import SheetTrace

/// Touches as an app receives them, and the programmatic requests. None throws for a state reason: an
/// input the sheet's state cannot take is recorded as an `ignored` (or `queued`) event and changes
/// nothing. Only a bad value throws, and then nothing changes.
///
/// Each touch call names its finger (a pointer's identifier: `UITouch`'s identity, a `PointerEvent`'s
/// `pointerId`), and the sheet's pan follows one finger, as a pan gesture recognizer on the sheet does
/// (`SheetHost`'s finger rules): the first finger down where the sheet takes a pan drives it, a finger
/// resting on the backdrop never stops another on the sheet from dragging it, and a second finger on a
/// sheet already dragged changes nothing. A host that follows one pointer's stream leaves `finger` at 1.
extension ScriptedSheet {
  /// A finger went down at a screen point.
  ///
  /// The sheet follows it when no other finger drives its pan, its state takes a pan (presenting,
  /// resting, settling, dismissing: an animation is caught where it is) and the behaviour's gesture area
  /// accepts the point; otherwise the touch is recorded as `ignored` or `ignored_gesture` and its later
  /// phases change nothing.
  /// - Parameters:
  ///   - finger: The finger's number (1 by default).
  ///   - x: Screen x in points; nil (the default) is the screen's horizontal centre. The sheet moves
  ///     along y; x reaches the behaviour as `gesture.x` and its velocity as `gesture.velocity_x`.
  ///   - y: Screen y in points.
  ///   - timestamp: The touch's own timestamp, host seconds (`UITouch.timestamp`).
  /// - Returns: Whether the sheet follows this finger.
  /// - Throws: `SheetError.invalidValue(field:value:)` for a non-finite or out-of-range x, y or
  ///   timestamp.
  @discardableResult
  public func touchDown(finger: Int = 1, x: Double? = nil, y: Double, timestamp: Double) throws(SheetError)
    -> Bool
  {
    host.rebaseIfStill(at: timestamp)  // a display link paused while still: the touch starts now
    let time = try checkedTouch(x: x, y: y, timestamp: timestamp)
    let pointX = x ?? machine.centreX
    let start = gestureRecorder != nil ? gestureStart : nil
    let drives = try touchInput(x: pointX) { h throws(SheetError) in
      let down = try h.touchDown(finger: finger, x: pointX, y: y, time: time)
      return (down.events, down.drivesPan)
    }
    if drives, let start { recordGesture(finger: finger, x: pointX, y: y, time: time, start: start) }
    return drives
  }

  /// A finger moved: the pan's finger moves the sheet (the behaviour maps it to a height and a
  /// backdrop), and the sample, with its own timestamp, feeds the velocity estimator the release uses.
  /// - Parameters:
  ///   - finger: The finger's number (1 by default).
  ///   - x: Screen x in points; nil (the default) keeps the finger's last x.
  ///   - y: Screen y in points.
  ///   - timestamp: The touch's own timestamp, host seconds.
  /// - Throws: `SheetError.invalidValue(field:value:)` for a non-finite or out-of-range value.
  public func touchMove(finger: Int = 1, x: Double? = nil, y: Double, timestamp: Double) throws(SheetError) {
    let time = try checkedTouch(x: x, y: y, timestamp: timestamp)
    let pointX = x ?? host.touches.first(where: { $0.finger == finger })?.x ?? machine.centreX
    _ = try touchInput(x: pointX) { h throws(SheetError) in
      (try h.touchMove(finger: finger, x: pointX, y: y, time: time), false)
    }
    gestureRecorder?.moved(finger: finger, x: pointX, y: y, time: time)
  }

  /// A finger lifted: when it drives the pan, the behaviour decides where the sheet goes (or, when
  /// ``dismiss()`` was called during the drag, it dismisses).
  /// - Parameters:
  ///   - finger: The finger's number (1 by default).
  ///   - x: Screen x in points; nil (the default) keeps the finger's last x.
  ///   - y: Screen y in points.
  ///   - timestamp: The touch's own timestamp, host seconds.
  ///   - velocity: The release velocity, screen pt/s (positive down), overriding the estimate; nil
  ///     (the default) uses the machine's estimator over the touch's samples and their timestamps.
  ///   - velocityX: The horizontal release velocity, screen pt/s (positive right), overriding the
  ///     estimate; nil (the default) uses the estimator, as for `velocity`.
  /// - Throws: `SheetError.invalidValue(field:value:)` for a non-finite or out-of-range value.
  public func touchUp(
    finger: Int = 1, x: Double? = nil, y: Double, timestamp: Double, velocity: Double? = nil,
    velocityX: Double? = nil
  ) throws(SheetError) {
    let time = try checkedTouch(x: x, y: y, timestamp: timestamp)
    let pointX = x ?? host.touches.first(where: { $0.finger == finger })?.x ?? machine.centreX
    _ = try touchInput(x: pointX) { h throws(SheetError) in
      let events = try h.touchUp(
        finger: finger, x: pointX, y: y, time: time, velocity: velocity, velocityX: velocityX)
      return (events, false)
    }
    gestureRecorder?.lifted(
      finger: finger, x: pointX, y: y, time: time, velocity: velocity, velocityX: velocityX, machine: machine)
  }

  /// The system cancelled a finger (a call came in, another recognizer won): when it drives the pan, the
  /// sheet goes back to rest, or is released with zero velocity, where the finger last was.
  /// - Parameters:
  ///   - finger: The finger's number (1 by default).
  ///   - timestamp: The cancellation's timestamp, host seconds; one the sheet cannot use is taken as
  ///     the sheet's time now (a cancel always ends the finger).
  public func touchCancel(finger: Int = 1, timestamp: Double) {
    let last = host.touches.first { $0.finger == finger }
    let time = try? host.sheetTime(of: timestamp)
    _ = touchInput(x: last?.x) { h in (h.touchCancel(finger: finger, time: time), false) }
    gestureRecorder?.cancelled(finger: finger)
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
    try input(x: pointX) { h throws(SheetError) in try h.tap(x: pointX, y: y) }
  }

  /// Presents the sheet with the behaviour's `present` animation, to its present detent (or its first
  /// active one). Ignored unless the sheet is hidden or dismissed, and when no detent is active on this
  /// screen (the behaviour's detents all resolve to nothing).
  public func present() {
    input { h in h.present() }
  }

  /// Dismisses the sheet with the behaviour's `dismiss` animation. During a drag it is queued and
  /// applies when the finger lifts; ignored when the sheet is hidden, dismissing or dismissed.
  public func dismiss() {
    input { h in h.dismiss() }
  }

  /// Animates to an active detent with the behaviour's `snap` animation. Ignored during a drag (the
  /// release decides), when there is no sheet, and for a detent the behaviour declares but this screen
  /// leaves inactive.
  /// - Parameter id: The detent's id.
  /// - Throws: `SheetError.unknownDetent(_:)` when the behaviour declares no detent with this id.
  public func snap(to id: String) throws(SheetError) {
    try input { h throws(SheetError) in try h.snap(to: id) }
  }

  /// The screen changed (a rotation, a window resize): the detents are resolved again and a sheet on
  /// screen goes to the behaviour's resize target with its `resize` animation.
  /// - Parameter geometry: The new screen (its edge is replaced by the behaviour's).
  /// - Throws: `SheetError.invalidValue(field:value:)` for a screen `SheetLimits.check(_:)` refuses.
  public func resize(_ geometry: SheetGeometry) throws(SheetError) {
    try input { h throws(SheetError) in try h.resize(geometry) }
    configuration.geometry = geometry
  }

  /// The content's intrinsic height changed: like ``resize(_:)``, for `content` detents.
  /// - Parameter height: The new height in points.
  /// - Throws: `SheetError.invalidValue(field:value:)` for a negative or non-finite height.
  public func setContentHeight(_ height: Double) throws(SheetError) {
    try input { h throws(SheetError) in try h.setContentHeight(height) }
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
    try input { h throws(SheetError) in try h.setKeyboard(height: height, duration: duration) }
    gestureRecorder?.input(.keyboard(t: machine.time, height: height, duration: duration))
  }

  /// Checks a touch's numbers before anything changes, and returns its time on the sheet's clock.
  private func checkedTouch(x: Double?, y: Double, timestamp: Double) throws(SheetError) -> Double {
    if let x { try SheetLimits.check(x: x) }
    try SheetLimits.check(coordinate: y)
    return try host.sheetTime(of: timestamp)
  }
}
