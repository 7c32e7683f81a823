import Foundation
import SheetCore
import SheetScenario
import SheetScript
import SheetTrace

/// What each message does to the sheet, through the host API, and what it records.
extension PreviewSession {
  /// Handles one message and returns the replies to send, in order (the last is always a frame).
  /// Nothing here throws or stops: a refused action is an `error` reply and the sheet goes on.
  /// - Parameter message: The parsed message.
  /// - Returns: The replies, JSON texts.
  func handle(_ message: PreviewMessage) -> [String] {
    var replies: [String] = []
    do throws(PreviewError) {
      replies += try perform(message)
    } catch {
      var name: String?
      if case .set(let threshold, _, _) = message { name = threshold }
      replies.append(Self.errorReply(error.message, refused: message.type, name: name))
    }
    replies.append(contentsOf: layoutReplyIfChanged())
    replies.append(frameReply())
    return replies
  }

  /// An error reply: a sentence the page shows in its log, with the type of the message refused and the
  /// threshold a refused `set` named (the page puts its field back).
  static func errorReply(_ message: String, refused: String? = nil, name: String? = nil) -> String {
    var reply = JSONWriter.message("error")
    reply.field("message", message)
    reply.field("refused", refused)
    reply.field("name", name)
    return reply.finished()
  }

  /// Carries a message out; returns the replies it makes besides the frame.
  private func perform(_ message: PreviewMessage) throws(PreviewError) -> [String] {
    switch message {
    case .hello(let t):
      sync(to: t)
      layoutChanged = true
    case .frame(let t):
      sync(to: t)
    case .touch(let phase, let finger, let x, let y, let t):
      sync(to: t)
      try touch(phase, finger: finger, x: x, y: y)
    case .cancel(let finger, let t):
      sync(to: t)
      let released = sheet.panFinger == finger
      sheet.touchCancel(finger: finger, timestamp: hostTime)
      recorder?.input("touch_cancel(\(Self.fingerTable(finger)))")
      if released { noteRelease() }
    case .tap(let x, let y, let t):
      sync(to: t)
      try call { () throws(SheetError) in try sheet.tap(x: x, y: y) }
      recorder?.input("tap { x = \(LuaLiteral.number(x)), y = \(LuaLiteral.number(y)) }")
    case .present(let t):
      sync(to: t)
      sheet.present()
      recorder?.input("present()")
    case .dismiss(let t):
      sync(to: t)
      sheet.dismiss()
      recorder?.input("dismiss()")
    case .back(let t):
      sync(to: t)
      sheet.back()
      recorder?.input("back()")
    case .accessibilityAction(let name, let t):
      sync(to: t)
      sheet.performAccessibilityAction(name)
      recorder?.input("accessibility_action \(LuaLiteral.quoted(name.rawValue))")
    case .reduceMotion(let on, let t):
      sync(to: t)
      sheet.reduceMotion = on
      recorder?.input("reduce_motion(\(on))")
    case .snap(let detent, let t):
      sync(to: t)
      try call { () throws(SheetError) in try sheet.snap(to: detent) }
      recorder?.input("snap_to \(LuaLiteral.quoted(detent))")
    case .set(let name, let value, let t):
      sync(to: t)
      guard sheet.behaviour.thresholds[name] != nil else {
        throw PreviewError("no threshold '\(name)' in \(sheet.behaviour.source.name)")
      }
      var next = overrides
      next[name] = value
      try applyOverrides(next)
      recorder?.input("set " + LuaLiteral.table([name: value]))
    case .resetThresholds(let t):
      sync(to: t)
      let changed = overrides.filter { setup.overrides[$0.key] != $0.value }
      try applyOverrides(setup.overrides)
      var restored: [String: Double] = [:]
      for name in changed.keys { restored[name] = setup.overrides[name] ?? defaults[name] }
      if !restored.isEmpty { recorder?.input("set " + LuaLiteral.table(restored)) }
    case .rotate(let t):
      sync(to: t)
      try turn(to: device, landscape: !landscape)
    case .fps(let value):
      guard recorder == nil else { throw PreviewError("the frame rate is fixed while recording") }
      if value != fps {
        fps = value
        layoutChanged = true
      }
    case .content(let height, let t):
      sync(to: t)
      try call { () throws(SheetError) in try sheet.setContentHeight(height) }
      layoutChanged = true
      recorder?.input("set_content_height(\(LuaLiteral.number(height)))")
    case .record(let on, let t):
      sync(to: t)
      return try record(on)
    case .save:
      return [try save()]
    case .replay(let source):
      return [try replayReply(source: source)]
    case .compare(let behaviour):
      return [try compareReply(with: behaviour)]
    case .keyboard(let height, let duration, let t):
      sync(to: t)
      try keyboard(height: height, duration: duration)
    case .scrollView(let view, let t):
      sync(to: t)
      try describeScrollView(view)
    case .scrollTo(let offset, let t):
      sync(to: t)
      try scroll(to: offset)
    case .device(let id, let t):
      sync(to: t)
      let chosen = PreviewDevice.catalogue.first { $0.id == id } ?? .custom(setup.geometry)
      try turn(to: chosen, landscape: landscape)
    case .write:
      return [try writeThresholds()]
    }
    return []
  }

