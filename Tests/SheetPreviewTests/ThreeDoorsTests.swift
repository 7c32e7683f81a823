import Foundation
import SheetCore
import SheetScenario
import SheetScript
import SheetTrace
import Testing

@testable import SheetPreview

/// The same touches through every door: the host API (`ScriptedSheet`, as an app's display link and
/// touch handlers drive it), the preview's message handler (`PreviewSession.handle`, which records the
/// session as a scenario) and the scenario language (that recording, run by `sheet run`'s runner). Each
/// row's timeline must give the same events at the same times and the same last frame through all
/// three, and the answer UIKit's pan recognizer gives: it sees only the touches that begin on the sheet,
/// so a finger resting on the backdrop never stops a second finger on the sheet from dragging it, and a
/// second finger on a sheet already dragged changes nothing.
@Suite struct ThreeDoorsTests {
  /// One moment of a page's timeline.
  enum Step {
    /// Display frames at 120 Hz, one message each.
    case frames(Int)
    /// A finger goes down, moves or lifts at a point, `ms` after the previous message.
    case down(Int, x: Double, y: Double), move(Int, x: Double, y: Double), up(Int, x: Double, y: Double)
    /// The pointer of a finger is cancelled.
    case cancel(Int)
    /// A drag of a finger already down, from y by dy in `count` samples a third of a frame apart, with a
    /// display frame after every third sample.
    case drag(Int, x: Double, from: Double, by: Double, count: Int)
    case dismiss
  }

  /// On the `system` preset at rest at `medium` (398.5 pt: the sheet's top edge is at 445.5), a point on
  /// the sheet and one on the backdrop.
  static let onSheet = 480.0
  static let onBackdrop = 100.0

  static let rows: [(name: String, steps: [Step], expect: [String], lacks: [String], line: UInt)] = [
    (
      "one finger",
      [
        .frames(90), .down(1, x: 195, y: onSheet), .drag(1, x: 195, from: onSheet, by: -150, count: 24),
        .up(1, x: 195, y: onSheet - 150), .frames(90),
      ],
      ["gesture phase=began y=480", "decision target=large"], [], #line
    ),
    (
      "a finger on the backdrop, then one on the sheet",
      [
        .frames(90), .down(1, x: 60, y: onBackdrop), .down(2, x: 195, y: onSheet),
        .drag(2, x: 195, from: onSheet, by: -150, count: 24), .up(2, x: 195, y: onSheet - 150),
        .frames(10), .up(1, x: 60, y: onBackdrop), .frames(90),
      ],
      [
        "ignored_gesture reason=\"touch on the backdrop is outside the gesture area\"",
        "gesture phase=began y=480",
        "decision target=large",
      ], [], #line
    ),
    (
      "two fingers on the sheet",
      [
        .frames(90), .down(1, x: 195, y: onSheet), .drag(1, x: 195, from: onSheet, by: -60, count: 9),
        .down(2, x: 250, y: 600), .drag(2, x: 250, from: 600, by: 200, count: 9),
        .drag(1, x: 195, from: onSheet - 60, by: -90, count: 15), .up(1, x: 195, y: onSheet - 150),
        .frames(5), .up(2, x: 250, y: 800), .frames(90),
      ],
      ["ignored input=pan_began state=dragging", "decision target=large"], [], #line
    ),
    (
      "a second finger lifting first",
      [
        .frames(90), .down(1, x: 195, y: onSheet), .down(2, x: 250, y: 600),
        .drag(1, x: 195, from: onSheet, by: -60, count: 9), .up(2, x: 250, y: 600),
        .drag(1, x: 195, from: onSheet - 60, by: -90, count: 15), .up(1, x: 195, y: onSheet - 150),
        .frames(90),
      ],
      ["ignored input=pan_began state=dragging", "decision target=large"], [], #line
    ),
    (
      "cancel mid-drag",
      [
        .frames(90), .down(1, x: 195, y: onSheet), .drag(1, x: 195, from: onSheet, by: -90, count: 15),
        .cancel(1), .frames(120),
      ],
      ["gesture phase=cancelled y=390"], ["gesture phase=ended"], #line
    ),
    (
      "a touch during the present",
      [
        .frames(8), .down(1, x: 195, y: 800), .drag(1, x: 195, from: 800, by: -200, count: 24),
        .up(1, x: 195, y: 600), .frames(90),
      ],
      ["state from=presenting to=dragging", "decision target="], [], #line
    ),
    (
      "a touch during the dismissal",
      [
        .frames(90), .dismiss, .frames(6), .down(1, x: 195, y: 700),
        .drag(1, x: 195, from: 700, by: -120, count: 18), .up(1, x: 195, y: 580), .frames(90),
      ],
      ["state from=dismissing to=dragging", "decision target="], [], #line
    ),
  ]

