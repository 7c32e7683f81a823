import LuaHost
import SheetCore

extension ScenarioSession {
  /// Carries out one scenario call on the sheet.
  /// - Parameter action: The parsed call.
  /// - Throws: `ScenarioRefusal` with the message the scenario's line raises.
  func execute(_ action: ScenarioAction) throws(ScenarioRefusal) {
    switch action {
    case .screen(let width, let height, let safeTop, let safeBottom, let newFPS):
      let next = screen.resize(
        width: width, height: height, safeTop: safeTop, safeBottom: safeBottom, fps: newFPS)
      guard hasSheet else { return }
      if let newFPS, options.fps == nil { driver?.fps = newFPS }
      try withDriver { d throws(SheetError) in try d.apply { m throws(SheetError) in try m.resize(next) } }
    case .behaviour(let value, let line):
      behaviourValue = value
      behaviourLine = line
      if hasSheet { try swapBehaviour() }
    case .content(let height, let change):
      screen.change(height: height, scroll: change)
      guard hasSheet else { return }
      try withDriver { d throws(SheetError) in
        if let height { try d.apply { m throws(SheetError) in try m.setContentHeight(height) } }
        switch change {
        case .keep: break
        case .set(let view): try d.apply { m throws(SheetError) in try m.setScrollView(view) }
        case .remove: try d.apply { m throws(SheetError) in try m.setScrollView(nil) }
        }
      }
    case .set(let pairs):
      for (name, value) in pairs { scenarioOverrides[name] = value }
      if let helperModule {
        do throws(LuaError) {
          try Behaviour.setOverrides(effectiveOverrides, of: helperModule, in: state)
        } catch {
          throw ScenarioRefusal(message: error.description)
        }
      }
      if hasSheet { try swapBehaviour() }
    case .reload(let reference):
      _ = reload(reference)
    case .settle:
      var settled = true
      try withDriver { d throws(SheetError) in settled = try d.settle(limit: 60) }
      // A scenario-wide limit that stopped the driver is reported by the run loop instead.
      if !settled && driver?.limitReached == nil {
        let finger =
          driver?.host.touches.isEmpty == false
          ? " (a finger is down: touch_up or touch_cancel lifts it)" : ""
        throw ScenarioRefusal(message: "the sheet did not come to rest within 60 s\(finger)")
      }
    case .expectFault(let callback, let line):
      if !declaredFaults.contains(where: { $0.callback == callback }) {
        declaredFaults.append((callback, line))
      }
    default:
      try withDriver { d throws(SheetError) in try Self.drive(action, on: &d) }
    }
  }

  /// Carries out a call that moves the sheet or time. No call is refused for the sheet's state: what
  /// the state cannot take is recorded as an `ignored` (or `queued`) event and the scenario goes on.
  static func drive(_ action: ScenarioAction, on d: inout SheetDriver) throws(SheetError) {
    switch action {
    case .present: try d.apply { h in h.present() }
    case .dismiss: try d.apply { m in m.dismiss() }
    case .snapTo(let id): try d.apply { m throws(SheetError) in try m.snap(to: id) }
    case .tap(let x, let y): try d.apply { m throws(SheetError) in try m.tap(x: x, y: y) }
    case .tapBackdrop:
      let y = d.backdropY
      try d.apply { m throws(SheetError) in try m.tap(y: y) }
    case .wait(let seconds): try d.wait(seconds)
    case .drag(let gesture): try d.drag(gesture)
    case .flick(let dy, let velocity, let at, let dx, let velocityX, let atX):
      try d.flick(dy: dy, velocity: velocity, at: at, dx: dx, velocityX: velocityX, atX: atX)
    case .touchDown(let finger, let x, let y, let time):
      try d.touchDown(finger: finger, x: x, y: y ?? d.grabY, time: time)
    case .touchMove(let finger, let x, let y, let time):
      try d.touchMove(finger: finger, x: x, y: y, time: time)
    case .touchUp(let finger, let velocity, let velocityX, let time):
      try d.touchUp(finger: finger, velocity: velocity, velocityX: velocityX, time: time)
    case .touchCancel(let finger): d.touchCancel(finger: finger)
    case .scrollTo(let offset): try d.apply { m throws(SheetError) in try m.scroll(to: offset) }
    case .keyboard(let height, let duration):
      try d.apply { m throws(SheetError) in try m.setKeyboard(height: height, duration: duration) }
    default: break
    }
  }

  /// The overrides in effect: the scenario's `set`, then the command line's (which win), by name.
  var effectiveOverrides: [(name: String, value: Double)] {
    // a sweep's run: one override from the command line, none from the scenario
    if scenarioOverrides.isEmpty, options.overrides.count <= 1 { return options.overrides }
    var merged = scenarioOverrides
    for (name, value) in options.overrides { merged[name] = value }
    return merged.keys.sorted().map { ($0, merged[$0] ?? 0) }
  }

  /// Loads the scenario's behaviour (or the command line's replacement), or `nil` for the native default.
  func loadBehaviour() throws(ScenarioRefusal) -> Behaviour? {
    do throws(BehaviourError) {
      let behaviour = try loadBehaviourUnnoted()
      if let behaviour { noteThresholds(sorted: behaviour.thresholdNames) }
      return behaviour
    } catch {
      noteRefusal(error)
      throw ScenarioRefusal(message: error.description)
    }
  }

