import Foundation
import SheetScript
import Testing

/// The threshold writer changes only the numbers of a thresholds table's direct fields: each row's text
/// is written out by hand as it must come back, byte for byte.
@Suite struct ThresholdWriterTests {
  /// Each row: a source, the values to write, the text expected, and the changed lines.
  static let rewrites:
    [(name: String, text: String, values: [String: Double], expected: String, lines: [Int], line: UInt)] = [
      (
        "comments and layout kept",
        """
        -- a behaviour
        local S = require 'sheet'
        local thresholds = S.thresholds {
          dismiss_velocity = 1500, -- pt/s: a flick faster dismisses
          min_top = 40,            -- pt
        }
        return { thresholds = thresholds }
        """,
        ["dismiss_velocity": 1800, "min_top": 40],
        """
        -- a behaviour
        local S = require 'sheet'
        local thresholds = S.thresholds {
          dismiss_velocity = 1800, -- pt/s: a flick faster dismisses
          min_top = 40,            -- pt
        }
        return { thresholds = thresholds }
        """, [4], #line
      ),
      (
        "odd spacing, semicolons, a call with parentheses",
        "local t = S.thresholds({a=1;b =  -2.5 ;   c\t=\t3e2})\nreturn { thresholds = t }",
        ["a": 0.25, "b": -7, "c": 300],
        "local t = S.thresholds({a=0.25;b =  -7 ;   c\t=\t3e2})\nreturn { thresholds = t }", [1, 1], #line
      ),
      (
        "a sign written apart",
        "return { thresholds = { lift = - 4 } }", ["lift": 12.5],
        "return { thresholds = { lift = 12.5 } }", [1], #line
      ),
      (
        "nested tables: only the table's own fields",
        """
        return {
          thresholds = { speed = 1, inner = { speed = 5 }, after = 2 },
          detents = { { id = 'a', height = 300 } },
          speed = 9,
        }
        """,
        ["speed": 7, "after": 3],
        """
        return {
          thresholds = { speed = 7, inner = { speed = 5 }, after = 3 },
          detents = { { id = 'a', height = 300 } },
          speed = 9,
        }
        """, [2, 2], #line
      ),
      (
        "numbers in strings and comments untouched",
        """
        local note = "thresholds = { speed = 1 }"
        --[==[ thresholds = { speed = 2 } ]==]
        -- thresholds = { speed = 3 }
        local S = require 'sheet'
        local t = S.thresholds { label = 0, speed = 4 } -- speed = 4
        return { name = [[speed = 4]], thresholds = t }
        """,
        ["speed": 40],
        """
        local note = "thresholds = { speed = 1 }"
        --[==[ thresholds = { speed = 2 } ]==]
        -- thresholds = { speed = 3 }
        local S = require 'sheet'
        local t = S.thresholds { label = 0, speed = 40 } -- speed = 4
        return { name = [[speed = 4]], thresholds = t }
        """, [5], #line
      ),
      (
        "a value already written keeps its text",
        "return { thresholds = { a = 1500.0, b = 0x10 } }", ["a": 1500, "b": 16],
        "return { thresholds = { a = 1500.0, b = 0x10 } }", [], #line
      ),
      (
        "a missing field on its own line, with a comma added after the last",
        """
        return S.extend('system', {
          thresholds = {
            spring_response = 0.35 -- s
          },
        })
        """,
        ["large_inset": 12, "redirect_progress": 0.3],
        """
        return S.extend('system', {
          thresholds = {
            spring_response = 0.35, -- s
            large_inset = 12,
            redirect_progress = 0.3,
          },
        })
        """, [4, 5], #line
      ),
      (
        "a missing field in a one-line table",
        "return { thresholds = { a = 1 } }", ["b": 2],
        "return { thresholds = { a = 1, b = 2 } }", [1], #line
      ),
      (
        "a missing field in an empty table, a key that is not a name",
        "return { thresholds = {} }", ["for": 2],
        "return { thresholds = { ['for'] = 2 } }", [1], #line
      ),
      (
        "a bracketed key",
        "return { thresholds = { ['speed'] = 1, [\"end\"] = 2 } }", ["speed": 3, "end": 4],
        "return { thresholds = { ['speed'] = 3, [\"end\"] = 4 } }", [1, 1], #line
      ),
    ]

  @Test func rewritesChangeOnlyTheNumbers() throws {
    for row in Self.rewrites {
      let here = Testing.SourceLocation(fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1)
      let result = try ThresholdWriter.rewrite(row.values, in: row.text, file: "b.lua")
      #expect(result.text == row.expected, "\(row.name):\n\(result.text)", sourceLocation: here)
      #expect(result.changes.map(\.line) == row.lines, "\(row.name): \(result.changes)", sourceLocation: here)
    }
  }

