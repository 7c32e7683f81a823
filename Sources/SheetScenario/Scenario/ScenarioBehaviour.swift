import LuaHost
import SheetCore
import SheetScript

/// What a scenario's behaviour is chosen and loaded from, and the one running now: the scenario's
/// `behaviour` call (a file or preset name, or an inline table, and its line), its `set`, the command
/// line's overrides and replacement file (``ScenarioOptions``), the `sheet` helper module of the
/// scenario's own state (whose `overrides` follow them), and the running behaviour with the file it came
/// from. The session loads, swaps and reloads behaviours from it (``ScenarioSession/loadBehaviour()``).
package struct ScenarioBehaviour {
  /// The scenario's `behaviour` call: a file or preset name, or an inline table (nil: it made none).
  package var value: LuaValue?
  /// The line of the `behaviour` call, where an inline table's fields are looked up from.
  package var line = 1
  /// The scripted behaviour driving the sheet, when it is one (the driver knows only its policy).
  package var running: Behaviour?
  /// The file (or preset name) the running behaviour was loaded from, as the set-up names it (nil: an
  /// inline table or the default policy); noted when the behaviour loads, so it is not resolved again.
  package var reference: String?
  /// The scenario's `edge`: the edge the sheet is attached to, replacing the behaviour's (nil: the
  /// behaviour's own; with no behaviour named, the `system` preset's rules on that edge).
  package var edge: SheetEdge?
  /// The scenario's `set`, by name.
  private(set) var scenarioOverrides: [String: Double] = [:]
  /// The command line's overrides, which win over the scenario's (``ScenarioOptions/overrides``).
  package let commandLineOverrides: [(name: String, value: Double)]
  /// A behaviour file run in place of the scenario's (``ScenarioOptions/behaviourPath``).
  package let replacementPath: String?
  /// The `sheet` helper module of the scenario's own state (`require 'sheet'` there, for inline
  /// behaviours and `S.extend`): its `overrides` follow the scenario's `set` and the command line's.
  package let helperModule: LuaTable?

  /// No behaviour chosen yet: the default policy, with the command line's overrides.
  /// - Parameters:
  ///   - options: The run's options (its overrides and replacement behaviour).
  ///   - helperModule: The scenario state's `sheet` helper module.
  package init(options: ScenarioOptions, helperModule: LuaTable?) {
    commandLineOverrides = options.overrides
    replacementPath = options.behaviourPath
    self.helperModule = helperModule
  }

  /// The overrides in effect: the scenario's `set`, then the command line's (which win), by name.
  package var effectiveOverrides: [(name: String, value: Double)] {
    // a sweep's run: one override from the command line, none from the scenario
    if scenarioOverrides.isEmpty, commandLineOverrides.count <= 1 { return commandLineOverrides }
    var merged = scenarioOverrides
    for (name, value) in commandLineOverrides { merged[name] = value }
    return merged.keys.sorted().map { ($0, merged[$0] ?? 0) }
  }

  /// Takes a `set {}` call: its values join the scenario's overrides, and the helper module's
  /// `overrides` follow the ones in effect.
  /// - Parameters:
  ///   - pairs: The call's names and values, in order.
  ///   - state: The scenario's state.
  /// - Throws: `LuaError` when the helper module's overrides cannot be set (the values are taken).
  package mutating func set(_ pairs: [(name: String, value: Double)], in state: LuaState) throws(LuaError) {
    for (name, value) in pairs { scenarioOverrides[name] = value }
    if let helperModule { try Behaviour.setOverrides(effectiveOverrides, of: helperModule, in: state) }
  }

  /// The thresholds of the default policy: the `system` preset's, which are its parameters.
  package static let nativeThresholds: [String: Double] = {
    guard let source = Presets.source(named: "system") else { return [:] }
    return (try? Behaviour.load(source).thresholds) ?? [:]
  }()

  /// ``nativeThresholds``' names, sorted.
  package static let nativeThresholdNames = nativeThresholds.keys.sorted()

  /// The thresholds in effect for the running behaviour (overrides applied), or `nil` while they are not
  /// known: a behaviour waits for the sheet to be made (it loads then).
  /// - Parameter hasSheet: Whether the sheet exists (its behaviour is then the running one).
  package func thresholds(hasSheet: Bool) -> [String: Double]? {
    if hasSheet { return running?.thresholds ?? Self.nativeThresholds }
    guard value == nil, replacementPath == nil else { return nil }
    var values = Self.nativeThresholds
    for (name, newValue) in effectiveOverrides {
      guard values[name] != nil else { return nil }  // refused when the sheet is made
      values[name] = newValue
    }
    return values
  }

  /// The names of known ``thresholds(hasSheet:)``, sorted: the running behaviour's (sorted once per
  /// load), or the default policy's (overrides of a sheet not made yet only change the default policy's values).
  package func thresholdNames(hasSheet: Bool) -> [String] {
    (hasSheet ? running?.thresholdNames : nil) ?? Self.nativeThresholdNames
  }
}