  /// A touch phase of a finger, through the host API (whose finger rules decide what it does): down,
  /// a sample, or a lift where it last was (a lift at another point is a last move there first, as a
  /// pan recognizer reports it).
  private func touch(_ phase: PreviewMessage.Phase, finger: Int, x: Double, y: Double) throws(PreviewError) {
    if recorder?.isFull == true { throw PreviewError("the recording is full; save it or stop it") }
    let now = hostTime
    switch phase {
    case .down:
      try call { () throws(SheetError) in _ = try sheet.touchDown(finger: finger, x: x, y: y, timestamp: now)
      }
      recorder?.input(touchCall("touch_down", finger: finger, x: x, y: y))
    case .move:
      try call { () throws(SheetError) in try sheet.touchMove(finger: finger, x: x, y: y, timestamp: now) }
      recorder?.input(touchCall("touch_move", finger: finger, x: x, y: y))
    case .up:
      if let last = sheet.touches.first(where: { $0.finger == finger }), last.x != x || last.y != y {
        try touch(.move, finger: finger, x: x, y: y)
      }
      let released = sheet.panFinger == finger
      try call { () throws(SheetError) in try sheet.touchUp(finger: finger, x: x, y: y, timestamp: now) }
      let time = LuaLiteral.number(now - (sheet.clockOrigin ?? 0))
      recorder?.input("touch_up { " + Self.fingerField(finger) + "time = \(time) }")
      if released { noteRelease() }
    }
  }

  /// A touch call with the sample's time on the sheet's clock (what the sheet computed from the
  /// timestamp: the timestamp less `ScriptedSheet/clockOrigin`).
  private func touchCall(_ name: String, finger: Int, x: Double, y: Double) -> String {
    let time = hostTime - (sheet.clockOrigin ?? 0)
    return "\(name) { " + Self.fingerField(finger) + "x = \(LuaLiteral.number(x)), "
      + "y = \(LuaLiteral.number(y)), time = \(LuaLiteral.number(time)) }"
  }

  /// `finger = N, ` in a recorded touch call, for every finger but the first (which scenarios default
  /// to).
  static func fingerField(_ finger: Int) -> String { finger == 1 ? "" : "finger = \(finger), " }

  /// A `touch_cancel` call's argument: `{ finger = N }`, or nothing for the first finger.
  static func fingerTable(_ finger: Int) -> String { finger == 1 ? "" : "{ finger = \(finger) }" }

  /// After a lift or cancel: the recording expects the target the release set, with the decision.
  private func noteRelease() {
    collectEvents()
    guard recorder != nil else { return }
    recorder?.released(target: sheet.frame.target?.name, decision: lastDecision)
    lastDecision = nil
  }

  /// A host API call whose only failure is a bad value: refused, as a sentence.
  func call(_ body: () throws(SheetError) -> Void) throws(PreviewError) {
    do throws(SheetError) {
      try body()
    } catch {
      throw PreviewError("refused: \(error)")
    }
  }

  /// Starts a recording (the sheet starts over, presented anew) or stops one.
  private func record(_ on: Bool) throws(PreviewError) -> [String] {
    layoutChanged = true
    guard on else {
      recorder = nil
      stopRecordingGestures()
      notes.append("recording stopped")
      return []
    }
    guard sheet.touches.isEmpty else { throw PreviewError("lift the finger before recording") }
    try restart()
    let g = sheet.configuration.geometry
    recorder = ScenarioRecorder(
      title:
        "recorded in sheet preview: \(sheet.behaviour.source.name) on \(LuaLiteral.number(g.width))x\(LuaLiteral.number(g.height))",
      geometry: g, fps: fps, behaviour: scenarioReference(), overrides: overrides,
      contentHeight: sheet.configuration.contentHeight, scrollView: sheet.scrollView,
      limit: setup.limits.recordingLines, edge: sheet.configuration.edge)
    startRecordingGestures()
    notes.append("recording: the sheet starts over, presented anew")
    return []
  }

