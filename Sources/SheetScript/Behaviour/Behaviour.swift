import LuaHost
import SheetCore

/// A Lua behaviour loaded, validated and ready to drive a sheet: it is the `SheetPolicy` the core calls.
///
/// A behaviour owns its Lua state (or borrows a scenario's, for an inline table). It is used from one
/// thread at a time, like the state it calls into.
public final class Behaviour: @unchecked Sendable {
  /// Where the behaviour came from.
  public let source: BehaviourSource
  /// The thresholds in effect, overrides applied.
  public let thresholds: [String: Double]
  /// Their names, sorted.
  public let thresholdNames: [String]
  /// The sheet's configuration: edge, detents, gesture area, backdrop and tap settings.
  public internal(set) var configuration: SheetConfiguration
  /// The default policy that fills every decision the behaviour leaves out or gets wrong,
  /// tuned by the behaviour's thresholds where it names them (`projection_rate`, `redirect_progress`,
  /// `rubber_band`, `spring_response`, `spring_damping`, `allows_skipping`).
  public private(set) var defaultPolicy: DefaultPolicy

  package let state: LuaState
  package let table: LuaTable
  package let spec: BehaviourSpec
  package let views: BehaviourViews
  /// `on_drag(sheet, gesture)`, `backdrop(sheet)`, `on_scroll(sheet, gesture, scroll)` and
  /// `behind(sheet)` bound to the views, each writing the views' staged numbers in the crossing of its
  /// call (nil: the behaviour has no such callback).
  package let dragCall, backdropCall, scrollCall, behindCall: LuaBoundCall?
  package let locator: SourceLocator
  /// The Lua timing curves of the behaviour's animations, by the identifiers the core evaluates.
  package let curves: CurveRegistry

  /// Loads a behaviour in a fresh sandboxed state.
  /// - Parameters:
  ///   - source: The behaviour's text and name.
  ///   - overrides: Threshold values that replace the file's, applied before the file runs (through
  ///     `sheet.thresholds`) and after (in its `thresholds` table). Each is checked first (see
  ///     ``checkOverrides(_:file:)``).
  ///   - options: The state's limits; its module root defaults to the file's folder.
  /// - Returns: The behaviour.
  /// - Throws: `BehaviourError` naming the file, line, field and bad value; `.invalidThreshold` for an
  ///   override outside its range, `.unknownThreshold` for one the behaviour does not declare.
  public static func load(
    _ source: BehaviourSource, overrides: [(name: String, value: Double)] = [],
    options: LuaState.Options = LuaState.Options()
  ) throws(BehaviourError) -> Behaviour {
    try load(source, overrides: overrides, options: options, warm: nil)
  }

  /// ``load(_:overrides:options:)`` in a state restored from `warm` when it has one for these options
  /// (the sandbox and the helper module set up once), or in a new one it keeps for later loads.
  /// - Parameter warm: The worker's warm states (nil: a fresh state, kept by nobody).
  package static func load(
    _ source: BehaviourSource, overrides: [(name: String, value: Double)], options: LuaState.Options,
    warm: (any WarmBehaviourStates)?
  ) throws(BehaviourError) -> Behaviour {
    try checkOverrides(overrides, file: source.name)
    var options = options
    if options.moduleRoot == nil { options.moduleRoot = source.moduleRoot }
    do {
      let (state, chunk, views) = try loadedState(
        source, options: options, overrides: overrides, warm: warm)
      let result = try chunk.callOne()
      guard case .tableRef(let table) = result else {
        guard case .nil = result else {
          throw BehaviourError.notATable(
            location: SourceLocation(file: source.name, line: source.firstLine),
            returned: FieldReader.describe(result), name: nil)
        }
        let missing = SourceLocator(source.text, firstLine: source.firstLine).missingReturn
        throw BehaviourError.notATable(
          location: SourceLocation(file: source.name, line: missing.line), returned: "nothing",
          name: missing.name)
      }
      return try Behaviour(
        source: source, state: state, table: table, overrides: overrides, views: views)
    } catch let error as BehaviourError {
      throw error
    } catch let error as LuaError {
      throw .lua(file: source.name, error: hintingReturn(locatingExtendError(error, in: source), in: source))
    } catch {
      throw .lua(file: source.name, error: .runtime(message: "\(error)", location: nil, traceback: ""))
    }
  }

  /// Wraps a behaviour table that lives in an existing state (a scenario's inline table).
  /// - Parameters:
  ///   - source: The name messages use and the text lines are looked up in.
  ///   - state: The state holding the table.
  ///   - table: The behaviour table.
  ///   - overrides: Threshold values that replace the table's.
  /// - Throws: `BehaviourError` naming the field and bad value.
  public convenience init(
    source: BehaviourSource, state: LuaState, table: LuaTable, overrides: [(name: String, value: Double)] = []
  ) throws(BehaviourError) {
    try self.init(source: source, state: state, table: table, overrides: overrides, views: nil)
  }

