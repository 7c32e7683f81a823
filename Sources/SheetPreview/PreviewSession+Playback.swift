import Foundation
import SheetCore
import SheetScript

/// The replay and compare views: scenarios run by `sheet run`'s runner, sent to the page as frames it
/// plays with play, pause, frame step and a scrubber.
extension PreviewSession {
  /// Runs the command line's scenario or the last saved recording and replies with its frames,
  /// events and decisions.
  /// - Parameter source: `scenario` or `recording`.
  func replayReply(source: String) throws(PreviewError) -> String {
    let file = try playbackFile(source)
    let result = ScenarioRunner.run(file: file)
    var reply = JSONText(type: "replay")
    reply.add("file", file)
    reply.add("summary", result.summary)
    reply.add("passed", result.passed)
    addScreen(of: result, to: &reply)
    reply.add("frames", raw: framesJSON(result.trace))
    reply.add("decisions", raw: decisionsJSON(Comparison.Run(scenario: file, behaviour: "", result: result)))
    reply.add(
      "events",
      raw: JSONText.array(
        result.trace.events.prefix(setup.limits.replayFrames).map { event in
          "[\(JSONText.number(event.time)),\(JSONText.quoted(Trace.describe(event)))]"
        }))
    return reply.json
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
    var reply = JSONText(type: "compare")
    reply.add("file", lastSaved ?? file)
    var runs: [String] = []
    for behaviour in [setup.behaviour, other] {
      var options = ScenarioOptions()
      options.behaviourPath = behaviour
      if behaviour == setup.behaviour { options.overrides = ownOverrides }
      let result = ScenarioRunner.run(file: file, options: options)
      let run = Comparison.Run(scenario: file, behaviour: behaviour, result: result)
      var json = JSONText(type: "run")
      json.add("behaviour", behaviour)
      json.add("status", run.status.rawValue)
      json.add("state", run.state)
      json.add("detent", run.detent)
      json.add("summary", result.summary)
      json.add("decisions", raw: decisionsJSON(run))
      json.add("frames", raw: framesJSON(result.trace))
      runs.append(json.json)
      if behaviour == other { addScreen(of: result, to: &reply) }
    }
    reply.add("runs", raw: JSONText.array(runs))
    return reply.json
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
  private func addScreen(of result: ScenarioResult, to reply: inout JSONText) {
    let g = result.setUp?.geometry ?? sheet.configuration.geometry
    reply.add("width", g.width)
    reply.add("height", g.height)
    reply.add("safeTop", g.safeArea.top)
    reply.add("safeBottom", g.safeArea.bottom)
    reply.add("fps", result.setUp?.fps ?? fps)
  }

  /// The trace's frames as `[t, height, backdrop, state, detent]`, every k-th when there are more than
  /// ``PreviewLimits/replayFrames``.
  private func framesJSON(_ trace: Trace) -> String {
    let frames = trace.frames.filter(\.isFinite)
    let stride = max(1, (frames.count + setup.limits.replayFrames - 1) / setup.limits.replayFrames)
    var items: [String] = []
    items.reserveCapacity(frames.count / stride + 1)
    for index in Swift.stride(from: 0, to: frames.count, by: stride) {
      let f = frames[index]
      items.append(
        "[\(JSONText.number(f.time)),\(JSONText.number(f.height)),\(JSONText.number(f.backdrop)),"
          + "\(JSONText.quoted(f.state)),\(f.detent.map(JSONText.quoted) ?? "null")]")
    }
    return JSONText.array(items)
  }

  /// A run's decisions as `{t, target, reason}`.
  private func decisionsJSON(_ run: Comparison.Run) -> String {
    JSONText.array(
      run.decisions.map { decision in
        var json = JSONText(type: "decision")
        json.add("t", decision.time)
        json.add("target", decision.target)
        json.add("reason", decision.reason)
        return json.json
      })
  }
}
