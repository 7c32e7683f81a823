import Foundation
import SheetCore
import SheetScenario
import SheetScript
import SheetTrace
import Testing

@testable import SheetPreview

/// A page's gestures, recorded by a session and saved, replay under the scenario runner (`sheet run`'s)
/// to the same decisions: same targets, same reasons, in the same order, however the page's pointer
/// and frame timestamps fell.
@Suite struct RecordingTests {
  /// A session's replies to messages, in order.
  final class Page {
    let session: PreviewSession
    var decisions: [String] = []
    var errors: [String] = []
    var saved: String?
    var corpus: String?
    /// The page's clock, ms.
    var t = 1000.0
    var random: UInt64 = 0x9E37_79B9_7F4A_7C15

    init(_ setup: PreviewSetup) throws {
      session = try PreviewSession(setup: setup)
    }

    /// A deterministic jitter in 0..<1 (an LCG: Knuth's MMIX constants).
    func jitter() -> Double {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(random >> 11) / Double(1 << 53)
    }

    func send(_ message: PreviewMessage) {
      for reply in session.queue.sync(execute: { session.handle(message) }) { read(reply) }
    }

    func read(_ reply: String) {
      guard let object = try? JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any],
        let type = object["type"] as? String
      else { return }
      if type == "error" { errors.append(object["message"] as? String ?? "") }
      if type == "saved" {
        saved = object["path"] as? String
        corpus = object["corpus"] as? String
      }
      for event in object["events"] as? [[String: Any]] ?? [] where event["type"] as? String == "decision" {
        let fields = event["fields"] as? [String: Any] ?? [:]
        decisions.append("\(fields["target"] ?? "") | \(fields["reason"] ?? "")")
      }
    }

    /// Display frames every 16.7 ms (a 60 Hz display's requestAnimationFrame, with its jitter) for `ms`.
    func frames(_ ms: Double) {
      let end = t + ms
      while t < end {
        t += 16.667 + (jitter() - 0.5) * 0.8
        send(.frame(t: t))
      }
    }

