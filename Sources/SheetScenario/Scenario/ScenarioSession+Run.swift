import Foundation
import LuaHost
import SheetCore
import SheetScript
import SheetTrace

extension ScenarioSession {
  /// Runs the scenario to its end (or its first error) and returns what it produced.
  /// - Parameter text: The scenario's Lua text.
  /// - Returns: The result with its trace.
  package func run(text: String) -> ScenarioResult {
    self.text = text
    do throws(LuaError) {
      let chunk: LuaFunction
      if let loaded, loaded.text == text {
        chunk = try loaded.chunk.get()
        self.loaded = nil
      } else {
        chunk = try state.load(text, name: file)
      }
      let coroutine = try state.coroutine(chunk)
      var step = try resume(coroutine)
      var calls = 0
      let instructions = options.limits.behaviourInstructions
      let meter = meter
      var budget = SheetDriver.UnitsLimit(
        spent: { meter.units }, most: 0, limit: { Self.behaviourLimit(instructions) })
      while case .yielded = step {
        calls += 1
        // the driver stops a long call (a drag of many frames) once the behaviour's share runs out
        budget.most = scenarioUnits + instructions
        driver?.unitsLimit = budget
        let reply = perform()
        if let limit = limitReached(calls: calls) {
          fail(
            "\(limit); the scenario was stopped",
            location: coroutine.location(skipping: [ScenarioPrelude.chunkName]))
          bringToRest()
          break
        }
        updateSheetView()
        step = try resume(coroutine, with: reply)
      }
    } catch {
      fail(withSuggestion(error.description), location: Self.errorLocation(error))
    }
    conclude()
    finish()
    if let gestures = driver?.takeGestures() {
      result.gestures = gestures.gestures
      result.droppedGestures = gestures.dropped
    }
    return result
  }

  /// A policy's stamp for a recorded gesture: a behaviour's name, source hash and thresholds, or the
  /// default policy's (`default`, no source).
  static func gestureStamp(_ policy: any SheetPolicy) -> (GestureRecord.Stamp, [String: Double]) {
    guard let behaviour = policy as? Behaviour else {
      return (GestureRecord.Stamp(name: "default", hash: GestureRecord.sourceHash("")), [:])
    }
    return (
      GestureRecord.Stamp(name: behaviour.source.name, hash: GestureRecord.sourceHash(behaviour.source.text)),
      behaviour.thresholds
    )
  }

  /// Adds what only the whole run shows, then puts the failures in the order that tells most first:
  /// the error that ended the run, the behaviour's script errors (each kind once, with its count,
  /// the rarest first), then the rest in the order they happened. The script errors fail the scenario unless it
  /// declared their callback with `expect_script_error`; a declared callback that never failed is a failed
  /// expectation at its line; a scenario that checked nothing fails.
  private func conclude() {
    let end = driver?.machine.time ?? 0
    var undeclared: [ScenarioScriptErrors.Group] = []
    var hits: [String: Int] = [:]
    for group in ScenarioScriptErrors.groups(in: driver?.trace ?? Trace(title: "")) {
      if declaredScriptErrors.contains(where: { $0.callback == group.field }) {
        hits[group.field, default: 0] += group.count
      } else {
        undeclared.append(group)
      }
    }
    if result.scriptError == nil {
      for (callback, line) in declaredScriptErrors {
        let count = hits[callback] ?? 0
        let message =
          count > 0
          ? "expect_script_error '\(callback)': \(Plural.count(count, "script error")), as declared"
          : "expected a script error from \(callback), none happened"
        note(
          "expect",
          [
            TraceField("ok", .bool(count > 0)), TraceField("line", .integer(line)),
            TraceField("message", .string(message)),
          ])
        if count > 0 {
          result.expectationsPassed += 1
          result.expectedScriptErrors += count
        } else {
          result.expectationsFailed += 1
          result.failures.append(
            ScenarioFailure(
              location: SourceLocation(file: file, line: line), message: "expectation failed: \(message)",
              time: end))
        }
      }
    }
    result.scriptErrors = undeclared.reduce(0) { $0 + $1.count }
    // the rarest kinds first (then the earliest): a one-off error is never buried under a flood
    let kinds = undeclared.enumerated().sorted { a, b in
      a.element.count != b.element.count ? a.element.count < b.element.count : a.offset < b.offset
    }.map(\.element)
    var scriptFailures: [ScenarioFailure] = []
    for group in kinds.prefix(ScenarioScriptErrors.listedGroups) {
      var failure = ScenarioScriptErrors.failure(group, scenario: file)
      failure.time = group.first
      scriptFailures.append(failure)
    }
    if kinds.count > ScenarioScriptErrors.listedGroups {
      let rest = kinds.dropFirst(ScenarioScriptErrors.listedGroups)
      scriptFailures.append(
        ScenarioFailure(
          location: SourceLocation(file: file, line: 0),
          message:
            "\(Plural.count(rest.reduce(0) { $0 + $1.count }, "more script error")) "
            + "(\(Plural.count(rest.count, "more kind")); see the trace)",
          time: rest.map(\.first).min() ?? end))
    }
    if result.scriptError == nil, result.expectationsPassed + result.expectationsFailed == 0 {
      result.failures.append(
        ScenarioFailure(
          location: SourceLocation(file: file, line: 0), message: ScenarioResult.noExpectations, time: end))
    }
    // the error that ended the run (``fail(_:location:)``'s), the script errors, then the rest in time order
    let ending = result.failures.filter { $0.message.hasPrefix(Self.endingPrefix) }
    let others = result.failures.filter { !$0.message.hasPrefix(Self.endingPrefix) }.enumerated().sorted {
      a, b in
      a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
    }.map(\.element)
    result.failures = ending + scriptFailures + others
  }