  /// A timed event as every door can show it: the sheet's time and `sheet run`'s description.
  struct Seen: Equatable, CustomStringConvertible {
    var time: Double
    var text: String
    var description: String { "\(time) \(text)" }
  }

  /// The last frame, as every door can show it.
  struct Last: Equatable {
    var time: Double, height: Double, backdrop: Double, velocity: Double, state: String, detent: String?
  }

  /// The page's messages for a row, with their times (ms): hello and record at 1000 ms, then the steps.
  static func messages(_ steps: [Step]) -> [PreviewMessage] {
    var t = 1000.0
    var out: [PreviewMessage] = [.hello(t: t), .record(on: true, t: t)]
    let frame = 1000.0 / 120
    for step in steps {
      switch step {
      case .frames(let n):
        for _ in 0..<n {
          t += frame
          out.append(.frame(t: t))
        }
      case .down(let f, let x, let y):
        t += 1.25
        out.append(.touch(.down, finger: f, x: x, y: y, t: t))
      case .move(let f, let x, let y):
        t += 1.25
        out.append(.touch(.move, finger: f, x: x, y: y, t: t))
      case .up(let f, let x, let y):
        t += 1.25
        out.append(.touch(.up, finger: f, x: x, y: y, t: t))
      case .cancel(let f):
        t += 1.25
        out.append(.cancel(finger: f, t: t))
      case .dismiss:
        t += 1.25
        out.append(.dismiss(t: t))
      case .drag(let f, let x, let from, let dy, let count):
        for k in 1...count {
          t += frame / 3
          out.append(.touch(.move, finger: f, x: x, y: from + dy * Double(k) / Double(count), t: t))
          if k % 3 == 0 { out.append(.frame(t: t + 0.5)) }
        }
      }
    }
    return out
  }

  /// The host API door: what an app's display link and touch handlers do with the same timeline.
  static func throughTheHostAPI(_ messages: [PreviewMessage], limits: PreviewLimits) throws -> ([Seen], Last)
  {
    let sheet = try ScriptedSheet(preset: "system")
    var hostTime = 0.0
    var seen: [Seen] = []
    func advance(_ t: Double) throws {
      hostTime = max(hostTime, t / 1000)
      try sheet.advance(to: hostTime, frameInterval: 1.0 / 120, maximumFrames: limits.framesPerMessage)
    }
    for message in messages {
      switch message {
      case .hello(let t): try advance(t)
      case .record(_, let t):
        try advance(t)
        _ = sheet.drainEvents()  // the recording starts with a new sheet, presented
        sheet.present()
      case .frame(let t): try advance(t)
      case .touch(let phase, let f, let x, let y, let t):
        try advance(t)
        switch phase {
        case .down: try sheet.touchDown(finger: f, x: x, y: y, timestamp: hostTime)
        case .move: try sheet.touchMove(finger: f, x: x, y: y, timestamp: hostTime)
        case .up: try sheet.touchUp(finger: f, x: x, y: y, timestamp: hostTime)
        }
      case .cancel(let f, let t):
        try advance(t)
        sheet.touchCancel(finger: f, timestamp: hostTime)
      case .dismiss(let t):
        try advance(t)
        sheet.dismiss()
      default: Issue.record("no such step: \(message)")
      }
      seen += sheet.drainEvents().map { Seen(time: $0.time, text: $0.description) }
    }
    let f = sheet.frame
    return (
      seen,
      Last(
        time: f.time, height: f.height, backdrop: f.backdrop, velocity: f.velocity, state: f.state.rawValue,
        detent: f.detent)
    )
  }

