import Foundation
import Testing

@testable import SheetScenario
@testable import SheetScript
@testable import SheetTrace

/// A run a limit stops with a finger down brings its sheet to rest: the finger is lifted and the frames
/// run to rest through the behaviour's own callbacks, with the sheet moved out of the session for the
/// call (an inline behaviour's callback that prints notes into the session meanwhile), and what those
/// callbacks print goes into the trace after the limit, as the closing frames do.
@Suite struct BringToRestTests {
  /// A print event's text.
  static func text(_ entry: TraceEntry) -> String? {
    guard case .event(let event) = entry, event.name == "print",
      case .string(let text)? = event.fields.first?.value
    else { return nil }
    return text
  }

  @Test func aLimitWithAFingerDownLiftsItThroughTheCallbacks() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rest-\(getpid())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = "\(folder)/rest.lua"
    try """
    -- scenario: the call limit stops a drag with the finger down
    screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34 }
    behaviour {
      detents = { { id = 'half', height = 400 } },
      on_release = function(sheet, gesture) print('released at ' .. math.floor(sheet.height)) end,
      on_state = function(sheet, from, to) print('state ' .. tostring(to)) end,
    }
    present()
    settle()
    touch_down { y = 500 }
    for i = 1, 100 do touch_move { y = 500 + i } end
    expect(false, 'never reached')
    """.write(toFile: file, atomically: true, encoding: .utf8)
    var options = ScenarioOptions()
    options.limits.calls = 20
    let result = ScenarioRunner.run(file: file, options: options)
    #expect(
      result.scriptError?.contains("call limit (20 scenario calls)") == true, "\(result.scriptError ?? "-")")
    let prints = result.trace.entries.compactMap(Self.text)
    // the finger lifted after the limit (at 516.0: 16 moves of 1 pt below 500) and the sheet at rest
    #expect(prints.contains { $0.hasPrefix("released at ") }, "\(prints)")
    #expect(prints.last == "state resting", "\(prints)")
    let stop = try #require(
      result.trace.entries.lastIndex {
        if case .event(let event) = $0 { return event.name == "script_error" }
        return false
      })
    let released = try #require(
      result.trace.entries.lastIndex { Self.text($0)?.hasPrefix("released") == true })
    #expect(released > stop, "the release is noted after the limit's error")
  }
}
