import Foundation
import SheetCore
import SheetScenario
import Testing

@testable import SheetPreview

/// A side sheet in the preview: the layout names its edge, and a page's drags along x, recorded and
/// saved, replay under the scenario runner to the same decisions (the recording names the edge).
@Suite struct RecordingSideTests {
  /// A drag of `dx` points along x over `ms` at screen y 300, pointer samples every 2–6 ms with display
  /// frames between them, starting at `x`.
  static func drag(_ page: RecordingTests.Page, from x: Double, by dx: Double, over ms: Double) {
    page.t += 0.3
    page.send(.touch(.down, finger: 1, x: x, y: 300, t: page.t))
    let start = page.t
    var nextFrame = page.t + 16.667
    while page.t - start < ms {
      page.t += 2 + 4 * page.jitter()
      if page.t >= nextFrame {
        page.send(.frame(t: nextFrame))
        nextFrame += 16.667
      }
      let fraction = min(1, (page.t - start) / ms)
      page.send(.touch(.move, finger: 1, x: x + dx * fraction, y: 300 + 3 * fraction, t: page.t))
    }
    page.t += 1.1
    page.send(.touch(.up, finger: 1, x: x + dx, y: 303, t: page.t))
  }

  @Test func aTrailingSheetsRecordingReplaysToTheSameDecisions() throws {
    let folder = try RecordingTests.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var setup = PreviewSetup(behaviour: "system", recordDirectory: folder)
    setup.edge = .trailing
    let page = try RecordingTests.Page(setup)
    page.send(.hello(t: page.t))
    #expect(page.session.sheet.machine.geometry.edge == .trailing)
    page.send(.record(on: true, t: page.t + 0.5))
    page.frames(600)
    // medium = 0.5 x 390 = 195 wide: the leading edge at x = 195
    #expect(page.session.sheet.frame.height == 195)
    let edge = { 390 - page.session.sheet.frame.height + 12 }
    Self.drag(page, from: edge(), by: -150, over: 300)  // a slow drag left: opens
    page.frames(500)
    Self.drag(page, from: edge(), by: 90, over: 60)  // a flick right: closes
    page.frames(800)
    page.send(.save)
    #expect(page.decisions.count == 2, "\(page.decisions)")
    let file = try #require(page.saved, "\(page.errors)")
    let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    #expect(text.contains("\nedge 'trailing'\n"), "\(text)")
    let result = ScenarioRunner.run(file: file)
    #expect(result.passed, "\(result.failures)\n\(text)")
    #expect(RecordingTests.decisions(result) == page.decisions, "\(text)")
  }
}