  /// The preview's door: the session handles each message; the events and the last frame come back in
  /// its replies, and the recording is saved.
  static func throughThePreview(_ messages: [PreviewMessage], folder: String) throws -> ([Seen], Last, String)
  {
    let session = try PreviewSession(
      setup: PreviewSetup(behaviour: "system", fps: 120, recordDirectory: folder))
    var seen: [Seen] = []
    var last: Last?
    var recording = false
    for message in messages + [.save] {
      if case .record = message { recording = true }  // its replies show the new sheet's first events
      for reply in session.queue.sync(execute: { session.handle(message) }) {
        // the reader reads a number back to the same Double the reply wrote
        guard
          case .object(let object) = try Array(reply.utf8).withUnsafeBytes({
            try JSONValue.read($0, nesting: 64)
          })
        else {
          continue
        }
        if object["type"] == .string("error") { Issue.record("the session refused \(message): \(reply)") }
        guard object["type"] == .string("frame") else { continue }
        if recording, case .array(let events)? = object["events"] {
          for case .object(let event) in events where event["type"] != .string("note") {
            seen.append(Seen(time: Self.number(event["t"]), text: Self.string(event["line"]) ?? ""))
          }
        }
        last = Last(
          time: Self.number(object["t"]), height: Self.number(object["h"]),
          backdrop: Self.number(object["b"]),
          velocity: Self.number(object["v"]), state: Self.string(object["state"]) ?? "",
          detent: Self.string(object["detent"]))
      }
    }
    let saved = try #require(session.lastSaved)
    return (seen, try #require(last), saved)
  }

  static func number(_ value: JSONValue?) -> Double {
    if case .number(let number)? = value { return number }
    return .nan
  }

  static func string(_ value: JSONValue?) -> String? {
    if case .string(let text)? = value { return text }
    return nil
  }

  /// The scenario language's door: the recording, run as `sheet run` runs it.
  static func throughAScenario(_ file: String) -> ([Seen], Last, ScenarioResult) {
    let result = ScenarioRunner.run(file: file)
    let seen = result.trace.events.filter { $0.name != "expect" }.map {
      Seen(time: $0.time, text: Trace.describe($0))
    }
    let f = result.trace.frames.last
    let last = Last(
      time: f?.time ?? .nan, height: f?.height ?? .nan, backdrop: f?.backdrop ?? .nan,
      velocity: f?.velocity ?? .nan, state: f?.state.rawValue ?? "", detent: f?.detent)
    return (seen, last, result)
  }

  /// Where two lists of events part, for a failure's message.
  static func difference(_ a: [Seen], _ b: [Seen]) -> String {
    let shared = min(a.count, b.count)
    guard let i = (0..<shared).first(where: { a[$0] != b[$0] }) ?? (a.count != b.count ? shared : nil) else {
      return "none"
    }
    return
      "at \(i) of \(a.count) and \(b.count): \(i < a.count ? a[i].description : "-") | \(i < b.count ? b[i].description : "-")"
  }

  @Test(arguments: rows.indices) func theSameTouchesGiveTheSameAnswerThroughEveryDoor(_ i: Int) throws {
    let row = Self.rows[i]
    let here = Testing.SourceLocation(fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doors-\(UUID())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let messages = Self.messages(row.steps)
    let (host, hostLast) = try Self.throughTheHostAPI(messages, limits: PreviewLimits())
    let (preview, previewLast, saved) = try Self.throughThePreview(messages, folder: folder)
    let (scenario, scenarioLast, result) = Self.throughAScenario(saved)
    let text = (try? String(contentsOfFile: saved, encoding: .utf8)) ?? ""
    #expect(
      host == preview, "\(row.name): host API against the preview: \(Self.difference(host, preview))",
      sourceLocation: here)
    #expect(
      host == scenario,
      "\(row.name): host API against the scenario: \(Self.difference(host, scenario))\n\(text)",
      sourceLocation: here)
    #expect(hostLast == previewLast, "\(row.name): \(hostLast) against \(previewLast)", sourceLocation: here)
    #expect(
      hostLast == scenarioLast, "\(row.name): \(hostLast) against \(scenarioLast)", sourceLocation: here)
    #expect(
      result.passed, "\(row.name): the recording replays to its own expectations: \(result.failures)",
      sourceLocation: here)
    let texts = host.map(\.text)
    for fragment in row.expect {
      #expect(
        texts.contains { $0.hasPrefix(fragment) }, "\(row.name): no \(fragment)\n\(texts)",
        sourceLocation: here)
    }
    for fragment in row.lacks {
      #expect(
        !texts.contains { $0.hasPrefix(fragment) }, "\(row.name): \(fragment)\n\(texts)", sourceLocation: here
      )
    }
  }
}