  /// Adds declared threshold names to the result.
  private func noteThresholds<S: Sequence<String>>(_ names: S) {
    result.thresholds = Array(Set(result.thresholds).union(names)).sorted()
  }

  /// ``noteThresholds(_:)`` of distinct names in order: the first behaviour's names are the list.
  private func noteThresholds(sorted names: [String]) {
    if result.thresholds.isEmpty { result.thresholds = names } else { noteThresholds(names) }
  }

  /// Notes what a refused load tells the command: the thresholds the behaviour declares, and an
  /// override from the command line it refused.
  private func noteRefusal(_ error: BehaviourError) {
    let commandLine = Set(options.overrides.map(\.name))
    switch error {
    case .unknownThreshold(_, let name, _, let declared):
      noteThresholds(declared)
      guard commandLine.contains(name), result.overrideRefusal == nil else { return }
      let list = declared.isEmpty ? "it declares none" : "its thresholds: " + declared.joined(separator: ", ")
      result.overrideRefusal = OverrideRefusal(name: name, message: "\(error.description); \(list)")
    case .invalidThreshold(_, let refused) where commandLine.contains(refused.name):
      if result.overrideRefusal == nil {
        result.overrideRefusal = OverrideRefusal(name: refused.name, message: error.description)
      }
    default: break
    }
  }

  /// The behaviour ``loadBehaviour()`` loads (noting its file for `sheet watch`), before its thresholds
  /// or a refusal are noted in the result.
  private func loadBehaviourUnnoted() throws(BehaviourError) -> Behaviour? {
    behaviourReference = nil
    if let path = options.behaviourPath {
      let source = try BehaviourSource.resolve(path)
      note(path)
      behaviourReference = path
      return try Behaviour.load(source, overrides: effectiveOverrides, options: behaviourOptions, warm: warm)
    }
    switch behaviourValue {
    case .string(let reference)?:
      let source = try BehaviourSource.resolve(reference, relativeTo: directory)
      if let path = source.path { note(path) }
      behaviourReference = source.path ?? reference
      return try Behaviour.load(source, overrides: effectiveOverrides, options: behaviourOptions, warm: warm)
    case let value?:
      let table: LuaTable
      do throws(LuaError) {
        table = try state.table(value)
      } catch {
        throw BehaviourError.lua(file: file, error: error)
      }
      let source = BehaviourSource(name: file, text: text, path: file, firstLine: behaviourLine)
      return try Behaviour(source: source, state: state, table: table, overrides: effectiveOverrides)
    case nil:
      if !effectiveOverrides.isEmpty {
        return try Behaviour.load(
          Presets.source(named: "system") ?? BehaviourSource(name: "system.lua", text: ""),
          overrides: effectiveOverrides, options: behaviourOptions, warm: warm)
      }
      return nil
    }
  }

  /// Remembers the modules a behaviour read (before it is replaced, or when the run ends).
  func noteModules(of behaviour: Behaviour?) {
    for file in behaviour?.modulesRead ?? [] where !result.modulesRead.contains(file) {
      result.modulesRead.append(file)
    }
  }

  /// Remembers a behaviour file for `sheet watch`.
  private func note(_ path: String) {
    if !result.behaviourFiles.contains(path) { result.behaviourFiles.append(path) }
  }

  /// Replaces the running behaviour after `behaviour` or `set` (a reload at the next gesture).
  private func swapBehaviour() throws(ScenarioRefusal) {
    let policy: any SheetPolicy = try loadBehaviour() ?? DefaultPolicy()
    try withDriver { d throws(SheetError) in
      noteModules(of: behaviour)
      behaviour = policy as? Behaviour
      try d.apply { h in h.replacePolicy(policy) }
    }
  }

  /// Hot-reloads a behaviour file: loaded and validated in a fresh state, swapped in only when valid.
  /// - Parameter reference: The file, relative to the scenario.
  /// - Returns: `true`, or `false` and the error (the running behaviour stays).
  func reload(_ reference: String) -> [LuaValue] {
    do throws(BehaviourError) {
      let source = try BehaviourSource.resolve(reference, relativeTo: directory)
      if let path = source.path { note(path) }
      let behaviour: Behaviour
      do throws(BehaviourError) {
        behaviour = try Behaviour.load(
          source, overrides: effectiveOverrides, options: behaviourOptions, warm: warm)
      } catch {
        noteRefusal(error)
        throw error
      }
      noteThresholds(sorted: behaviour.thresholdNames)
      behaviourValue = .string(reference)
      try? withDriver { d throws(SheetError) in
        noteModules(of: self.behaviour)
        self.behaviour = behaviour
        d.note("reload", [TraceField("ok", .bool(true)), TraceField("file", .string(source.name))])
        try d.apply { h in h.replacePolicy(behaviour) }
      }
      return [.boolean(true)]
    } catch {
      note(
        "reload",
        [
          TraceField("ok", .bool(false)), TraceField("file", .string(reference)),
          TraceField("message", .string(error.description)),
        ])
      return [.boolean(false), .string(error.description)]
    }
  }
}