  /// ``init(source:state:table:overrides:)`` with views made in the state before its table was (a
  /// warm state's, ``WarmBehaviourStates``); nil makes them.
  package init(
    source: BehaviourSource, state: LuaState, table: LuaTable, overrides: [(name: String, value: Double)],
    views made: BehaviourViews?
  ) throws(BehaviourError) {
    try Self.checkOverrides(overrides, file: source.name)
    self.source = source
    self.state = state
    self.table = table
    let locator = SourceLocator(source.text, firstLine: source.firstLine)
    self.locator = locator
    let curves = CurveRegistry()
    self.curves = curves
    let spec = try Self.spec(of: table, source: source, locator: locator, curves: curves)
    var effective = spec.thresholds
    for (name, value) in overrides {
      guard effective[name] != nil else {
        throw .unknownThreshold(
          file: source.name, name: name,
          suggestion: NameSuggestion.nearest(to: name, in: effective.keys.sorted()),
          declared: effective.keys.sorted())
      }
      effective[name] = value
    }
    self.spec = spec
    self.thresholds = effective
    thresholdNames = effective.keys.sorted()
    do throws(LuaError) {
      if case .tableRef(let own) = try table.get("thresholds", byReference: true) {
        for (name, value) in overrides { own.set(field: name, value) }
      }
      let views: BehaviourViews
      if let made { views = made } else { views = try BehaviourViews(state: state) }
      try views.setThresholds(effective, names: thresholdNames)
      self.views = views
      dragCall = try spec.onDrag.map { f throws(LuaError) in
        try LuaBoundCall(f, [views.sheet, views.gesture], flushing: views.numbers)
      }
      backdropCall = try spec.backdrop.map { f throws(LuaError) in
        try LuaBoundCall(f, [views.sheet], flushing: views.numbers)
      }
      scrollCall = try spec.onScroll.map { f throws(LuaError) in
        try LuaBoundCall(f, [views.sheet, views.gesture, views.scroll], flushing: views.numbers)
      }
      behindCall = try spec.behind.map { f throws(LuaError) in
        try LuaBoundCall(f, [views.sheet], flushing: views.numbers)
      }
    } catch {
      throw .lua(file: source.name, error: error)
    }
    configuration = SheetConfiguration()
    defaultPolicy = DefaultPolicy()
    configuration = try makeConfiguration()
    defaultPolicy = try makeFallback()
  }

  /// An `S.extend` error Lua raised without a line (the file ends `return S.extend(...)`, a tail call)
  /// with the line of the call found in the text (``SourceLocator/line(ofExtendError:)``); any other
  /// error as it is.
  package static func locatingExtendError(_ error: LuaError, in source: BehaviourSource) -> LuaError {
    guard case .runtime(let message, nil, let traceback) = error, message.hasPrefix("sheet.extend: ") else {
      return error
    }
    let line = SourceLocator(source.text, firstLine: source.firstLine).line(ofExtendError: message)
    return .runtime(
      message: message, location: SourceLocation(file: source.name, line: line), traceback: traceback)
  }

  /// A load error of a file with a line that starts with `{` (a table written without `return`, which
  /// Lua reads as an argument of the call before it, or refuses) with a hint to return it; any other
  /// error as it is.
  package static func hintingReturn(_ error: LuaError, in source: BehaviourSource) -> LuaError {
    guard let line = SourceLocator(source.text, firstLine: source.firstLine).bareTableLine else {
      return error
    }
    let hint = " (line \(line) starts a table without `return`: a behaviour file ends with `return { ... }`)"
    switch error {
    case .syntax(let location, let message): return .syntax(location: location, message: message + hint)
    case .runtime(let message, let location, let traceback):
      return .runtime(message: message + hint, location: location, traceback: traceback)
    default: return error
    }
  }

  /// Checks threshold overrides before they reach a behaviour: one the default policy reads must lie in
  /// its range (`DefaultPolicy.Threshold`), any other must be finite.
  /// - Parameters:
  ///   - overrides: The overrides.
  ///   - file: The behaviour's name, for the error.
  /// - Throws: `BehaviourError.invalidThreshold` for the first bad one.
  public static func checkOverrides(_ overrides: [(name: String, value: Double)], file: String)
    throws(BehaviourError)
  {
    for (name, value) in overrides {
      do throws(ThresholdError) {
        try DefaultPolicy.Threshold.check(name, value)
      } catch {
        throw .invalidThreshold(file: file, error: error)
      }
    }
  }

  /// A conversion error of the returned table as an invalid field at its line: LuaHost names where it
  /// stopped as a path from the root (`value.detents[2]`, or `table key 5 at value.detents`).
  package static func conversionFailure(_ error: LuaError, file: String, locator: SourceLocator)
    -> BehaviourError
  {
    guard case .conversion(let value, let expected, let got) = error,
      let root = value.range(of: "value", options: .backwards)
    else { return .lua(file: file, error: error) }
    let path = SourceLocator.components(of: String(value[root.upperBound...]))
    guard !path.isEmpty else { return .lua(file: file, error: error) }
    let prefix = value[..<root.lowerBound].replacingOccurrences(of: " at ", with: "")
    return .invalidField(
      location: SourceLocation(file: file, line: locator.line(of: path)), path: PathComponent.text(path),
      value: prefix.isEmpty ? got : "\(prefix) (\(got))", expected: expected)
  }

