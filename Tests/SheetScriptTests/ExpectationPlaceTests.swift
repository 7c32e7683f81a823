import Foundation
import Testing

@testable import SheetScenario
@testable import SheetScript

/// A failing `expect` or `expect_near` names the line of the code that called it, as Lua's
/// `error(message, level)` would name it: directly, from a local function, from a module, through a
/// tail call, and no line at all through `pcall` (a C function calls it).
@Suite struct ExpectationPlaceTests {
  @Test func aFailedExpectationNamesTheLineThatCalledIt() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("expect-\(getpid())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try """
    local M = {}
    function M.check(v)
      expect(v, 'from the helper')
    end
    return M
    """.write(toFile: "\(folder)/helper.lua", atomically: true, encoding: .utf8)
    let file = "\(folder)/places.lua"
    try """
    -- scenario: expectation places
    local H = require 'helper'
    expect(false, 'direct')
    expect_near(1, 2, 0.1, 'near')
    local function local_check(v) expect(v, 'from a local function') end
    local_check(false)
    H.check(false)
    pcall(expect, false, 'through pcall')
    local _ = (function() return expect(false, 'tail call') end)()
    expect(true, 'passes')
    """.write(toFile: file, atomically: true, encoding: .utf8)
    let rows: [(file: String, line: Int, message: String)] = [
      (file, 3, "expectation failed: direct"),
      (file, 4, "expectation failed: near: 1, expected 2 +- 0.1"),
      (file, 5, "expectation failed: from a local function"),
      ("helper.lua", 3, "expectation failed: from the helper"),
      (file, 0, "expectation failed: through pcall"),
      (file, 9, "expectation failed: tail call"),
    ]
    for warm in [nil, WarmStates()] {
      let result = ScenarioRunner.run(file: file, options: ScenarioOptions(), warm: warm)
      #expect(result.expectationsPassed == 1)
      #expect(result.failures.map(\.location.file) == rows.map(\.file))
      #expect(result.failures.map(\.location.line) == rows.map(\.line))
      #expect(result.failures.map(\.message) == rows.map(\.message))
    }
  }
}
