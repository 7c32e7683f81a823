import LuaHost
import SheetCore
import SheetPreview
import SheetScenario
import SheetScript
import SheetTrace

/// The floor of a scenario run for `sheet bench` (`package` access: the CLI and the tests use it; it is
/// not part of SheetScript's API): the calls a run made on its sheet, replayed on a new sheet with the
/// run's behaviour, already loaded and warm, with no scenario Lua and no trace. What a run costs beyond
/// its replay is set-up: states, loading, the scenario's own code, its expectations and its trace.
package final class ScenarioReplay: ScenarioActionRecorder {
  /// The screen and content the sheet was made with, at the frame rate it ran at (nil: the run made
  /// none).
  private var start: ScenarioScreen?
  /// Whether a command-line frame rate wins over the scenario's `screen { fps = }`.
  private var fpsFixed = false
  /// The calls that moved the sheet or time, in order, from the one that made the sheet.
  private var actions: [ScenarioAction] = []
  /// Why the run cannot be replayed (a behaviour swapped while the sheet existed), or nil.
  package private(set) var unsupported: String?
  /// The run's behaviour (nil: the default policy), warm from the run.
  package private(set) var behaviour: Behaviour?
  /// Whether the recorded run passed.
  package private(set) var passed = false
  /// The recorded run's end as ``run()`` sums it up (the sheet's height plus the frames stepped), so a
  /// replay can be checked against it.
  package private(set) var recordedChecksum = 0.0

  private init() {}

  /// Runs a scenario file once, as `sheet tune` does, noting what it does to its sheet.
  /// - Parameters:
  ///   - file: The scenario.
  ///   - options: The run's options (a sweep point's overrides).
  /// - Returns: The replay.
  package static func record(file: String, options: ScenarioOptions) -> ScenarioReplay {
    let replay = ScenarioReplay()
    do {
      let text = try SourceFile.read(file)
      let session = try ScenarioSession(file: file, options: options, text: text)
      session.recorder = replay
      replay.passed = session.run(text: text).passed
      replay.behaviour = session.behaviour.running
      if let driver = session.driver {
        replay.recordedChecksum = driver.machine.height + Double(driver.frameCount)
      }
      session.recorder = nil
    } catch {
      replay.unsupported = "the scenario did not run: \(error)"
    }
    return replay
  }

  /// Notes one call as the session is about to carry it out.
  package func note(_ action: ScenarioAction, in session: ScenarioSession) {
    switch action {
    case .behaviour, .set, .edge, .reload:
      if start != nil { unsupported = "the scenario changes its behaviour after the sheet is made" }
    case .expectScriptError:
      break
    case .screen, .content:
      if start != nil { actions.append(action) }
    default:
      if start == nil {
        var screen = session.screen
        screen.fps = session.options.fps ?? screen.fps
        start = screen
        fpsFixed = session.options.fps != nil
      }
      actions.append(action)
    }
  }

  /// Replays the calls on a new sheet with the run's behaviour, recording nothing.
  /// - Returns: A checksum of the sheet's end (its height plus the frames stepped).
  /// - Throws: `SheetError` when a call is refused (the recorded run had it refused too).
  package func run() throws(SheetError) -> Double {
    guard let start else { return 0 }
    let policy: any SheetPolicy = behaviour ?? DefaultPolicy()
    var screen = start
    var d = try SheetDriver(
      policy: policy, geometry: screen.geometry, contentHeight: screen.contentHeight, fps: screen.fps,
      recording: false)
    if let view = start.scrollView { try d.apply { m throws(SheetError) in try m.setScrollView(view) } }
    for action in actions {
      switch action {
      case .screen, .content:
        _ = screen.take(action)
        try screen.apply(action, to: &d, fpsFixed: fpsFixed)
      case .settle:
        try d.settle(limit: 60)
      default:
        try ScenarioSession.drive(action, on: &d)
      }
    }
    return d.machine.height + Double(d.frameCount)
  }
}
