import Foundation
import Testing

@testable import SheetPreview

/// The preview asks the behaviour for its accessibility actions only when what they can depend on
/// changed (state, detent, target, active detents, screen, reduce motion, a reload), not on every
/// frame: a behaviour's `accessibility` callback, which prints each call, is counted against the changes
/// the page's frames show.
@Suite struct AccessibilityAskTests {
  @Test func theActionsAreAskedOncePerChangeNotPerFrame() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preview-a11y-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("asked.lua")
    try """
    local S = require 'sheet'
    local thresholds = S.thresholds { high = 600 }
    return {
      thresholds = thresholds,
      detents = {
        { id = 'low', height = 300 },
        { id = 'high', height = function(ctx) return ctx.thresholds.high end },
      },
      accessibility = function(sheet) print('asked ' .. sheet.state) end,
    }
    """.write(to: file, atomically: true, encoding: .utf8)
    let page = try ContentAndScreenTests.Page(
      PreviewSetup(behaviour: file.path, recordDirectory: folder.path))
    var frames: [[String: Any]] = []
    func step(_ count: Int) {
      for _ in 0..<count {
        page.frames(1)
        frames.append(page.frame)
      }
    }
    step(120)  // presenting, then resting at low
    page.send(.snap(detent: "high", t: page.t))
    step(120)  // settling to high, resting
    page.send(.set(name: "high", value: 650, t: page.t))  // a reload, and high moves to 650
    step(120)
    page.send(.reduceMotion(on: true, t: page.t))
    step(30)
    #expect(page.errors.isEmpty, "\(page.errors)")
    let asked = page.events.filter { $0["type"] as? String == "print" }.count

    // the askings the frames call for: one at each frame (of a state that offers actions) whose state,
    // detent or target differs from the frame before, one after the reload (the frame after `set`) and
    // one after reduce motion turned on (the frame after it)
    func key(_ f: [String: Any]) -> String {
      "\(f["state"] ?? "") \(f["detent"] ?? "nil") \(f["target"] ?? "nil")"
    }
    let askable: Set<String> = ["presenting", "resting", "settling"]
    var expected = 0
    var previous: String?
    for (k, frame) in frames.enumerated() {
      let now = key(frame)
      let state = frame["state"] as? String ?? ""
      if askable.contains(state) && (now != previous || k == 240 || k == 360) { expected += 1 }
      previous = now
    }
    #expect(frames.count == 390)
    #expect(asked == expected, "asked \(asked) times, the frames call for \(expected)")
    #expect(expected >= 6 && expected < 20, "\(expected)")  // not once a frame
    let atHigh = frames[359]
    #expect(atHigh["state"] as? String == "resting" && atHigh["detent"] as? String == "high")
    #expect(atHigh["actions"] as? [String] == ["collapse", "dismiss"], "\(atHigh["actions"] ?? "")")
    #expect(frames[119]["actions"] as? [String] == ["expand", "dismiss"], "\(frames[119]["actions"] ?? "")")
  }
}
