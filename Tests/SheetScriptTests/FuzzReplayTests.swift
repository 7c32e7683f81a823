import Foundation
import SheetCore
import SheetTestSupport
import Testing

@testable import SheetScenario
@testable import SheetScript

/// A fuzz run carried out in process and its written scenario run by the scenario runner (as `sheet
/// run` runs it) end the same way: every step kind, on presets of every edge (side sheets attached
/// as `--edge` attaches them, the scenario's `edge` call), with and without a content height. A run that held every property replays with every written check passing and the
/// sheet ending in the same state, at the same height, backdrop and time to the bit; one that failed
/// fails its replay the same way; one a refused call stopped stops its replay at that call.
@Suite struct FuzzReplayTests {
  static let presets = [
    "system", "android", "top-sheet", "vaul", "gorhom", "bottom-sheet-vc", "floating-panel",
    "system trailing",
    "android leading",
  ]

  @Test(arguments: presets) func everyRunReplaysToTheSameEnd(_ row: String) throws {
    let words = row.split(separator: " ").map(String.init)
    let preset = words[0]
    var target = FuzzTarget(source: try BehaviourSource.resolve(preset), reference: preset)
    target.edge = words.dropFirst().first.flatMap { SheetEdge(rawValue: $0) }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let warm = WarmStates()
    var ends: [String: Int] = [:]
    for run in 0..<25 {
      let (made, verdict) = FuzzCase.generate(target, seed: 5, run: run, warm: warm, properties: nil)
      var (text, sheet) = made.scenario(
        target, properties: nil, comments: ["-- scenario: \(preset) run \(run)"], writesProperties: false)
      #expect(made.run(target, warm: nil, properties: nil).0 == verdict, "\(preset) run \(run): again")
      if let m = sheet.driver?.machine {
        text +=
          "expect(sheet.state == '\(m.state.rawValue)' and sheet.height == \(LuaLiteral.number(m.height)) "
          + "and sheet.backdrop == \(LuaLiteral.number(m.backdrop)) "
          + "and sheet.time == \(LuaLiteral.number(m.time)), 'ends as in process')\n"
      }
      let file = folder.appendingPathComponent("run-\(run).lua").path
      try text.write(toFile: file, atomically: true, encoding: .utf8)
      let result = ScenarioRunner.run(file: file)
      let failures = result.failures.map(\.description)
      switch verdict {
      case .passed:
        ends["passed", default: 0] += 1
        #expect(result.passed, "\(preset) run \(run): \(failures)\n\(text)")
      case .failed(let failure):
        ends["failed", default: 0] += 1
        let finding = FuzzFinding(
          run: run, original: made, shrunk: made, failure: failure, shrinkRuns: 0)
        #expect(finding.replays(result), "\(preset) run \(run): \(failure) against \(failures)")
      case .stopped(let message):
        ends["stopped", default: 0] += 1
        #expect(
          result.scriptError?.contains(message) == true,
          "\(preset) run \(run): \(message) against \(failures)")
      }
    }
    #expect(ends["passed", default: 0] >= 12, "\(preset): most runs pass (\(ends))")
  }
}