  /// The behaviour as a saved scenario names it: the preset, or the file's path relative to the
  /// recordings' folder.
  func scenarioReference() -> String {
    guard !setup.isPreset else { return setup.behaviour }
    let file = URL(fileURLWithPath: setup.behaviour).standardizedFileURL.path
    let folder = URL(fileURLWithPath: setup.recordDirectory).standardizedFileURL.path
    return Self.relativePath(file, from: folder)
  }

  /// `file` relative to `folder` (both absolute and standardized).
  static func relativePath(_ file: String, from folder: String) -> String {
    let fileParts = file.split(separator: "/")
    let folderParts = folder.split(separator: "/")
    var common = 0
    // the folders both paths share (the file's own name is never one)
    while common < folderParts.count, common < fileParts.count - 1, fileParts[common] == folderParts[common] {
      common += 1
    }
    let up = Array(repeating: "..", count: folderParts.count - common)
    return (up + fileParts[common...].map(String.init)).joined(separator: "/")
  }

  /// Saves the recording as `recording-N.lua` in the recordings' folder (the first N free; the server
  /// picks the name, a request never does) and replies with its path and text, within the page's quota
  /// of saves (``PreviewLimits/savesPerSession``, ``PreviewLimits/savedBytesPerSession``).
  private func save() throws(PreviewError) -> String {
    guard let recorder else { throw PreviewError("nothing is being recorded (press record first)") }
    guard sheet.touches.isEmpty else { throw PreviewError("lift the finger before saving") }
    let text = recorder.text
    let corpus = recordedCorpus()
    try checkQuota(bytes: text.utf8.count + corpus.utf8.count)
    let path = try Self.writeNew(text, in: setup.recordDirectory, corpus: !corpus.isEmpty)
    let corpusPath = try saveCorpus(corpus, besides: path)
    saved.count += 1
    saved.bytes += text.utf8.count + corpus.utf8.count
    lastSaved = path
    lastRecording = recorder
    notes.append("saved \(path)")
    var reply = JSONWriter.message("saved")
    reply.field("path", path)
    reply.field("corpus", corpusPath)
    reply.field("text", text)
    return reply.finished()
  }

  /// Refuses a save of `bytes` that would take this page past its quota of saves, naming the quota.
  private func checkQuota(bytes: Int) throws(PreviewError) {
    let limits = setup.limits
    guard saved.count < limits.savesPerSession else {
      throw PreviewError(
        "not saved: this page has saved \(saved.count) recordings, the most one page may save "
          + "(reload the page to start a new quota)")
    }
    guard saved.bytes + bytes <= limits.savedBytesPerSession else {
      throw PreviewError(
        "not saved: this recording's \(Self.size(bytes)) would take this page's saves "
          + "(\(Self.size(saved.bytes)) so far) past the \(Self.size(limits.savedBytesPerSession)) one page may "
          + "save (reload the page to start a new quota)")
    }
  }

  /// A size as the quota's messages say it: bytes below 1 MiB, else MiB to one decimal.
  static func size(_ bytes: Int) -> String {
    bytes < 1024 * 1024
      ? "\(bytes) bytes" : String(format: "%.1f MiB", Double(bytes) / (1024 * 1024))
  }

  /// Writes `text` to the first `recording-N.lua` that does not exist yet (nor its corpus,
  /// `recording-N.jsonl`, when `corpus` says one follows), creating it exclusively.
  static func writeNew(_ text: String, in folder: String, corpus: Bool = false) throws(PreviewError) -> String
  {
    for index in 1...10_000 {
      let stem = (folder == "." ? "" : folder.hasSuffix("/") ? folder : folder + "/") + "recording-\(index)"
      if corpus && access(stem + ".jsonl", F_OK) == 0 { continue }
      if try writeExclusive(text, to: stem + ".lua") { return stem + ".lua" }
    }
    throw PreviewError("\(folder) already holds 10000 recordings")
  }

  /// Writes `text` to a new file at `path`, never over an existing one.
  /// - Returns: false when a file is there already (nothing written).
  /// - Throws: ``PreviewError`` when it cannot be made or written.
  static func writeExclusive(_ text: String, to path: String) throws(PreviewError) -> Bool {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    if fd < 0 {
      if errno == EEXIST { return false }
      throw PreviewError("cannot save \(path): \(String(cString: strerror(errno)))")
    }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    guard written == bytes.count else { throw PreviewError("cannot write \(path)") }
    return true
  }
}
