import LuaHost
import SheetCore
import SheetScript
import SheetTrace

/// One fuzz run's sheet: the steps carried out as a scenario's session carries out its calls (the
/// same driver calls, limits, lazy making of the sheet, refusals), with no scenario Lua, and the
/// properties checked after each step. With a transcript, every call it makes is written as the
/// scenario line that makes it again (``ScenarioAction/text(fps:)``), and every check as the
/// expectation that checks it, so `sheet run` replays the run to the same end (``FuzzFinding``).
///
/// Used from one thread.
package final class FuzzSheet {
  /// The behaviour, screen and properties.
  package let target: FuzzTarget
  /// The screen and content the sheet is made with and changed by.
  package private(set) var screen: ScenarioScreen
  /// The sheet, once a step made it.
  package internal(set) var driver: SheetDriver?
  /// The scenario lines of the calls and checks made so far (nil: not written).
  package internal(set) var transcript: [String]?
  /// The `do` blocks the transcript has open (a check's), closed when it ends.
  var openBlocks = 0
  /// Whether calls go unwritten for now (a check writes a loop's calls once, as a loop).
  var muted = false
  /// The worker's warm states (nil: fresh states).
  let warm: WarmStates?
  /// The author's properties, evaluated in their own state.
  let properties: FuzzUserProperties?
  /// Every state the run loads reports its spending here (the scenario runner's behaviour budget).
  let meter = LuaMeter()
  /// The run's limits: a scenario's.
  let limits = ScenarioLimits()

  /// A sheet for one run.
  /// - Parameters:
  ///   - target: The behaviour, screen and properties.
  ///   - contentHeight: The content's height the sheet is made with (nil: none).
  ///   - warm: The worker's warm states.
  ///   - properties: The author's properties, loaded (nil: none).
  ///   - writing: Whether to keep a transcript.
  package init(
    target: FuzzTarget, contentHeight: Double?, warm: WarmStates?, properties: FuzzUserProperties?,
    writing: Bool = false
  ) {
    self.target = target
    self.warm = warm
    self.properties = properties
    var screen = ScenarioScreen()
    screen.geometry = target.screen
    screen.fps = target.fps
    screen.contentHeight = contentHeight
    self.screen = screen
    transcript = writing ? [] : nil
  }

  /// Runs steps in order, checking the properties after each, up to the first failure.
  /// - Parameter steps: The steps.
  /// - Returns: How the run ended.
  package func run(_ steps: [FuzzStep]) -> FuzzVerdict {
    for (index, step) in steps.enumerated() {
      if let end = perform(step, at: index) { return end }
    }
    return .passed
  }

  /// Carries out one step and checks the properties after it.
  /// - Parameters:
  ///   - step: The step.
  ///   - index: Its place in the run (failures name it).
  /// - Returns: nil to go on, or how the run ended.
  package func perform(_ step: FuzzStep, at index: Int) -> FuzzVerdict? {
    let before = driver?.machine.state
    let verdict: FuzzVerdict?
    do throws(FuzzStop) {
      verdict = try carryOut(step).map { .failed(FuzzFailure(property: $0.0, detail: $0.1, step: index)) }
    } catch {
      closeBlocks()
      return .stopped(error.message)
    }
    if let found = checkAfter(step, from: before) {
      closeBlocks()
      return .failed(FuzzFailure(property: found.0, detail: found.1, step: index))
    }
    if verdict != nil { closeBlocks() }
    return verdict
  }

  /// What ended a run that can go no further, in the words of the scenario's error.
  struct FuzzStop: Error {
    var message: String
  }

  /// Carries out a step's calls (and, for a check, its judgement).
  /// - Returns: nil, or the property a check found failing and what was seen.
  private func carryOut(_ step: FuzzStep) throws(FuzzStop) -> (FuzzProperty, String)? {
    switch step {
    case .present: try call(.present)
    case .dismiss: try call(.dismiss)
    case .snap(let place):
      try ensureSheet()
      guard !detents.isEmpty else { return nil }
      try call(.snapTo(detents[((place % detents.count) + detents.count) % detents.count].id))
    case .wait(let frames): try call(.wait(Double(frames) / sheetFPS))
    case .drag(let dy, let dx, let duration, let grab, let release, let velocity):
      try ensureSheet()
      try call(
        .drag(
          dragGesture(
            along: dy, across: dx, duration: duration, grab: grab, release: release, velocity: velocity)))
    case .flick(let dy, let velocity, let grab):
      try ensureSheet()
      try call(flick(along: dy, velocity: velocity, at: grabAlong(grab)))
    case .touchDown(let finger, let grab, let x, let time):
      try ensureSheet()
      let point = screenPoint(along: grabAlong(grab), across: x)
      try call(.touchDown(finger: finger, x: point.x, y: point.y, time: time.map(touchTime)))
    case .touchMove(let finger, let dy, let time):
      try ensureSheet()
      try call(touchMove(finger: finger, along: dy, time: time.map(touchTime)))
    case .touchUp(let finger, let velocity, let time):
      let side = isSide
      try call(
        .touchUp(
          finger: finger, velocity: side ? nil : velocity, velocityX: side ? velocity : nil,
          time: time.map(touchTime)))
    case .touchCancel(let finger): try call(.touchCancel(finger: finger))
    case .tap(let grab):
      try ensureSheet()
      let point = screenPoint(along: grabAlong(grab), across: nil)
      try call(.tap(x: point.x, y: point.y ?? driver?.grabPoint.y ?? screen.geometry.height / 2))
    case .tapBackdrop: try call(.tapBackdrop)
    case .back: try call(.back)
    case .accessibilityAction(let place): try call(.accessibilityAction(accessibilityAction(at: place)))
    case .reduceMotion(let on): try call(.reduceMotion(on))
    case .resize(let width, let height, let top, let bottom):
      try resize(width: width, height: height, safeTop: top, safeBottom: bottom)
    case .content(let height): try call(.content(height: height, scroll: .keep))
    case .scrollView(let contentHeight, let top):
      let change: ScrollChange =
        contentHeight.map { .set(ScrollView(contentHeight: $0, top: top)) } ?? .remove
      try call(.content(height: nil, scroll: change))
    case .scrollTo(let offset): try call(.scrollTo(offset))
    case .keyboard(let fraction, let duration):
      try call(.keyboard(height: fraction * screen.geometry.height, duration: duration))
    case .reload: try reload()
    case .rest: return try rest()
    case .pair(let dy, let slow, let fast, let grab):
      return try pair(dy: dy, slow: slow, fast: fast, grab: grab)
    case .snapCurrent: return try snapCurrent()
    case .rotation: return try rotation()
    case .reloadCheck: return try reloadCheck()
    }
    return nil
  }

  /// The active detents, lowest first (none before the sheet exists).
  var detents: [ResolvedDetent] { driver?.machine.detents ?? [] }

  /// The frame rate the sheet runs at.
  var sheetFPS: Double { driver?.fps ?? screen.fps }

  /// A touch's own time, `offset` seconds after the sheet's time now, within the touch times a
  /// scenario takes.
  func touchTime(_ offset: Double) -> Double {
    min(
      max((driver?.machine.time ?? 0) + offset, ScenarioAction.touchTimes.lowerBound),
      ScenarioAction.touchTimes.upperBound)
  }

  /// Writes a line of the transcript at the depth of the open blocks.
  func write(_ line: String) {
    guard transcript != nil, !muted else { return }
    transcript?.append(String(repeating: "  ", count: openBlocks) + line)
  }

  /// Opens a check's `do` block in the transcript, with a comment saying what it checks.
  func open(_ comment: String) {
    write("do -- " + comment)
    openBlocks += 1
  }

  /// Closes the innermost open block.
  func close() {
    guard openBlocks > 0 else { return }
    openBlocks -= 1
    write("end")
  }

  /// Closes every open block (the run ended inside a check).
  func closeBlocks() {
    while openBlocks > 0 { close() }
  }

  /// Makes one scenario call: writes its line, then carries it out as a scenario's session does (a
  /// screen or content call changes the screen, and the sheet once it exists; any other makes the
  /// sheet first).
  /// - Parameter action: The call.
  /// - Throws: `FuzzStop` with the refusal's message, as the scenario's line raises it.
  func call(_ action: ScenarioAction) throws(FuzzStop) {
    if let line = action.text(fps: sheetFPS) { write(line) }
    let screenCall = screen.take(action)
    if !screenCall { try makeSheet() }
    guard var d = driver else { return }
    driver = nil  // the one copy while the call changes it
    defer { driver = d }
    do throws(SheetError) {
      if screenCall {
        try screen.apply(action, to: &d, fpsFixed: false)
      } else {
        try ScenarioSession.drive(action, on: &d)
      }
    } catch {
      throw FuzzStop(
        message: "\(action.callName): \(error.description(naming: ScenarioSession.scenarioName))")
    }
  }

  /// Makes the sheet, when a step needs it to work out its call (its detents, its edge), with a call
  /// that changes nothing else, `wait(0 / fps)`: the written scenario makes it at the same moment.
  func ensureSheet() throws(FuzzStop) {
    if driver == nil { try call(.wait(0)) }
  }

  /// `settle()`: steps until the sheet is still, at most 60 s.
  /// - Returns: Whether it came to rest (false also when a limit stopped it).
  /// - Throws: `FuzzStop` when a finger is down: the scenario's `settle()` then fails whatever the
  ///   behaviour does.
  func settle() throws(FuzzStop) -> Bool {
    write("settle()")
    try makeSheet()
    let settled = (try? driver?.settle(limit: 60)) ?? false
    let fingers = driver?.host.touches.isEmpty == false
    if !settled && fingers && driver?.limitReached == nil {
      throw FuzzStop(message: "settle: the sheet did not come to rest within 60 s (a finger is down)")
    }
    return settled
  }

  /// Makes the sheet as a scenario's first call that moves it does: the behaviour loaded (in a warm
  /// state when the worker has one), the screen, content and scroll view, a scenario's limits.
  /// - Throws: `FuzzStop` when the behaviour does not load or the sheet refuses the screen.
  func makeSheet() throws(FuzzStop) {
    guard driver == nil else { return }
    let behaviour = try load()
    do throws(SheetError) {
      var made = try SheetDriver(
        policy: behaviour, geometry: screen.geometry, contentHeight: screen.contentHeight, fps: screen.fps,
        title: "fuzz")
      made.limits = DriverLimits(limits)
      let meter = meter
      let instructions = limits.behaviourInstructions
      made.unitsLimit = SheetDriver.UnitsLimit(
        spent: { meter.units }, most: instructions,
        limit: { "the behaviour's instruction limit (\(instructions) across the whole run)" })
      if let view = screen.scrollView { try made.apply { m throws(SheetError) in try m.setScrollView(view) } }
      driver = made
    } catch {
      throw FuzzStop(message: error.description(naming: ScenarioSession.scenarioName))
    }
  }

  /// Loads the behaviour in a state that reports to the run's meter, attached to the target's edge.
  func load() throws(FuzzStop) -> Behaviour {
    do throws(BehaviourError) {
      let loaded = try Behaviour.load(
        target.source, overrides: [], options: LuaState.Options(meter: meter), warm: warm)
      loaded.attach(to: target.edge)
      return loaded
    } catch {
      throw FuzzStop(message: error.description)
    }
  }

  /// `resize { ... }`, and, when a keyboard is up, the keyboard reported again as the same share of
  /// the new screen's height, as a host does when the screen turns (the keyboard's frame changes with
  /// it; one left as tall as before could cover a smaller screen).
  func resize(width: Double, height: Double, safeTop: Double?, safeBottom: Double?) throws(FuzzStop) {
    let keyboard = driver?.machine.keyboard.targetHeight ?? 0
    let before = screen.geometry.height
    try call(.screen(width: width, height: height, safeTop: safeTop, safeBottom: safeBottom, fps: nil))
    guard keyboard > 0, driver != nil else { return }
    try call(
      .keyboard(height: keyboard / before * screen.geometry.height, duration: SheetKeyboard.defaultDuration))
  }

  /// `reload` of the behaviour: a new copy loaded and swapped in (as `reload` does, the sheet made
  /// first); one that fails to load leaves the running behaviour, as `reload` returns false.
  func reload() throws(FuzzStop) {
    write("reload \(LuaLiteral.quoted(target.reference))")
    guard let loaded = try? load() else { return }
    try makeSheet()
    _ = try? driver?.apply { h in h.replacePolicy(loaded) }
  }
}

extension ScenarioAction {
  /// The scenario call's name, as its refusals begin.
  var callName: String {
    switch self {
    case .screen(_, _, _, _, let fps): fps == nil ? "resize" : "screen"
    case .behaviour: "behaviour"
    case .content: "content"
    case .scrollTo: "scroll_to"
    case .set: "set"
    case .edge: "edge"
    case .present: "present"
    case .dismiss: "dismiss"
    case .snapTo: "snap_to"
    case .wait: "wait"
    case .settle: "settle"
    case .drag: "drag"
    case .flick: "flick"
    case .touchDown: "touch_down"
    case .touchMove: "touch_move"
    case .touchUp: "touch_up"
    case .touchCancel: "touch_cancel"
    case .tap: "tap"
    case .tapBackdrop: "tap_backdrop"
    case .back: "back"
    case .accessibilityAction: "accessibility_action"
    case .reduceMotion: "reduce_motion"
    case .keyboard: "keyboard"
    case .reload: "reload"
    case .expectScriptError: "expect_script_error"
    }
  }
}
