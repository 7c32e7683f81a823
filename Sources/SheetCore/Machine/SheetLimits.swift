/// The largest numbers SheetCore accepts at its edge, and the checks that apply them.
///
/// Every number a host hands the machine passes one of these checks, so no frame, event or policy input
/// ever carries NaN or infinity: a number outside its range is refused with
/// ``SheetError/invalidValue(field:value:)`` (the machine is left as it was), except a long step interval,
/// which is clamped (see ``maximumStep``), and the velocity estimator's output, which is clamped to
/// ``maximumVelocity``.
public enum SheetLimits {
  /// The largest |y| of a touch (pan or tap), in points: ten times the largest screen.
  public static let maximumCoordinate = 1e6
  /// The largest |velocity| of a release, in points per second; the estimator's output is clamped to it.
  public static let maximumVelocity = 1e6
  /// The most time one ``SheetHost/step(_:)`` advances, in seconds; a longer interval (a host that
  /// was suspended) advances this much.
  public static let maximumStep = 1.0
  /// The largest screen width or height, in points.
  public static let maximumScreenExtent = 100_000.0
  /// The largest safe-area inset, in points.
  public static let maximumInset = 10_000.0
  /// The longest a transition may take to come to rest, in seconds (a scenario's `settle()` waits as
  /// long): an animation that would take longer is refused like an unusable one, and a spring still
  /// moving after this long stops at its target.
  public static let maximumTransitionTime = 60.0
  /// The longest keyboard animation a host may report, in seconds (UIKit reports 0.25).
  public static let maximumKeyboardDuration = 10.0
  /// The numbers a host may give its fingers (``SheetHost/touchDown(finger:x:y:time:)``): ten fingers.
  public static let fingers: ClosedRange<Int> = 1...10

  /// Checks a finger's number: in ``fingers``.
  /// - Parameter finger: The number.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` with field `finger`.
  public static func check(finger: Int) throws(SheetError) {
    guard fingers.contains(finger) else { throw .invalidValue(field: "finger", value: Double(finger)) }
  }

  /// Checks a screen: finite positive width and height up to ``maximumScreenExtent``, finite non-negative
  /// insets up to ``maximumInset``, each smaller than the height (so the available height is positive
  /// whichever edge the sheet is attached to).
  /// - Parameter geometry: The screen.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` naming the first bad field
  ///   (`geometry.width`, `geometry.height`, `geometry.safeArea.top`, `geometry.safeArea.bottom`).
  public static func check(_ geometry: SheetGeometry) throws(SheetError) {
    for (field, value) in [("geometry.width", geometry.width), ("geometry.height", geometry.height)] {
      guard value.isFinite, value > 0, value <= maximumScreenExtent else {
        throw .invalidValue(field: field, value: value)
      }
    }
    let insets = [
      ("geometry.safeArea.top", geometry.safeArea.top),
      ("geometry.safeArea.bottom", geometry.safeArea.bottom),
    ]
    for (field, value) in insets {
      guard value.isFinite, value >= 0, value <= maximumInset, value < geometry.height else {
        throw .invalidValue(field: field, value: value)
      }
    }
  }

  /// Checks a content height: finite and non-negative, in points.
  /// - Parameter contentHeight: The height.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` with field `contentHeight`.
  public static func check(contentHeight: Double) throws(SheetError) {
    guard contentHeight.isFinite && contentHeight >= 0 else {
      throw .invalidValue(field: "contentHeight", value: contentHeight)
    }
  }

  /// Checks a reported keyboard: a finite height in `[0, H]` of the screen and a finite duration in
  /// `[0, maximumKeyboardDuration]` seconds.
  /// - Parameters:
  ///   - height: The keyboard's height above the screen's bottom edge, points.
  ///   - duration: Its animation's duration, seconds.
  ///   - geometry: The screen.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` with field `keyboard.height` or
  ///   `keyboard.duration`.
  public static func check(keyboardHeight height: Double, duration: Double, on geometry: SheetGeometry)
    throws(SheetError)
  {
    guard height.isFinite, height >= 0, height <= geometry.height else {
      throw .invalidValue(field: "keyboard.height", value: height)
    }
    guard duration.isFinite, duration >= 0, duration <= maximumKeyboardDuration else {
      throw .invalidValue(field: "keyboard.duration", value: duration)
    }
  }

  /// Checks a touch's screen y: finite, |y| <= ``maximumCoordinate`` points.
  /// - Parameter y: Screen y in points.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` with field `y`.
  public static func check(coordinate y: Double) throws(SheetError) {
    try check(coordinate: y, field: "y")
  }

  /// Checks a touch's screen x: finite, |x| <= ``maximumCoordinate`` points (as ``check(coordinate:)``
  /// checks y).
  /// - Parameter x: Screen x in points.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` with field `x`.
  public static func check(x: Double) throws(SheetError) {
    try check(coordinate: x, field: "x")
  }

  /// The one coordinate check behind ``check(coordinate:)``, ``check(x:)`` and a scroll offset's:
  /// finite, at most ``maximumCoordinate`` points in magnitude.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` with `field`.
  static func check(coordinate value: Double, field: String) throws(SheetError) {
    guard value.isFinite, abs(value) <= maximumCoordinate else {
      throw .invalidValue(field: field, value: value)
    }
  }

  /// Checks a sample time: finite, in seconds.
  /// - Parameter time: The time.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` with field `time`.
  public static func check(time: Double) throws(SheetError) {
    guard time.isFinite else { throw .invalidValue(field: "time", value: time) }
  }

  /// Checks an explicit release velocity: finite, |v| <= ``maximumVelocity`` points per second.
  /// - Parameters:
  ///   - velocity: Screen velocity in points per second.
  ///   - field: The name the error gives it: `velocity` (screen y, the default) or `velocityX`.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` with that field.
  public static func check(velocity: Double, field: String = "velocity") throws(SheetError) {
    guard velocity.isFinite, abs(velocity) <= maximumVelocity else {
      throw .invalidValue(field: field, value: velocity)
    }
  }

  /// The interval a step advances: `dt` up to ``maximumStep`` seconds.
  /// - Parameter dt: The host's frame interval in seconds (finite, >= 0).
  /// - Returns: `min(dt, maximumStep)`.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` with field `dt` for a NaN, infinite or negative
  ///   interval.
  public static func stepInterval(_ dt: Double) throws(SheetError) -> Double {
    guard dt.isFinite, dt >= 0 else { throw .invalidValue(field: "dt", value: dt) }
    return min(dt, maximumStep)
  }

  /// A velocity clamped to ±``maximumVelocity`` points per second (NaN gives 0).
  /// - Parameter velocity: Points per second.
  /// - Returns: The velocity in `[-maximumVelocity, maximumVelocity]`.
  public static func clamp(velocity: Double) -> Double {
    velocity.isNaN ? 0 : min(max(velocity, -maximumVelocity), maximumVelocity)
  }
}