  /// A call of an unknown global (`touch_cancl {}`) gets the nearest scenario call as a hint, like a
  /// misspelt field: Lua's "attempt to call a nil value (global 'touch_cancl')" then ends with
  /// "(did you mean 'touch_cancel'?)".
  package func withSuggestion(_ message: String) -> String {
    let marker = "attempt to call a nil value (global '"
    guard let start = message.range(of: marker), let end = message[start.upperBound...].firstIndex(of: "'")
    else { return message }
    let name = String(message[start.upperBound..<end])
    guard let hint = NameSuggestion.nearest(to: name, in: language.globalNames) else { return message }
    return message + " (did you mean '\(hint)'?)"
  }

  /// Resumes the scenario, counting what the scenario's own Lua spent.
  private func resume(_ coroutine: LuaCoroutine, with reply: [LuaValue] = []) throws(LuaError)
    -> LuaCoroutine.Step
  {
    let before = state.unitsUsed
    defer { scenarioUnits += state.unitsUsed - before }
    return try coroutine.resume(reply)
  }

  /// The scenario-wide limit the run has reached, as a sentence (nil while within them all).
  private func limitReached(calls: Int) -> String? {
    let limits = options.limits
    if let reached = driver?.limitReached ?? notes.limitReached { return reached }
    if calls >= limits.calls { return "the run reached the call limit (\(limits.calls) scenario calls)" }
    if scenarioUnits > limits.instructions {
      return "the run reached the instruction limit (\(limits.instructions) across the whole scenario)"
    }
    if behaviourUnits > limits.behaviourInstructions { return "the run reached \(behaviourLimit)" }
    return nil
  }

  /// The behaviour's run-wide budget, in words.
  private var behaviourLimit: String { Self.behaviourLimit(options.limits.behaviourInstructions) }

  /// A run-wide budget of `instructions` for the behaviour, in words (made only once it is reached).
  private static func behaviourLimit(_ instructions: Int) -> String {
    "the behaviour's instruction limit (\(instructions) across the whole run, loads and reloads included)"
  }

  /// How the failure of the error that ended the scenario begins (no other failure does).
  static let endingPrefix = "error: "

  /// Records the error that ended the scenario.
  private func fail(_ message: String, location: SourceLocation?) {
    result.scriptError = message
    let event = TraceEvent(
      time: driver?.machine.time ?? 0, name: "script_error", fields: [TraceField("message", .string(message))]
    )
    if driver?.limitReached != nil {
      driver?.trace.entries.append(.event(event))  // the closing entry, past the trace limit
    } else {
      note(event.name, event.fields)
    }
    var text = message
    if let location, text.hasPrefix("\(location): ") { text = String(text.dropFirst("\(location): ".count)) }
    result.failures.append(
      ScenarioFailure(
        location: location ?? SourceLocation(file: file, line: 0), message: Self.endingPrefix + text,
        time: driver?.machine.time ?? 0))
  }

  /// Where a Lua error happened, from its location or its message.
  private static func errorLocation(_ error: LuaError) -> SourceLocation? {
    switch error {
    case .runtime(_, nil, let traceback):
      return LuaError.firstFrame(in: traceback, skipping: [ScenarioPrelude.chunkName])
    default: return error.location
    }
  }

  /// Moves the trace into the result (making the sheet first if the scenario never did). When the sheet
  /// cannot be made (an invalid behaviour), the events noted so far still go into the trace, at time 0.
  private func finish() {
    noteModules(of: behaviour.running)
    for file in state.filesRead where !result.modulesRead.contains(file) { result.modulesRead.append(file) }
    if !hasSheet, notes.early.isEmpty == false { try? makeDriver() }
    if let driver {
      result.trace = driver.trace
      result.limitUndecided = driver.limitUndecided
    } else {
      for (name, fields) in notes.early {
        result.trace.entries.append(.event(TraceEvent(time: 0, name: name, fields: fields)))
      }
    }
  }