  /// Each row: a source, the values, and the refusal's text.
  static let refusals: [(text: String, values: [String: Double], error: String, line: UInt)] = [
    ("return { edge = 'bottom' }", ["a": 1], "b.lua: no thresholds table to write into", #line),
    (
      "local base = 2\nreturn { thresholds = { a = 2 * base } }", ["a": 1],
      "b.lua:2: threshold 'a' is written as '2 * base', not a number", #line
    ),
    (
      "return { thresholds = { a = math.huge } }", ["a": 1],
      "b.lua:1: threshold 'a' is written as 'math.huge'", #line
    ),
    (
      "local t = S.thresholds { a = 1 }\nreturn S.extend('x', { thresholds = { a = 2 } })", ["a": 3],
      "b.lua: threshold 'a' is written in two tables (line 1 and line 2)", #line
    ),
    (
      "local t = S.thresholds { a = 1 }\nreturn S.extend('x', { thresholds = { b = 2 } })", ["c": 3],
      "b.lua: threshold 'c' is not written in the file and it has 2 thresholds tables", #line
    ),
    (
      "return { thresholds = { a = 1 } }", ["a": .infinity], "b.lua: threshold 'a' cannot be written as inf",
      #line
    ),
    (
      "return { thresholds = { a = 1 } } --[[ open", ["a": 2], "b.lua:1: a long comment that does not end",
      #line
    ),
    (
      "local s = 'open\nreturn { thresholds = { a = 1 } }", ["a": 2], "b.lua:1: a string that does not end",
      #line
    ),
    (
      String(repeating: "x.thresholds { a = 1 }\n", count: 17), ["a": 2],
      "b.lua: 17 thresholds tables; the writer reads at most 16", #line
    ),
  ]

  @Test func refusalsNameTheFileLineAndThreshold() {
    for row in Self.refusals {
      var message = "(written)"
      do throws(ThresholdWriterError) {
        _ = try ThresholdWriter.rewrite(row.values, in: row.text, file: "b.lua")
      } catch {
        message = error.description
      }
      #expect(
        message.hasPrefix(row.error), "\(message)",
        sourceLocation: Testing.SourceLocation(
          fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1))
    }
  }

  @Test func aTextOverTheLimitIsRefusedBeforeItIsRead() {
    let text =
      "return { thresholds = { a = 1 } }" + String(repeating: " ", count: ThresholdWriter.maximumBytes)
    #expect(throws: ThresholdWriterError.tooLarge(file: "b.lua", bytes: text.utf8.count, limit: 4 << 20)) {
      try ThresholdWriter.rewrite(["a": 2], in: text, file: "b.lua")
    }
  }

  /// Every preset, written with each of its thresholds but its flags (0 and 1) moved to the next number
  /// below, loads, and the behaviour reads the new values: Lua itself reads them back, to the bit. Every
  /// line but the changed ones is the preset's, and a changed line is the preset's with the number after
  /// its name replaced.
  @Test(arguments: Presets.catalogue.map(\.name)) func everyPresetTakesItsTunedValuesBack(_ name: String)
    throws
  {
    let source = try #require(Presets.source(named: name))
    let sheet = try ScriptedSheet(preset: name)
    var values: [String: Double] = [:]
    for (threshold, value) in sheet.behaviour.thresholds where value != 0 && value != 1 {
      values[threshold] = value.nextDown
    }
    let result = try ThresholdWriter.rewrite(values, in: source.text, file: name)
    let tuned = try ScriptedSheet(source: result.text, name: "\(name).lua")
    for (threshold, value) in values {
      let back = tuned.behaviour.thresholds[threshold]
      #expect(back == value, "\(name): \(threshold) reads \(back.map { "\($0)" } ?? "nil"), wrote \(value)")
    }
    #expect(result.changes.count == values.count, "\(name): \(result.changes.map(\.name))")
    let before = source.text.split(separator: "\n", omittingEmptySubsequences: false)
    let after = result.text.split(separator: "\n", omittingEmptySubsequences: false)
    try #require(before.count == after.count)
    let changed = Dictionary(grouping: result.changes, by: \.line)
    for (index, line) in before.enumerated() {
      var expected = String(line)
      for change in changed[index + 1] ?? [] {
        let key = try #require(expected.range(of: change.name + " = "), "\(name): \(change)")
        let number = try #require(
          expected[key.upperBound...].range(of: change.old ?? "?"), "\(name): \(change)")
        expected.replaceSubrange(number, with: change.new)
      }
      #expect(after[index] == expected, "\(name): line \(index + 1)")
    }
  }

  @Test func aStaleFileIsRefusedAndLeftAsItIs() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("writer-\(UUID())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/b.lua"
    let loaded = "return { thresholds = { a = 1 } }\n"
    let edited = "return { thresholds = { a = 1, b = 2 } }\n"
    try edited.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(throws: ThresholdWriterError.stale(file: path)) {
      try ThresholdWriter.write(["a": 5], toFile: path, loaded: loaded)
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == edited)
    // the loaded text: written, the file's permissions kept
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
    let result = try ThresholdWriter.write(["a": 5], toFile: path, loaded: edited)
    #expect(result.changes == [ThresholdWriter.Change(name: "a", line: 1, old: "1", new: "5")])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "return { thresholds = { a = 5, b = 2 } }\n")
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o640)
    let left = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(left == ["b.lua"], "no temporary file left: \(left)")
  }
}
