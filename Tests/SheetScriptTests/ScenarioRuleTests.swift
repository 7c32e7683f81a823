import Foundation
import Testing

@testable import SheetScenario
@testable import SheetScript

/// A folder under the system's temporary folder for scenario files, removed with the value.
final class ScenarioFolder {
  /// The folder.
  let url: URL

  /// Creates the folder.
  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sheet-script-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// Writes a file (folders on its path are made) and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: false, encoding: .utf8)
    return file.path
  }

  /// Runs a scenario text written as `name` and returns the result.
  func run(_ text: String, name: String = "scenario.lua", options: ScenarioOptions = ScenarioOptions()) throws
    -> ScenarioResult
  {
    ScenarioRunner.run(file: try write(name, text), options: options)
  }
}

/// The scenario rule: a scenario's first line starts with `-- scenario`, so `sheet test` tells scenarios
/// from behaviours before running anything; a scenario that checks nothing fails.
@Suite struct ScenarioRuleTests {
  static let texts: [(text: String, scenario: Bool, line: UInt)] = [
    ("-- scenario\npresent()\n", true, #line),
    ("-- scenario", true, #line),
    ("-- scenario: the tour\n", true, #line),
    ("-- scenario\tx\n", true, #line),
    ("-- scenario\r\npresent()\r\n", true, #line),
    ("\u{FEFF}-- scenario\n", true, #line),
    ("-- scenarios are below\n", false, #line),
    ("-- Scenario\n", false, #line),
    ("--scenario\n", false, #line),
    (" -- scenario\n", false, #line),
    ("\n-- scenario\n", false, #line),
    ("return { detents = {} }\n", false, #line),
    ("-- a behaviour\nreturn {}\n", false, #line),
    ("", false, #line),
  ]

  @Test(arguments: texts.indices) func theFirstLineDecides(_ i: Int) {
    let row = Self.texts[i]
    #expect(ScenarioRunner.isScenario(text: row.text) == row.scenario, "row at line \(row.line)")
  }

  @Test func findRunsScenariosOnlyAndSaysWhatItSkipped() throws {
    let folder = try ScenarioFolder()
    let scenario = try folder.write("b.lua", "-- scenario\nexpect(true, 'x')\n")
    let behaviour = try folder.write("a.lua", "return { detents = { { id = 'a', height = 300 } } }\n")
    let nested = try folder.write("sub/c.lua", "-- scenario: nested\nexpect(true, 'x')\n")
    let module = try folder.write("fixtures/helper.lua", "local M = {}\nreturn M\n")
    try folder.write("notes.txt", "-- scenario\n")
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("folder.lua"), withIntermediateDirectories: false)
    let found = ScenarioRunner.find(in: [folder.url.path, scenario])
    #expect(found.scenarios == [scenario, nested])
    #expect(found.skipped == [behaviour, module])
    #expect(found.refused.isEmpty)
    let named = ScenarioRunner.find(in: [behaviour, scenario])
    #expect(named.scenarios == [scenario] && named.refused == [behaviour] && named.skipped.isEmpty)
  }

  static let checkedNothing =
    "checked nothing: no expectations (add expect, expect_near or expect_script_error); sheet test fails it"

  /// Each row: a scenario, whether it passes, whether it checked nothing (and nothing else failed), its
  /// summary (counts with the noun in their number; `…` stands for any text).
  static let outcomes: [(text: String, passed: Bool, nothing: Bool, summary: String, line: UInt)] = [
    ("-- scenario\n", false, true, checkedNothing, #line),
    ("-- scenario\nbehaviour 'bottom-sheet-vc'\npresent()\nsettle()\n", false, true, checkedNothing, #line),
    ("-- scenario\nexpect(true, 'fine')\n", true, false, "passed: 1 expectation", #line),
    ("-- scenario\nexpect(true, 'a')\nexpect(true, 'b')\n", true, false, "passed: 2 expectations", #line),
    ("-- scenario\nexpect(false, 'no')\n", false, false, "FAILED: 1 of 1 expectation failed", #line),
    (
      "-- scenario\nexpect(false, 'no')\nexpect(1, 'x')\n", false, false,
      "FAILED: 1 of 2 expectations failed", #line
    ),
    // an error: its place only (its message is among the failures), the file's path shortened
    ("-- scenario\nerror('boom')\n", false, false, "error: the scenario stopped at …/scenario.lua:2", #line),
  ]

  @Test(arguments: outcomes.indices) func aScenarioThatChecksNothingFails(_ i: Int) throws {
    let row = Self.outcomes[i]
    let result = try ScenarioFolder().run(row.text)
    #expect(result.passed == row.passed, "row at line \(row.line): \(result.failures)")
    #expect(result.checkedNothing == row.nothing, "row at line \(row.line)")
    let (head, tail) = row.summary.split(separator: "…").map(String.init).splitFirstAndLast
    #expect(
      result.summary.hasPrefix(head) && result.summary.hasSuffix(tail),
      "row at line \(row.line): \(result.summary)")
    if row.nothing {
      #expect(result.failures.map(\.message) == [ScenarioResult.noExpectations], "row at line \(row.line)")
    }
  }
}

extension [String] {
  /// The first element and the last (the same one when there is one).
  fileprivate var splitFirstAndLast: (String, String) { (first ?? "", last ?? "") }
}