    /// A drag of `dy` points over `ms`, pointer samples every 2–6 ms (a mouse's, uneven) with display
    /// frames between them, starting at `y`.
    func drag(from y: Double, by dy: Double, over ms: Double, x: Double = 195) {
      t += 0.3
      send(.touch(.down, finger: 1, x: x, y: y, t: t))
      let start = t
      var nextFrame = t + 16.667
      while t - start < ms {
        t += 2 + 4 * jitter()
        if t >= nextFrame {
          send(.frame(t: nextFrame))
          nextFrame += 16.667
        }
        let fraction = min(1, (t - start) / ms)
        send(.touch(.move, finger: 1, x: x + 3 * fraction, y: y + dy * fraction, t: t))
      }
      t += 1.1
      send(.touch(.up, finger: 1, x: x + 3, y: y + dy, t: t))
    }
  }

  @Test func aRecordingSavesItsGesturesAsACorpusThatReplaysToTheirOutcomes() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let page = try Page(PreviewSetup(behaviour: "system", fps: 60, recordDirectory: folder))
    page.send(.hello(t: page.t))
    page.send(.record(on: true, t: page.t + 0.5))
    page.frames(600)
    let top = { 844 - page.session.sheet.frame.height + 12 }
    page.drag(from: top(), by: -180, over: 300)
    page.frames(600)
    page.drag(from: top(), by: 90, over: 60)
    page.frames(700)
    page.drag(from: top(), by: 150, over: 200)
    page.frames(900)
    page.send(.save)
    let file = try #require(page.corpus, "\(page.errors)")
    #expect(file == String(try #require(page.saved).dropLast(4)) + ".jsonl")
    let reader = try GestureLogReader(file: file)
    let replayer = GestureReplayer(source: try #require(Presets.source(named: "system")), overrides: [])
    var count = 0
    while let entry = reader.next() {
      guard case .gesture(let record, _) = entry else {
        Issue.record("\(entry)")
        continue
      }
      count += 1
      #expect(record.origin == "preview" && record.fps == 60 && record.start.state == .resting)
      let run = try replayer.replay(record).get()
      #expect(run.outcome.end == record.outcome?.end)
    }
    #expect(count == 3)
  }

  /// The decisions of a scenario run, as the page shows them.
  static func decisions(_ result: ScenarioResult) -> [String] {
    result.trace.events.filter { $0.name == "decision" }.map { event in
      var target = ""
      var reason = ""
      if case .string(let text)? = event["target"] { target = text }
      if case .string(let text)? = event["reason"] { reason = text }
      return "\(target) | \(reason)"
    }
  }

  static func folder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sheet-preview-\(UUID().uuidString)"
    )
    .path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Each row: a behaviour and the frame rate; the same page session under each.
  static let behaviours: [(behaviour: String, fps: Double, line: UInt)] = [
    ("bottom-sheet-vc", 120, #line),
    ("system", 60, #line),
    ("floating-panel", 120, #line),
    ("android", 90, #line),
  ]

  @Test(arguments: behaviours.indices) func aRecordingReplaysToTheSameDecisions(_ index: Int) throws {
    let row = Self.behaviours[index]
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let page = try Page(PreviewSetup(behaviour: row.behaviour, fps: row.fps, recordDirectory: folder))
    page.send(.hello(t: page.t))
    page.send(.record(on: true, t: page.t + 0.5))
    page.frames(600)  // presents and settles
    let top = { 844 - page.session.sheet.frame.height + 12 }
    page.drag(from: top(), by: -180, over: 300)  // a slow drag up
    page.frames(500)
    page.drag(from: top(), by: 90, over: 60)  // a flick down
    page.frames(90)
    page.drag(from: top(), by: -40, over: 120)  // catches the sheet while it moves
    page.frames(700)
    page.send(
      .set(
        name: page.session.sheet.behaviour.thresholds.keys.sorted().first ?? "",
        value: page.session.sheet.behaviour.thresholds.values.sorted().first ?? 0, t: page.t))
    page.send(.present(t: page.t + 2))
    page.frames(600)
    page.drag(from: top(), by: 150, over: 200)
    page.frames(300)
    page.send(.tap(x: 195, y: 20, t: page.t + 1))
    page.frames(800)
    page.send(.save)
    #expect(page.decisions.count >= 4, "\(page.decisions)")
    let file = try #require(page.saved, "\(page.errors)")
    let result = ScenarioRunner.run(file: file)
    let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    #expect(result.passed, "\(result.failures)\n\(text)")
    #expect(Self.decisions(result) == page.decisions, "\(text)")
  }

  @Test func theRecordingsNameIsTheServersAndNeverOverwritesAFile() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "taken".write(toFile: folder + "/recording-1.lua", atomically: false, encoding: .utf8)
    let first = try PreviewSession.writeNew("a", in: folder)
    let second = try PreviewSession.writeNew("b", in: folder)
    #expect(first == folder + "/recording-2.lua")
    #expect(second == folder + "/recording-3.lua")
    #expect(try String(contentsOfFile: folder + "/recording-1.lua", encoding: .utf8) == "taken")
  }

  @Test func savesBeyondThePagesQuotaAreRefusedAndNothingIsWritten() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var setup = PreviewSetup(behaviour: "bottom-sheet-vc", recordDirectory: folder)
    setup.limits.savesPerSession = 3
    let page = try Page(setup)
    page.send(.hello(t: page.t))
    page.send(.record(on: true, t: page.t))
    page.frames(400)
    for _ in 0..<3 {
      page.saved = nil
      page.send(.save)
      #expect(page.saved != nil, "\(page.errors)")
    }
    page.send(.save)
    #expect(
      page.errors.last
        == "not saved: this page has saved 3 recordings, the most one page may save "
        + "(reload the page to start a new quota)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 3)

    // the bytes: one recording fits, the second would pass the quota
    let other = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: other) }
    setup = PreviewSetup(behaviour: "bottom-sheet-vc", recordDirectory: other)
    let size = try Data(contentsOf: URL(fileURLWithPath: try #require(page.saved))).count
    setup.limits.savedBytesPerSession = size + size / 2
    let second = try Page(setup)
    second.send(.hello(t: second.t))
    second.send(.record(on: true, t: second.t))
    second.frames(400)
    second.send(.save)
    #expect(second.saved != nil && second.errors.isEmpty, "\(second.errors)")
    second.send(.save)
    let refusal = try #require(second.errors.last)
    #expect(refusal.hasPrefix("not saved: this recording's "), "\(refusal)")
    #expect(
      refusal.contains("bytes would take this page's saves (\(size) bytes so far) past the "), "\(refusal)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: other).count == 1)
  }

  /// Each row: a behaviour file and the recordings' folder, and how the scenario names the file.
  static let references: [(file: String, folder: String, expected: String, line: UInt)] = [
    ("/work/b.lua", "/work", "b.lua", #line),
    ("/work/behaviours/b.lua", "/work/recordings", "../behaviours/b.lua", #line),
    ("/b.lua", "/tmp/x", "../../b.lua", #line),
    ("/tmp/x/y/b.lua", "/tmp", "x/y/b.lua", #line),
  ]

  @Test(arguments: references.indices) func aBehaviourFileIsNamedRelativeToTheRecording(_ index: Int) {
    let row = Self.references[index]
    #expect(PreviewSession.relativePath(row.file, from: row.folder) == row.expected)
  }

  @Test func aSavedRecordingIsAScenarioWithTimedTouches() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let page = try Page(PreviewSetup(behaviour: "bottom-sheet-vc", recordDirectory: folder))
    page.send(.hello(t: page.t))
    page.send(.save)
    #expect(page.errors.last == "nothing is being recorded (press record first)")
    page.send(.record(on: true, t: page.t))
    page.frames(400)
    page.drag(from: 356, by: 60, over: 100)
    page.send(.save)
    let text = try String(contentsOfFile: try #require(page.saved), encoding: .utf8)
    #expect(ScenarioRunner.isScenario(text: text))
    #expect(text.contains("behaviour 'bottom-sheet-vc'"))
    #expect(text.contains("screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }"))
    #expect(text.contains("touch_down { x = 195, y = 356, time = "))
    #expect(text.contains("settle()\nexpect(sheet.state == 'resting' and sheet.detent == 'normal'"))
    #expect(text.contains("-- decision target="))
  }
}