  /// Carries out the pending call and returns what the scenario's call returns: nothing, or `false` and
  /// the refusal's message.
  private func perform() -> [LuaValue] {
    guard let pending else { return [] }
    self.pending = nil
    do throws(ScenarioRefusal) {
      let action = try pending.get()
      recorder?.note(action, in: self)
      if case .reload(let reference) = action { return reload(reference) }
      try execute(action)
      return []
    } catch {
      return [.boolean(false), .string(error.message)]
    }
  }

  /// The sheet, made on first use from the scenario's screen, behaviour and content.
  package func makeDriver() throws(ScenarioRefusal) {
    if hasSheet { return }
    let policy: any SheetPolicy = try loadBehaviour() ?? DefaultPolicy()
    behaviour.running = policy as? Behaviour
    var made: SheetDriver
    do throws(SheetError) {
      made = try SheetDriver(
        policy: policy, geometry: screen.geometry, contentHeight: screen.contentHeight,
        fps: options.fps ?? screen.fps, title: result.trace.title)
    } catch {
      throw ScenarioRefusal(message: describe(error))
    }
    made.limits = DriverLimits(options.limits)
    made.keepsFrames = options.keepsFrames
    if let limit = options.gestureLimit {
      made.gestureRecorder = GestureRecorder(limit: limit, fps: made.fps, origin: "scenario")
      made.gestureStamp = Self.gestureStamp
    }
    if let scrollView = screen.scrollView {
      do throws(SheetError) {
        try made.apply { m throws(SheetError) in try m.setScrollView(scrollView) }
      } catch {
        throw ScenarioRefusal(message: describe(error))
      }
    }
    if result.setUp == nil { result.setUp = currentSetUp }
    for (name, fields) in notes.takeEarly() { made.note(name, fields) }
    driver = made
  }

  /// Brings the sheet of a run a limit stopped to rest (`SheetDriver/comeToRest(within:)`), moved out
  /// for the call as ``withDriver(_:)`` moves it: the callbacks it runs on the way (a finger lifted, the
  /// frames to rest) may print or expect, and those notes go in as its closing entries, past the limits
  /// as its frames do. Nothing without a sheet.
  private func bringToRest() {
    guard var sheet = driver.take() else { return }
    notes.beginCall(at: sheet.machine.time)
    sheet.comeToRest()
    sheet.noteClosing(notes.endCall())
    driver = consume sheet
  }

  /// Runs `body` on the sheet, turning a machine error into a refusal. The driver is moved out for the
  /// call and back after it (with the notes the call's callbacks made), never copied.
  package func withDriver(_ body: (inout SheetDriver) throws(SheetError) -> Void) throws(ScenarioRefusal) {
    try makeDriver()
    guard var current = driver.take() else { return }
    notes.beginCall(at: current.machine.time)
    var failure: SheetError?
    do throws(SheetError) {
      try body(&current)
    } catch {
      failure = error
    }
    for (name, fields) in notes.endCall() { current.note(name, fields) }
    driver = consume current
    if let failure { throw ScenarioRefusal(message: describe(failure)) }
  }

  /// A machine error in a scenario's words (its fields by the scenario language's names), an unknown
  /// detent with the nearest of the sheet's detents. The machine refuses only bad values (a state
  /// refusal does not exist: the sheet records what its state cannot take and the scenario goes on).
  package func describe(_ error: SheetError) -> String {
    let text = error.description(naming: Self.scenarioName)
    guard case .unknownDetent(let id) = error, let detents = driver?.machine.detents.map(\.id),
      !detents.isEmpty
    else { return text }
    if let nearest = NameSuggestion.nearest(to: id, in: detents) {
      return text + " (did you mean '\(nearest)'?)"
    }
    return text + " (active: " + detents.map { "'\($0)'" }.joined(separator: ", ") + ")"
  }

  /// A machine field as the scenario language names it (`geometry.safeArea.top` is `safe_top`).
  package static func scenarioName(_ field: String) -> String {
    switch field {
    case "geometry.width": "width"
    case "geometry.height": "height"
    case "geometry.safeArea.top": "safe_top"
    case "geometry.safeArea.bottom": "safe_bottom"
    case "contentHeight": "content height"
    case "scroll.contentHeight": "scroll content_height"
    case "scroll.top": "scroll top"
    case "scroll.height": "scroll height"
    case "dt": "frame interval"
    default: field
    }
  }
}
