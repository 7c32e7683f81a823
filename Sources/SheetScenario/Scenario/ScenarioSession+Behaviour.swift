import LuaHost
import SheetCore
import SheetScript
import SheetTrace

/// Loading the scenario's behaviour (``ScenarioBehaviour``): when the sheet is made, swapped after a
/// `behaviour`, `set` or `edge` call once it exists, hot-reloaded by `reload`; with what each load tells the
/// result (the behaviour's files for `sheet watch`, its thresholds and modules, a refused override).
extension ScenarioSession {
  /// Loads the scenario's behaviour (or the command line's replacement), or `nil` for the default policy.
  package func loadBehaviour() throws(ScenarioRefusal) -> Behaviour? {
    do throws(BehaviourError) {
      let loaded = try loadBehaviourUnnoted()
      if let loaded { noteThresholds(sorted: loaded.thresholdNames) }
      loaded?.attach(to: behaviour.edge)
      return loaded
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
    let commandLine = Set(behaviour.commandLineOverrides.map(\.name))
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
    behaviour.reference = nil
    if let path = behaviour.replacementPath {
      let source = try BehaviourSource.resolve(path)
      note(path)
      behaviour.reference = path
      return try Behaviour.load(
        source, overrides: behaviour.effectiveOverrides, options: behaviourOptions, warm: warm)
    }
    switch behaviour.value {
    case .string(let reference)?:
      let source = try BehaviourSource.resolve(reference, relativeTo: directory)
      if let path = source.path { note(path) }
      behaviour.reference = source.path ?? reference
      return try Behaviour.load(
        source, overrides: behaviour.effectiveOverrides, options: behaviourOptions, warm: warm)
    case let value?:
      let table: LuaTable
      do throws(LuaError) {
        table = try state.table(value)
      } catch {
        throw BehaviourError.lua(file: file, error: error)
      }
      let source = BehaviourSource(name: file, text: text, path: file, firstLine: behaviour.line)
      return try Behaviour(
        source: source, state: state, table: table, overrides: behaviour.effectiveOverrides)
    case nil:
      // overrides or an edge need a behaviour to apply to: the default policy's, `system`
      if !behaviour.effectiveOverrides.isEmpty || behaviour.edge != nil {
        return try Behaviour.load(
          Presets.source(named: "system") ?? BehaviourSource(name: "system.lua", text: ""),
          overrides: behaviour.effectiveOverrides, options: behaviourOptions, warm: warm)
      }
      return nil
    }
  }

  /// Remembers the modules a behaviour read (before it is replaced, or when the run ends).
  package func noteModules(of behaviour: Behaviour?) {
    for file in behaviour?.modulesRead ?? [] where !result.modulesRead.contains(file) {
      result.modulesRead.append(file)
    }
  }

  /// Remembers a behaviour file for `sheet watch`.
  private func note(_ path: String) {
    if !result.behaviourFiles.contains(path) { result.behaviourFiles.append(path) }
  }

  /// Replaces the running behaviour after `behaviour` or `set` (a reload at the next gesture).
  package func swapBehaviour() throws(ScenarioRefusal) {
    let policy: any SheetPolicy = try loadBehaviour() ?? DefaultPolicy()
    try withDriver { d throws(SheetError) in
      noteModules(of: behaviour.running)
      behaviour.running = policy as? Behaviour
      try d.apply { h in h.replacePolicy(policy) }
    }
  }

  /// Hot-reloads a behaviour file: loaded and validated in a fresh state, swapped in only when valid.
  /// - Parameter reference: The file, relative to the scenario.
  /// - Returns: `true`, or `false` and the error (the running behaviour stays).
  package func reload(_ reference: String) -> [LuaValue] {
    do throws(BehaviourError) {
      let source = try BehaviourSource.resolve(reference, relativeTo: directory)
      if let path = source.path { note(path) }
      let loaded: Behaviour
      do throws(BehaviourError) {
        loaded = try Behaviour.load(
          source, overrides: behaviour.effectiveOverrides, options: behaviourOptions, warm: warm)
      } catch {
        noteRefusal(error)
        throw error
      }
      loaded.attach(to: behaviour.edge)
      noteThresholds(sorted: loaded.thresholdNames)
      behaviour.value = .string(reference)
      try? withDriver { d throws(SheetError) in
        noteModules(of: behaviour.running)
        behaviour.running = loaded
        d.note("reload", [TraceField("ok", .bool(true)), TraceField("file", .string(source.name))])
        try d.apply { h in h.replacePolicy(loaded) }
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
