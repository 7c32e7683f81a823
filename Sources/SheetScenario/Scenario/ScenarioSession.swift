import Foundation
import LuaHost
import SheetCore
import SheetScript
import SheetTrace

/// One run of a scenario file: its sandboxed state, the coroutine running the file, and the sheet it
/// drives. Every scenario call yields to the host, which carries the call out between resumes, so no
/// behaviour code ever runs inside a scenario's Lua call.
///
/// A session is used from one thread, one call at a time.
package final class ScenarioSession {
  /// The scenario's path.
  package let file: String
  /// The scenario's folder (``folder(of:)``): its `require`s and behaviour files are found below it.
  package let directory: String
  /// Overrides, frame rate, behaviour replacement, limits.
  package let options: ScenarioOptions
  /// The worker's warm states the run's states come from (nil: fresh states).
  package let warm: WarmStates?
  /// What the run produced so far: its failures, expectations, thresholds and files (its trace goes in
  /// at the end).
  package var result: ScenarioResult

  /// The scenario's sandboxed state.
  package let state: LuaState
  /// The scenario language installed in ``state``: its host functions, the `sheet` view's backing
  /// table, the prelude's globals.
  package let language: ScenarioLanguage
  /// The scenario's text (an inline behaviour's field lines are found in it).
  package var text = ""
  /// The scenario's text and its chunk (or why it did not load), loaded with the set-up (nil: not yet).
  package var loaded: (text: String, chunk: Result<LuaFunction, LuaError>)?
  /// The call the scenario's last yield left for the host to carry out (or why it was refused).
  package var pending: Result<ScenarioAction, ScenarioRefusal>?

  /// The screen and content the scenario described (given to the sheet when it is made).
  package var screen = ScenarioScreen()
  /// The behaviour the scenario chose, its overrides, and the one running. Every call's update of
  /// `sheet.thresholds` reads its value, its `set` overrides and the running behaviour: unchecked.
  package var behaviour: ScenarioBehaviour
  /// The callbacks the scenario expects script errors from (`expect_script_error`), with the line that said so.
  package var declaredScriptErrors: [(callback: String, line: Int)] = []
  /// The sheet, once a call made it (nil before; moved out while a call holds it, ``withDriver(_:)``).
  package var driver: SheetDriver?
  /// The notes the sheet's trace cannot take yet (before the sheet exists, or while a call holds it).
  package var notes: ScenarioNotes
  /// The `sheet` view's backing table, as the calls last wrote it.
  package lazy var sheetView = ScenarioSheetView(data: language.sheetData, numbers: language.sheetNumbers)
  /// The `sheet.thresholds` views made so far, and what they show.
  package var thresholdsViews: ScenarioThresholdsViews

  /// Every Lua state of the run reports its spending here: the scenario's own, the behaviour's, and
  /// every version of it a load or hot reload made (failed loads too).
  package let meter = LuaMeter()
  /// Units the scenario's own Lua spent: the scenario state's spending during its resumes (an inline
  /// behaviour shares that state, but its callbacks run between resumes and count as the behaviour's).
  package var scenarioUnits = 0
  /// Options for the states that load behaviours: they report to the run's meter, and their `print`
  /// goes to the trace as the scenario's own does.
  package var behaviourOptions: LuaState.Options {
    LuaState.Options(print: printSink, deadline: options.limits.deadline, meter: meter)
  }
  /// Where every `print` of the run goes, the scenario's own and its behaviours' (an inline behaviour
  /// shares the scenario's state): a `print` event in the trace, the line cut to
  /// ``ScenarioLimits/printBytes``, the events bounded by the trace's limits.
  package private(set) var printSink: (String) -> Void = { _ in }
  /// Units the behaviour's code spent in this run, all its states and versions together.
  package var behaviourUnits: Int { meter.units - scenarioUnits }
  /// Told each call before it is carried out, for `sheet bench`'s replay of this run (nil: none).
  package var recorder: (any ScenarioActionRecorder)?

  /// Opens the scenario's state and registers the scenario language.
  /// - Parameters:
  ///   - file: The scenario's path.
  ///   - options: Overrides, frame rate, behaviour replacement.
  ///   - warm: A worker's warm states (``WarmStates``): the scenario's state and its behaviour's are
  ///     restored from there when it has them, and kept there when it does not (nil: fresh states).
  ///   - text: The scenario's text, loaded with the set-up (nil: ``run(text:)`` loads its text).
  /// - Throws: `LuaError` when the state cannot be set up.
  package init(file: String, options: ScenarioOptions, warm: WarmStates? = nil, text: String? = nil)
    throws(LuaError)
  {
    self.file = file
    self.options = options
    self.warm = warm
    directory = warm?.folder(of: file) ?? Self.folder(of: file)
    result = ScenarioResult(file: file, trace: Trace(title: Self.title(file)))
    notes = ScenarioNotes(limit: options.limits.traceEntries)
    if let warm, let text, let entry = warm.restoredScenario(file: file, text: text, meter: meter) {
      state = entry.state
      state.deadline = options.limits.deadline  // the restored state keeps its maker's otherwise
      language = entry.language
      behaviour = ScenarioBehaviour(options: options, helperModule: entry.helperModule)
      thresholdsViews = entry.thresholdsViews
      loaded = (text, .success(entry.chunk))
    } else {
      var stateOptions = LuaState.Options(
        moduleRoot: directory, deadline: options.limits.deadline, meter: meter)
      stateOptions.restorable = warm != nil
      state = try LuaState(stateOptions)
      language = try ScenarioLanguage(in: state)
      let helperModule = try Behaviour.runHelperModule(in: state)
      behaviour = ScenarioBehaviour(options: options, helperModule: helperModule)
      thresholdsViews = ScenarioThresholdsViews(standardIn: state)
      if let text {
        do throws(LuaError) {
          loaded = (text, .success(try state.load(text, name: file)))
        } catch {
          loaded = (text, .failure(error))
        }
      }
      if let warm, let (text, chunk) = loaded, case .success(let function) = chunk,
        let checkpoint = try? state.checkpoint()
      {
        warm.keepScenario(
          WarmStates.ScenarioEntry(
            state: state, checkpoint: checkpoint, language: language, helperModule: helperModule,
            thresholdsViews: thresholdsViews, text: text, chunk: function, setupUnits: meter.units),
          file: file)
      }
    }
    language.link.session = self
    let printBytes = options.limits.printBytes
    printSink = { [weak self] line in
      self?.note("print", [TraceField("text", .string(Quote.cut(line, limit: printBytes)))])
    }
    state.printSink = printSink
    try Behaviour.registerHelperModule(
      behaviour.helperModule, overrides: behaviour.effectiveOverrides, in: state)
    updateSheetView()
  }

  /// The folder of a scenario file, as an absolute path (a relative file is taken from the current
  /// folder): its `require`s and behaviour files are found below it.
  package static func folder(of file: String) -> String {
    URL(fileURLWithPath: file).deletingLastPathComponent().path
  }

  /// The scenario's file name, as the trace's title.
  package static func title(_ file: String) -> String {
    // what follows the last slash that has something after it (`a/b/` is `b`; `/` and `` are themselves)
    var name = file[...]
    while name.last == "/" { name = name.dropLast() }
    guard !name.isEmpty else { return file }
    if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
    return String(name)
  }

  /// Records an expectation (the language's `host.expect`): `expect(ok, message)`, at the line of the
  /// scenario code that called the prelude's `expect` or `expect_near`.
  package func expectation(_ arguments: [LuaValue]) {
    let ok = arguments.first == .boolean(true)
    let message = Quote.cut(
      arguments.count > 1 ? arguments[1].stringValue ?? "" : "", limit: options.limits.printBytes)
    // two calls up from `host.expect`: past the prelude's `expect` or `expect_near`, to its caller
    let place = state.callerPlace(level: 2)
    let line = place?.line ?? 0
    note(
      "expect",
      [
        TraceField("ok", .bool(ok)), TraceField("line", .integer(line)),
        TraceField("message", .string(message)),
      ])
    if ok {
      result.expectationsPassed += 1
    } else {
      result.expectationsFailed += 1
      result.failures.append(
        ScenarioFailure(
          location: place ?? SourceLocation(file: file, line: 0), message: "expectation failed: \(message)",
          time: driver?.machine.time ?? notes.callTime ?? 0))
    }
  }

  /// Adds a scenario event to the trace (or keeps it in ``notes`` until the sheet can take it).
  package func note(_ name: String, _ fields: [TraceField]) {
    if hasSheet {
      driver?.note(name, fields)
    } else {
      notes.keep(name, fields)
    }
  }

  /// Rebuilds `sheet.thresholds` when the thresholds in effect changed (``ScenarioThresholdsViews``).
  private func updateThresholdsView() {
    guard
      thresholdsViews.sourceChanged(
        hasSheet: hasSheet, behaviour: behaviour.running, ownBehaviour: behaviour.value != nil,
        overrides: behaviour.scenarioOverrides)
    else { return }
    let values = behaviour.thresholds(hasSheet: hasSheet)
    let names = values == nil ? [] : behaviour.thresholdNames(hasSheet: hasSheet)
    thresholdsViews.show(values, names: names, in: language.sheetData, state: state)
  }

  /// Whether the sheet exists (outside a call: ``withDriver(_:)`` holds it while one runs). Read through
  /// one of the driver's fields: comparing the optional driver with nil copies the driver first.
  package var hasSheet: Bool { driver?.frameCount != nil }

  /// Writes the sheet's current values into the `sheet` view the scenario reads (only the fields that
  /// changed, ``ScenarioSheetView``).
  package func updateSheetView() {
    updateThresholdsView()
    if hasSheet {
      driver?.show(in: sheetView, state: state)
    } else {
      sheetView.writeHidden()
    }
  }
}