  /// Runs the embedded `sheet` helper module and registers it for `require 'sheet'`, with the overrides
  /// its `thresholds` function applies and the hooks its `extend` reads (``HelperModuleHooks``).
  /// - Parameters:
  ///   - state: The state to install it in.
  ///   - overrides: The host's threshold overrides, `S.overrides`.
  ///   - presets: The presets `S.extend` finds by name (the embedded ones; a test passes its own).
  /// - Returns: The module table (a scenario updates its `overrides` as `set` changes them).
  @discardableResult
  package static func installHelperModule(
    in state: LuaState, overrides: [(name: String, value: Double)],
    presets: @escaping (String) -> String? = HelperModuleHooks.embedded
  ) throws(LuaError) -> LuaTable? {
    let module = try runHelperModule(in: state, presets: presets)
    try registerHelperModule(module, overrides: overrides, in: state)
    return module
  }

  /// The first half of ``installHelperModule(in:overrides:presets:)``, the same for every run: the
  /// module's chunk run with its hooks. A warm state is checkpointed after it (``WarmBehaviourStates``).
  package static func runHelperModule(
    in state: LuaState, presets: @escaping (String) -> String? = HelperModuleHooks.embedded
  ) throws(LuaError) -> LuaTable? {
    let chunk = try state.load(Presets.helperText, name: "sheet.lua")
    let hooks = try HelperModuleHooks.table(in: state, presets: presets)
    guard case .tableRef(let module) = try chunk.callOne(hooks) else { return nil }
    return module
  }

  /// The second half: the run's overrides set and the module registered for `require 'sheet'`.
  package static func registerHelperModule(
    _ module: LuaTable?, overrides: [(name: String, value: Double)], in state: LuaState
  ) throws(LuaError) {
    guard let module else { return }
    try setOverrides(overrides, of: module, in: state)
    try state.setModule("sheet", .tableRef(module))
  }

  /// A state with the sandbox, the helper module, the behaviour's chunk loaded and the views made, the
  /// overrides set: restored from `warm`, or made (and, with `warm`, checkpointed before the overrides
  /// are set, and kept there). Both ways take the same steps in the same order, so the state is the
  /// same.
  private static func loadedState(
    _ source: BehaviourSource, options: LuaState.Options, overrides: [(name: String, value: Double)],
    warm: (any WarmBehaviourStates)?
  ) throws(LuaError) -> (LuaState, LuaFunction, BehaviourViews) {
    if let warm, let entry = warm.restoredBehaviour(source, options: options) {
      entry.state.printSink = options.print  // the sink is the host's, not the state's: this load's
      entry.views.reset()
      try registerHelperModule(entry.module, overrides: overrides, in: entry.state)
      return (entry.state, entry.chunk, entry.views)
    }
    var made = options
    made.restorable = warm != nil
    let before = options.meter?.units ?? 0
    let state = try LuaState(made)
    let module = try runHelperModule(in: state)
    let chunk = try state.load(source.text, name: source.name)
    let views = try BehaviourViews(state: state)
    if let warm, made.restorable, let checkpoint = try? state.checkpoint() {
      let units = (options.meter?.units ?? 0) - before
      let entry = WarmBehaviour(
        state: state, checkpoint: checkpoint, module: module, chunk: chunk, views: views, setupUnits: units)
      warm.keepBehaviour(entry, source: source, options: options)
    }
    try registerHelperModule(module, overrides: overrides, in: state)
    return (state, chunk, views)
  }

  /// Replaces the helper module's `S.overrides` with a fresh table of these overrides.
  package static func setOverrides(
    _ overrides: [(name: String, value: Double)], of module: LuaTable, in state: LuaState
  )
    throws(LuaError)
  {
    let overrideTable = try state.newTable()
    for (name, value) in overrides { overrideTable.set(field: name, value) }
    module.set("overrides", overrideTable)
  }

  /// The module files the behaviour's `require`s read so far (real paths).
  public var modulesRead: [String] { state.filesRead }

  /// Lua memory in use by the behaviour's state, in bytes.
  public var memoryInUse: Int { state.memoryInUse }

  /// How many allocations the behaviour's Lua state has made since it opened.
  public var allocationCount: UInt64 { state.allocationCount }
}

extension Behaviour {
  /// The spec of a returned table: the table converted (`LuaTable/value()`, which names a problem
  /// by its path) and its fields parsed.
  package static func spec(
    of table: LuaTable, source: BehaviourSource, locator: SourceLocator, curves: CurveRegistry
  ) throws(BehaviourError) -> BehaviourSpec {
    let value: LuaValue
    do throws(LuaError) {
      value = try table.value()
    } catch {
      throw Self.conversionFailure(error, file: source.name, locator: locator)
    }
    guard case .table(let array, let fields) = value, array.isEmpty else {
      throw BehaviourError.invalidField(
        location: SourceLocation(file: source.name, line: source.firstLine), path: "(returned value)",
        value: "a list",
        expected: "a table of named fields")
    }
    return try BehaviourSpec(fields: fields, file: source.name, locator: locator, curves: curves)
  }
}
