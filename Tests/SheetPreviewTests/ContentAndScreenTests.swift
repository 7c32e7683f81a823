import Foundation
import SheetCore
import SheetScenario
import SheetScript
import SheetTrace
import Testing

@testable import SheetPreview

/// What the page shows besides the sheet, through the session's messages: the scroll view and its
/// hand-off, the keyboard, the live release velocity, the devices and their rotation. Each number is
/// checked against a calculation of its own (the routing rule, a least-squares slope, a device's table).
@Suite struct ContentAndScreenTests {
  /// A session's replies, read as the page reads them.
  final class Page {
    let session: PreviewSession
    var frame: [String: Any] = [:]
    var layout: [String: Any] = [:]
    var errors: [[String: Any]] = []
    var events: [[String: Any]] = []
    var written: [String: Any]?
    /// The page's clock, ms.
    var t = 1000.0

    init(_ setup: PreviewSetup) throws {
      session = try PreviewSession(setup: setup)
      send(.hello(t: t))
    }

    func send(_ message: PreviewMessage) {
      for reply in session.queue.sync(execute: { session.handle(message) }) { read(reply) }
    }

    func read(_ reply: String) {
      guard let object = try? JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any] else {
        Issue.record("not JSON: \(reply)")
        return
      }
      switch object["type"] as? String {
      case "frame":
        frame = object
        events += object["events"] as? [[String: Any]] ?? []
      case "layout": layout = object
      case "error": errors.append(object)
      case "written": written = object
      default: break
      }
    }

    /// Display frames every `ms` for `count` frames.
    func frames(_ count: Int, every ms: Double = 1000 / 120) {
      for _ in 0..<count {
        t += ms
        send(.frame(t: t))
      }
    }

    func number(_ key: String) -> Double { (frame[key] as? NSNumber)?.doubleValue ?? .nan }

    func layoutNumber(_ key: String) -> Double { (layout[key] as? NSNumber)?.doubleValue ?? .nan }

