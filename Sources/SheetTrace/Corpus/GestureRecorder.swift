import SheetCore

/// Records a host's gestures as corpus records, within bounds: the host API's recording
/// (`ScriptedSheet.recordGestures(limit:fps:)`) feeds it each drag's touch-down, moves, lift, the
/// inputs made during it and the frames after it, and it keeps the finished gestures until they are
/// taken (``take()``).
///
/// A gesture is kept once its release has an outcome: when the sheet is still after it, or when the
/// next touch-down comes first (then without settle time and overshoot). A cancelled drag is dropped. At
/// most ``limit`` finished gestures wait; later ones are counted in ``dropped``, as is a gesture of more
/// than `GestureLog.maximumTouches` samples or inputs.
public final class GestureRecorder {
  /// The most finished gestures kept until taken.
  public let limit: Int
  /// The frame rate stamped on the gestures (the host's display rate).
  public let fps: Double
  /// The origin stamped on the gestures (`host`, `preview`).
  public let origin: String
  /// Gestures not kept: past ``limit``, or too long.
  public private(set) var dropped = 0
  private var finished: [GestureRecord] = []
  private var current: GestureRecord?
  private var finger = 0
  private var downTime = 0.0
  private var settling: GestureSettling?

  /// A recorder.
  /// - Parameters:
  ///   - limit: The most finished gestures kept until taken (at least 1).
  ///   - fps: The host's frame rate, in `GestureLog.frameRates`.
  ///   - origin: The origin stamped on the gestures.
  public init(limit: Int, fps: Double, origin: String = "host") {
    self.limit = max(1, limit)
    self.fps = min(max(fps, GestureLog.frameRates.lowerBound), GestureLog.frameRates.upperBound)
    self.origin = origin
  }

  /// Whether a drag is being recorded.
  public var isTracking: Bool { current != nil && settling == nil }
  /// Whether a release is waiting for the sheet to be still.
  public var isSettling: Bool { settling != nil }

  /// The finished gestures, oldest first, each once.
  public func take() -> [GestureRecord] {
    defer { finished = [] }
    return finished
  }

  /// A finger went down and drives the sheet's pan.
  /// - Parameters:
  ///   - finger: The finger.
  ///   - x: Its screen x.
  ///   - y: Its screen y.
  ///   - time: The touch's time on the sheet's clock.
  ///   - start: The sheet just before the touch.
  ///   - machine: The machine (screen, content, scroll view, keyboard).
  ///   - behaviour: The behaviour's name and source hash.
  ///   - thresholds: The thresholds in effect.
  public func began(
    finger: Int, x: Double, y: Double, time: Double, start: GestureRecord.Start, machine: SheetMachine,
    behaviour: GestureRecord.Stamp, thresholds: [String: Double]
  ) {
    if settling != nil { finish(machine, settled: false) }
    self.finger = finger
    downTime = time
    current = GestureRecord(
      origin: origin, screen: machine.geometry, contentHeight: machine.contentHeight,
      scroll: machine.scrollView.map { GestureRecord.Scroll(view: $0, offset: machine.scrollOffset ?? 0) },
      keyboard: machine.keyboard.targetHeight, fps: fps, behaviour: behaviour, thresholds: thresholds,
      start: start,
      touches: [GestureRecord.Touch(t: 0, x: x, y: y)])
  }

  /// A finger moved; only the recorded finger's samples are kept.
  public func moved(finger: Int, x: Double, y: Double, time: Double) {
    guard isTracking, finger == self.finger else { return }
    append(x: x, y: y, time: time)
  }

  /// A finger lifted; the recorded finger's lift is its last sample (with the release velocity the host
  /// gave, if any), and the release is measured from the machine after it.
  public func lifted(
    finger: Int, x: Double, y: Double, time: Double, velocity: Double? = nil, velocityX: Double? = nil,
    machine: SheetMachine
  ) {
    guard isTracking, finger == self.finger else { return }
    append(x: x, y: y, time: time)
    current?.velocity = velocity
    current?.velocityX = velocityX
    guard current != nil else { return }
    settling = GestureSettling(after: machine, at: time)
  }

  /// A finger was cancelled; the recorded finger's drag is dropped.
  public func cancelled(finger: Int) {
    guard isTracking, finger == self.finger else { return }
    current = nil
  }

  /// A scroll offset or keyboard change made during a recorded gesture.
  /// - Parameter input: The input, its time on the sheet's clock (it is stored from the touch-down).
  public func input(_ input: GestureRecord.Input) {
    guard current != nil else { return }
    guard (current?.inputs.count ?? 0) < GestureLog.maximumInputs else { return tooLong() }
    let t = max(0, input.t - downTime)
    switch input {
    case .scroll(_, let offset): current?.inputs.append(.scroll(t: t, offset: offset))
    case .keyboard(_, let height, let duration):
      current?.inputs.append(.keyboard(t: t, height: height, duration: duration))
    }
  }

  /// The sheet's height after a frame: measured while a release settles.
  public func stepped(height: Double) {
    settling?.observe(height)
  }

  /// The sheet came to rest after a release (or another input ended the wait): the gesture is kept.
  /// - Parameters:
  ///   - machine: The machine now.
  ///   - settled: Whether it is still.
  public func finish(_ machine: SheetMachine, settled: Bool) {
    guard var record = current, let settling else { return }
    record.outcome = settling.outcome(machine, settled: settled)
    current = nil
    self.settling = nil
    if finished.count < limit { finished.append(record) } else { dropped += 1 }
  }

  private func append(x: Double, y: Double, time: Double) {
    guard (current?.touches.count ?? 0) < GestureLog.maximumTouches else { return tooLong() }
    let last = current?.touches.last?.t ?? 0
    current?.touches.append(GestureRecord.Touch(t: max(last, time - downTime), x: x, y: y))
  }

  private func tooLong() {
    current = nil
    dropped += 1
  }
}
