import LuaHost
import SheetCore
import SheetScript
import SheetTrace

/// Replays recorded gestures on the real core, each from its recorded state, with one behaviour and one
/// set of threshold overrides.
///
/// Each gesture starts afresh: the behaviour is loaded again for it in a state restored byte for byte
/// from the replayer's warm state (``WarmStates``), so what one gesture leaves in the behaviour's
/// Lua state never reaches the next, and a gesture's replay is the same whichever worker makes it and
/// whatever it replayed before. Not thread-safe: one worker uses a replayer at a time.
package final class GestureReplayer: @unchecked Sendable {
  /// The behaviour.
  package let source: BehaviourSource
  /// The threshold overrides, in order.
  package let overrides: [(name: String, value: Double)]
  private let warm = WarmStates()

  /// The most simulated seconds a released sheet is stepped to come to rest.
  package static let settleLimit = SheetLimits.maximumTransitionTime
  /// The most one-second steps taken to bring the sheet to its starting detent.
  package static let placingSteps = 120

  /// A replayer.
  /// - Parameters:
  ///   - source: The behaviour.
  ///   - overrides: Threshold overrides.
  package init(source: BehaviourSource, overrides: [(name: String, value: Double)]) {
    self.source = source
    self.overrides = overrides
  }

  /// Loads the behaviour once, to check it and its overrides before a replay starts.
  /// - Returns: The behaviour's thresholds in effect.
  /// - Throws: `BehaviourError` naming the file, line, field and value, or the unknown threshold.
  package func check() throws(BehaviourError) -> [String: Double] {
    try load().thresholds
  }

  private func load() throws(BehaviourError) -> Behaviour {
    try Behaviour.load(source, overrides: overrides, options: LuaState.Options(), warm: warm)
  }

  /// Replays one gesture: the sheet is made on the recorded screen with the recorded content, scroll
  /// view and keyboard, brought to rest at the recorded detent, and given the recorded touches at their
  /// times (frames stepped at the recorded rate between them) and the recorded inputs at theirs; after
  /// the lift it is stepped until still.
  /// - Parameter record: The gesture.
  /// - Returns: The outcome and the frames stepped, or why the gesture could not be replayed.
  package func replay(_ record: GestureRecord) -> Result<GestureReplay.Run, GestureReplay.Failure> {
    let behaviour: Behaviour
    do throws(BehaviourError) {
      behaviour = try load()
    } catch {
      return .failure(GestureReplay.Failure(message: error.description))
    }
    do throws(SheetError) {
      var driver = try SheetDriver(
        policy: behaviour, geometry: record.screen, contentHeight: record.contentHeight, fps: record.fps,
        title: "replay", recording: false)
      if let failure = try Self.place(&driver, record) { return .failure(failure) }
      return .success(try Self.stream(&driver, record))
    } catch {
      return .failure(GestureReplay.Failure(message: error.description))
    }
  }

  /// Brings the sheet to the gesture's start: its scroll view and keyboard, presented and at rest at
  /// the recorded detent (in steps of a second: the way there is not replayed, only where it ends).
  private static func place(_ driver: inout SheetDriver, _ record: GestureRecord) throws(SheetError)
    -> GestureReplay.Failure?
  {
    if let scroll = record.scroll {
      try driver.apply { h throws(SheetError) in try h.setScrollView(scroll.view) }
    }
    if record.keyboard > 0 {
      try driver.apply { h throws(SheetError) in try h.setKeyboard(height: record.keyboard, duration: 0) }
    }
    guard ![.hidden, .dismissed].contains(record.start.state) else {
      return GestureReplay.Failure(message: "the sheet was \(record.start.state.rawValue): no sheet to drag")
    }
    try driver.apply { h in h.present() }
    try settleInSteps(&driver)
    if let detent = startDetent(record, among: driver.machine.detents), driver.machine.detent != detent {
      try driver.apply { h throws(SheetError) in try h.snap(to: detent) }
      try settleInSteps(&driver)
    }
    if let scroll = record.scroll {
      try driver.apply { h throws(SheetError) in try h.scroll(to: scroll.offset) }
    }
    return nil
  }

  /// The detent a gesture starts from: the recorded one when the behaviour has it active, else (a
  /// corpus recorded under another behaviour, whose detents have other names) the active detent nearest
  /// the recorded height, the lower on a tie; nil without a recorded detent or an active one.
  static func startDetent(_ record: GestureRecord, among detents: [ResolvedDetent]) -> String? {
    guard let recorded = record.start.detent else { return nil }
    if detents.contains(where: { $0.id == recorded }) { return recorded }
    let heights = detents.map(\.height)
    return Formulas.nearest(record.start.height, in: heights).map { detents[$0].id }
  }

  private static func settleInSteps(_ driver: inout SheetDriver) throws(SheetError) {
    var steps = 0
    while !driver.isStill && steps < placingSteps {
      try driver.apply { h throws(SheetError) in try h.step(SheetLimits.maximumStep).events }
      steps += 1
    }
  }

  /// Feeds the touches and inputs at their times and steps frames between them, then after the lift
  /// until the sheet is still.
  private static func stream(_ driver: inout SheetDriver, _ record: GestureRecord) throws(SheetError)
    -> GestureReplay.Run
  {
    let origin = driver.machine.time
    var inputs = record.inputs[...]
    var frames = 0
    func step(until time: Double, _ driver: inout SheetDriver) throws(SheetError) {
      while driver.machine.time + driver.frameInterval <= time {
        try apply(&inputs, until: driver.machine.time + driver.frameInterval - origin, &driver)
        try driver.frame()
        frames += 1
      }
      try apply(&inputs, until: time - origin, &driver)
    }
    let first = record.touches[0]
    try driver.touchDown(x: first.x, y: first.y, time: origin)
    for touch in record.touches.dropFirst().dropLast() {
      try step(until: origin + touch.t, &driver)
      try driver.touchMove(x: touch.x, y: touch.y, time: origin + touch.t)
    }
    let lift = record.touches[record.touches.count - 1]
    try step(until: origin + lift.t, &driver)
    try driver.apply { h throws(SheetError) in
      try h.touchUp(
        finger: 1, x: lift.x, y: lift.y, time: origin + lift.t, velocity: record.velocity,
        velocityX: record.velocityX)
    }
    var settling = GestureSettling(after: driver.machine, at: origin + lift.t)
    let most = SheetDriver.frameCount(settleLimit, fps: driver.fps, limit: Int.max)
    var count = 0
    while !driver.isStill && count < most {
      try apply(&inputs, until: driver.machine.time + driver.frameInterval - origin, &driver)
      try driver.frame()
      settling.observe(driver.machine.height)
      count += 1
    }
    return GestureReplay.Run(
      outcome: settling.outcome(driver.machine, settled: driver.isStill), frames: frames + count,
      settleFrames: count)
  }

  /// Applies the inputs due by `time` (seconds from the touch-down).
  private static func apply(
    _ inputs: inout ArraySlice<GestureRecord.Input>, until time: Double, _ driver: inout SheetDriver
  ) throws(SheetError) {
    while let input = inputs.first, input.t <= time {
      inputs.removeFirst()
      switch input {
      case .scroll(_, let offset):
        try driver.apply { h throws(SheetError) in try h.scroll(to: offset) }
      case .keyboard(_, let height, let duration):
        try driver.apply { h throws(SheetError) in try h.setKeyboard(height: height, duration: duration) }
      }
    }
  }
}
