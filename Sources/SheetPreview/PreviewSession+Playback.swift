import Foundation
import SheetCore
import SheetScenario
import SheetScript
import SheetTrace

/// The replay and compare views: scenarios run by `sheet run`'s runner, sent to the page as frames it
/// plays with play, pause, frame step and a scrubber.
extension PreviewSession {
  /// Runs the command line's scenario or the last saved recording and replies with its frames,
  /// events and decisions.
  /// - Parameter source: `scenario` or `recording`.
  func replayReply(source: String) throws(PreviewError) -> String {
    let file = try playbackFile(source)
    let result = ScenarioRunner.run(file: file)
    var reply = JSONWriter.message("replay")
    reply.field("file", file)
    reply.field("summary", result.summary)
    reply.field("passed", result.passed)
    addScreen(of: result, to: &reply)
    reply.key("frames")
    writeFrames(result.trace, to: &reply)
    reply.key("decisions")
    writeDecisions(Comparison.Run(scenario: file, behaviour: "", result: result), to: &reply)
    reply.key("events")
    reply.beginArray()
    for event in result.trace.events.prefix(setup.limits.replayFrames) {
      reply.beginArray()
      reply.number(event.time)
      reply.string(Trace.describe(event))
      reply.endArray()
    }
    reply.endArray()
    return reply.finished()
  }

  /// Runs the last recording's gesture (else the command line's scenario) under the running behaviour
  /// and `other`, each replacing whatever the scenario names as `sheet compare --behaviour` does, and
  /// replies with both runs side by side. A recording is run without its behaviour and thresholds
  /// (the running behaviour gets its thresholds back through the overrides; `other` runs its own).
  /// - Parameter other: One of the behaviours the compare view offers (never a path from the page).
  func compareReply(with other: String) throws(PreviewError) -> String {
    guard setup.compareBehaviours.contains(other) else {
      throw PreviewError("compare: '\(other)' is not one of the behaviours offered")
    }
    var file = try playbackFile(lastSaved != nil ? "recording" : "scenario")
    var temporary: String?
    var ownOverrides: [(name: String, value: Double)] = []
    if let recording = lastRecording {
      let path = NSTemporaryDirectory() + "sheet-preview-compare-\(getpid())-\(sequence).lua"
      do {
        try recording.text(gestureOnly: true).write(toFile: path, atomically: true, encoding: .utf8)
      } catch {
        throw PreviewError("compare: cannot write \(path)")
      }
      temporary = path
      file = path
      ownOverrides = recording.overrides.keys.sorted().map { ($0, recording.overrides[$0] ?? 0) }
    }
    defer { if let temporary { try? FileManager.default.removeItem(atPath: temporary) } }
    var reply = JSONWriter.message("compare")
    reply.field("file", lastSaved ?? file)
    var screen: ScenarioResult?
    reply.key("runs")
    reply.beginArray()
    for behaviour in [setup.behaviour, other] {
      var options = ScenarioOptions()
      options.behaviourPath = behaviour
      if behaviour == setup.behaviour { options.overrides = ownOverrides }
      let result = ScenarioRunner.run(file: file, options: options)
      let run = Comparison.Run(scenario: file, behaviour: behaviour, result: result)
      reply.beginObject()
      reply.field("type", "run")
      reply.field("behaviour", behaviour)
      reply.field("status", run.status.rawValue)
      reply.field("state", run.state.rawValue)
      reply.field("detent", run.detent)
      reply.field("summary", result.summary)
      reply.key("decisions")
      writeDecisions(run, to: &reply)
      reply.key("frames")
      writeFrames(result.trace, to: &reply)
      reply.endObject()
      if behaviour == other { screen = result }
    }
    reply.endArray()
    if let screen { addScreen(of: screen, to: &reply) }
    return reply.finished()
  }

  /// The file a playback runs: the command line's scenario or the last recording saved.
  private func playbackFile(_ source: String) throws(PreviewError) -> String {
    switch source {
    case "recording":
      guard let lastSaved else { throw PreviewError("no recording saved yet (record, then save)") }
      return lastSaved
    default:
      guard let scenario = setup.scenario else {
        throw PreviewError("no scenario given (sheet preview SCENARIO) and no recording saved")
      }
      return scenario
    }
  }

  /// The screen the scenario set up (the live one when it made no sheet).
  private func addScreen(of result: ScenarioResult, to reply: inout JSONWriter) {
    let g = result.setUp?.geometry ?? sheet.configuration.geometry
    reply.field("width", g.width)
    reply.field("height", g.height)
    reply.field("safeTop", g.safeArea.top)
    reply.field("safeBottom", g.safeArea.bottom)
    reply.field("fps", result.setUp?.fps ?? fps)
  }

  /// The trace's frames as `[t, height, backdrop, state, detent]`, every k-th when there are more than
  /// ``PreviewLimits/replayFrames``.
  private func writeFrames(_ trace: Trace, to writer: inout JSONWriter) {
    let frames = trace.frames.filter(\.isFinite)
    let stride = max(1, (frames.count + setup.limits.replayFrames - 1) / setup.limits.replayFrames)
    writer.beginArray()
    for index in Swift.stride(from: 0, to: frames.count, by: stride) {
      let f = frames[index]
      writer.beginArray()
      writer.number(f.time)
      writer.number(f.height)
      writer.number(f.backdrop)
      writer.string(f.state.rawValue)
      writer.string(f.detent)
      writer.endArray()
    }
    writer.endArray()
  }

  /// A run's decisions as `{t, target, reason}`.
  private func writeDecisions(_ run: Comparison.Run, to writer: inout JSONWriter) {
    writer.beginArray()
    for decision in run.decisions {
      writer.beginObject()
      writer.field("type", "decision")
      writer.field("t", decision.time)
      writer.field("target", decision.target)
      writer.field("reason", decision.reason)
      writer.endObject()
    }
    writer.endArray()
  }
}