    func scroll(_ key: String) -> Double {
      ((frame["scroll"] as? [String: Any])?[key] as? NSNumber)?.doubleValue ?? .nan
    }
  }

  /// The system preset on the reference screen rests at medium (398.5 pt, its top edge at y 445.5)
  /// with the preview's list below a 32 pt header: a drag that starts on the list and moves up 400 pt
  /// grows the sheet to large (787 pt: 797 - large_inset 10) and hands the rest, 400 - 388.5 = 11.5 pt,
  /// to the list (ScrollRouting.split: below the largest detent the sheet takes the travel up to it, the
  /// scroll view the rest).
  @Test func aDragOnTheListHandsOffToItAtTheLargestDetent() throws {
    let page = try Page(PreviewSetup(behaviour: "system", scrollView: PreviewSetup.defaultScrollView))
    page.frames(120)
    #expect(page.number("h") == 398.5 && page.scroll("offset") == 0 && page.scroll("top") == 32)
    #expect(page.scroll("content") == 1320 && page.scroll("height") == 398.5 - 32)
    page.t += 1
    page.send(.touch(.down, finger: 1, x: 195, y: 500, t: page.t))
    for step in 1...40 {
      page.t += 8
      page.send(.touch(.move, finger: 1, x: 195, y: 500 - 10 * Double(step), t: page.t))
    }
    #expect(page.number("h") == 787, "the sheet at large")
    #expect(abs(page.scroll("offset") - 11.5) < 1e-9, "the list took the rest: \(page.scroll("offset"))")
    #expect(page.frame["owner"] as? String == "scroll")
    let handoffs = page.events.filter { $0["type"] as? String == "scroll_handoff" }
    let fields = handoffs.first?["fields"] as? [String: Any]
    #expect(handoffs.count == 1 && fields?["to"] as? String == "scroll", "\(handoffs)")
    #expect((fields?["height"] as? NSNumber)?.doubleValue == 787)
    // the finger moved 10 pt every 8 ms: the least-squares slope of its samples is -1250 pt/s exactly
    #expect(abs(page.number("pv") - -1250) < 1e-6, "pan velocity \(page.number("pv"))")
    page.t += 8
    page.send(.touch(.up, finger: 1, x: 195, y: 200, t: page.t))
    #expect(page.frame["pv"] is NSNull && page.frame["owner"] is NSNull)
  }

  @Test func theListCanBeRemovedDescribedAndScrolledAndIsRecorded() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("content-\(UUID())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let page = try Page(PreviewSetup(behaviour: "system", recordDirectory: folder))
    #expect(page.frame["scroll"] is NSNull)
    page.send(.record(on: true, t: page.t))
    page.frames(120)
    page.send(.scrollView(ScrollView(contentHeight: 2000, top: 20), t: page.t))
    page.send(.scrollTo(offset: 120, t: page.t))
    #expect(page.scroll("offset") == 120 && page.scroll("content") == 2000)
    page.send(.scrollTo(offset: 1e5, t: page.t))
    // cut to the largest offset: the content less the frame (the medium detent, 398.5, less its top)
    #expect(page.scroll("offset") == 2000 - (398.5 - 20))
    page.send(.keyboard(height: 300, duration: 0.25, t: page.t))
    page.frames(60)
    #expect(page.number("k") == 300 && page.layoutNumber("keyboard") == 300)
    page.send(.scrollView(nil, t: page.t))
    #expect(page.frame["scroll"] is NSNull && page.errors.isEmpty, "\(page.errors)")
    page.send(.save)
    let saved = try #require(page.session.lastSaved)
    let text = try String(contentsOfFile: saved, encoding: .utf8)
    for line in [
      "content { scroll = { content_height = 2000, top = 20 } }", "scroll_to { offset = 120 }",
      "scroll_to { offset = 100000 }", "keyboard { height = 300, duration = 0.25 }",
      "content { scroll = false }",
    ] {
      #expect(text.contains(line), "\(line)\n\(text)")
    }
    let result = ScenarioRunner.run(file: saved)
    #expect(result.passed, "\(result.failures)\n\(text)")
    let last = try #require(result.trace.frames.last)
    #expect(last.keyboard == 300, "\(last)")
    #expect(last.height == page.number("h"), "\(last) against \(page.frame)")
    // the list removed after the last frame: the run's last event
    #expect(
      result.trace.events.last?.name == "scroll_view" && result.trace.events.last?["removed"] == .bool(true))
  }

  @Test func theKeyboardRisesOverItsDurationAndHides() throws {
    let page = try Page(PreviewSetup(behaviour: "system"))
    page.frames(60)
    page.send(.keyboard(height: 336, duration: 0.25, t: page.t))
    page.frames(6)  // 50 ms: the keyboard's spring played over 0.25 s covers 75 % by then (SheetKeyboard)
    let early = page.number("k")
    #expect(early > 0.5 * 336 && early < 336, "\(early)")
    page.frames(60)
    #expect(page.number("k") == 336)
    page.send(.keyboard(height: 0, duration: 0, t: page.t))
    page.frames(1)
    #expect(page.number("k") == 0 && page.layoutNumber("keyboard") == 0)
    page.send(.keyboard(height: 5000, duration: 0.25, t: page.t))
    let refusal = try #require(page.errors.last)
    #expect(refusal["refused"] as? String == "keyboard")
    #expect((refusal["message"] as? String)?.contains("keyboard height 5000") == true, "\(refusal)")
  }

  /// Each row: the screen the preview starts with, and the layout after one rotation and after two:
  /// (width, height, top, bottom, left, right).
  static let rotations: [(start: SheetGeometry, turned: [Double], device: String, line: UInt)] = [
    (
      SheetGeometry(width: 393, height: 852, safeArea: SafeArea(top: 59, bottom: 34)),
      [852, 393, 0, 21, 59, 59],
      "iphone-15", #line
    ),
    (
      SheetGeometry(width: 375, height: 667, safeArea: SafeArea(top: 20, bottom: 0)), [667, 375, 0, 0, 0, 0],
      "iphone-se", #line
    ),
    (
      SheetGeometry(width: 820, height: 1180, safeArea: SafeArea(top: 24, bottom: 20)),
      [1180, 820, 24, 20, 0, 0], "ipad", #line
    ),
    // the reference screen is no catalogue device: its top inset goes to the sides, its bottom stays
    (SheetGeometry.reference, [844, 390, 0, 34, 47, 47], "screen", #line),
  ]

  @Test func aRotationSwapsTheSizeAndMovesTheInsets() throws {
    for row in Self.rotations {
      let here = Testing.SourceLocation(fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1)
      let page = try Page(PreviewSetup(behaviour: "system", geometry: row.start))
      let fields = ["width", "height", "safeTop", "safeBottom", "safeLeft", "safeRight"]
      #expect(page.layout["device"] as? String == row.device, sourceLocation: here)
      page.send(.rotate(t: page.t))
      #expect(fields.map(page.layoutNumber) == row.turned, "\(page.layout)", sourceLocation: here)
      #expect(page.layout["landscape"] as? Bool == true, sourceLocation: here)
      page.send(.rotate(t: page.t))
      let back = [row.start.width, row.start.height, row.start.safeArea.top, row.start.safeArea.bottom, 0, 0]
      #expect(fields.map(page.layoutNumber) == back, sourceLocation: here)
    }
  }

  @Test func aDeviceKeepsTheOrientation() throws {
    let page = try Page(PreviewSetup(behaviour: "system"))
    page.send(.device("iphone-15-pro-max", t: page.t))
    #expect(page.layoutNumber("width") == 430 && page.layoutNumber("height") == 932)
    page.send(.rotate(t: page.t))
    page.send(.device("ipad", t: page.t))
    let fields = ["width", "height", "safeTop", "safeBottom", "safeLeft", "safeRight"]
    #expect(fields.map(page.layoutNumber) == [1180, 820, 24, 20, 0, 0])
    page.send(.device(PreviewDevice.customID, t: page.t))
    #expect(fields.map(page.layoutNumber) == [844, 390, 0, 34, 47, 47])
    let devices = (page.layout["devices"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    #expect(devices == ["iphone-se", "iphone-15", "iphone-15-pro-max", "ipad", "screen"])
  }

  @Test func aRefusedThresholdNamesItself() throws {
    let page = try Page(PreviewSetup(behaviour: "system"))
    let before = page.layout["thresholds"] as? [[String: Any]]
    page.send(.set(name: "projection_rate", value: 2, t: page.t))
    let refusal = try #require(page.errors.last)
    #expect(refusal["refused"] as? String == "set" && refusal["name"] as? String == "projection_rate")
    #expect((refusal["message"] as? String)?.contains("0.9") == true, "\(refusal)")
    let value = page.session.sheet.behaviour.thresholds["projection_rate"]
    #expect(value == 0.998 && before != nil)
  }
}
