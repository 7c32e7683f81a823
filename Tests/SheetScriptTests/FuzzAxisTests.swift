import Foundation
import SheetCore
import Testing

@testable import SheetScenario
@testable import SheetScript

/// `sheet fuzz`'s steps on the sheet's own axis, and its back, accessibility and reduce-motion steps.
@Suite struct FuzzAxisTests {
  /// Each row: an edge, and the travel along the sheet's axis that grows it by 40 pt (toward the
  /// screen's middle: up or left for a bottom or trailing sheet, down or right for a top or leading
  /// one), with the scenario words the drag is written with.
  static let rows: [(edge: SheetEdge, along: Double, words: [String], line: UInt)] = [
    (.bottom, -40, ["dy = -40", "at = "], #line),
    (.top, 40, ["dy = 40", "at = "], #line),
    (.trailing, -40, ["dx = -40", "at_x = "], #line),
    (.leading, 40, ["dx = 40", "at_x = "], #line),
  ]

  /// The system preset presented and at rest on `medium`, then a drag held (no lift) of 40 pt along
  /// the axis from 10 pt inside the leading edge: between its detents the sheet follows the finger, so
  /// its height grows by the travel, on every edge; the written scenario makes the same drag along the
  /// same screen axis and ends at the same height.
  @Test(arguments: 0..<rows.count) func aDragGoesAlongTheSheetsAxis(_ row: Int) throws {
    let (edge, along, words, line) = Self.rows[row]
    var target = FuzzTarget(source: try BehaviourSource.resolve("system"), reference: "system")
    target.edge = edge
    let rest = FuzzCase(contentHeight: nil, steps: [.present, .rest])
    let (restVerdict, rested) = rest.run(target, warm: nil, properties: nil)
    #expect(restVerdict == .passed, "line \(line)")
    let start = try #require(rested.driver?.machine.height, "line \(line)")
    let drag = FuzzStep.drag(dy: along, dx: 0, duration: 0.25, grab: 10, release: false, velocity: nil)
    let moved = FuzzCase(contentHeight: nil, steps: [.present, .rest, drag])
    let (verdict, sheet) = moved.run(target, warm: nil, properties: nil, writing: true)
    #expect(verdict == .passed, "line \(line)")
    let machine = try #require(sheet.driver?.machine, "line \(line)")
    #expect(machine.geometry.edge == edge && machine.state == .dragging, "line \(line)")
    #expect(abs(machine.height - (start + 40)) < 1e-9, "\(machine.height) from \(start) (line \(line))")
    let transcript = (sheet.transcript ?? []).joined(separator: "\n")
    for word in words { #expect(transcript.contains(word), "\(transcript) (line \(line))") }

    var (text, _) = moved.scenario(
      target, properties: nil, comments: ["-- scenario: drag along the axis"], writesProperties: false)
    #expect(text.contains("edge '\(edge.rawValue)'"), "line \(line)")
    text += "expect(sheet.height == \(LuaLiteral.number(machine.height)), 'the same drag')\n"
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("axis-\(UUID().uuidString).lua")
    try text.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = ScenarioRunner.run(file: file.path)
    #expect(result.passed, "\(result.failures.map(\.description)) (line \(line))")
  }

  /// A run's back, accessibility action and reduce-motion steps, over 40 runs of the system preset:
  /// each kind is drawn and written as its scenario call, and an accessibility action names one the
  /// sheet offers whenever it offers any (in the written scenario's trace, most such events have a
  /// target; one not offered says `none`).
  @Test func runsMakeBackAccessibilityAndReduceMotionSteps() throws {
    let target = FuzzTarget(source: try BehaviourSource.resolve("system"), reference: "system")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var counts: [String: Int] = [:]
    var offered = 0
    var actions = 0
    for run in 0..<40 {
      let (made, _) = FuzzCase.generate(target, seed: 11, run: run, warm: nil, properties: nil)
      for step in made.steps {
        switch step {
        case .back: counts["back", default: 0] += 1
        case .accessibilityAction: counts["accessibility", default: 0] += 1
        case .reduceMotion: counts["reduce", default: 0] += 1
        default: break
        }
      }
      let (text, sheet) = made.scenario(
        target, properties: nil, comments: ["-- scenario: run \(run)"], writesProperties: false)
      let lines = sheet.transcript ?? []
      let file = folder.appendingPathComponent("run-\(run).lua").path
      try text.write(toFile: file, atomically: true, encoding: .utf8)
      #expect(
        lines.filter { $0.hasSuffix("back()") }.count == made.steps.filter { $0 == .back }.count,
        "run \(run)")
      for event in ScenarioRunner.run(file: file).trace.events where event.name == "accessibility_action" {
        actions += 1
        if event["target"] != .string("none") { offered += 1 }
      }
      #expect(
        lines.filter { $0.contains("accessibility_action '") }.count
          == made.steps.filter { if case .accessibilityAction = $0 { true } else { false } }.count,
        "run \(run)")
      #expect(
        lines.filter { $0.contains("reduce_motion(") }.count
          == made.steps.filter { if case .reduceMotion = $0 { true } else { false } }.count,
        "run \(run)")
    }
    #expect(counts["back", default: 0] > 5 && counts["accessibility", default: 0] > 5, "\(counts)")
    #expect(counts["reduce", default: 0] > 3, "\(counts)")
    #expect(actions > 0 && offered > actions / 2, "\(offered) of \(actions) actions had a target")
  }
}
