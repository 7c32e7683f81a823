import Testing

@testable import SheetScript

/// A fault in an inline `behaviour { ... }` names its real line in the scenario file, not line 1
/// (which a locator with no text to search would say).
@Suite struct InlineBehaviourLineTests {
  /// The scenario's moves after its behaviour: present, drag up, settle.
  static let moves =
    "present()\nsettle()\ndrag { dy = -100, duration = 0.25 }\nsettle()\nexpect(true, 'ran')\n"

  /// Each row: the scenario (line 1 is the marker) and the `file:line: message` its first failure holds.
  static let rows: [(text: String, fragment: String, line: UInt)] = [
    (
      """
      -- scenario
      screen { width = 390, height = 844 }
      behaviour {
        detents = { { id = 'low', height = 300 }, { id = 'high', height = 600 } },
        -- on_release on line 7
        on_drag = function(_, g) return g.start_height - g.translation end,
        on_release = function() return 'hihg' end,
      }
      \(moves)
      """, "scenario.lua:7: script error: on_release returned 'hihg'", #line
    ),
    (
      """
      -- scenario
      behaviour {
        detents = { { id = 'low', height = 300 } },
        backdrop = function() return 2 end,
      }
      \(moves)
      """, "scenario.lua:4: script error: backdrop returned 2", #line
    ),
    (
      """
      -- scenario
      behaviour {
        detents = { { id = 'low', height = 300 }, { id = 'high', height = 600 } },
        on_release = function() return 'low' end,
      }
      behaviour {
        detents = { { id = 'low', height = 300 }, { id = 'high', height = 600 } },
        on_release = function() return 'nowhere' end,
      }
      \(moves)
      """, "scenario.lua:8: script error: on_release returned 'nowhere'", #line
    ),
    (
      """
      -- scenario
      local b = {
        detents = { { id = 'low', height = 300 }, { id = 'high', height = 600 } },
        on_release = function() return 42 end,
      }
      behaviour(b)
      \(moves)
      """, "scenario.lua:4: script error: on_release returned 42", #line
    ),
    (
      """
      -- scenario
      behaviour {
        detents = { { id = 'low', height = 300 } },

        on_release = function()
          error('boom')
        end,
      }
      \(moves)
      """, "scenario.lua:6: script error: boom (in on_release)", #line
    ),
    (
      """
      -- scenario
      behaviour {
        detents = { { id = 'low', height = 300 } },
        on_relase = function() return 'low' end,
      }
      \(moves)
      """, "scenario.lua:4: unknown field 'on_relase' (did you mean 'on_release'?)", #line
    ),
  ]

  @Test(arguments: rows.indices) func faultsNameTheLineInTheScenario(_ i: Int) throws {
    let row = Self.rows[i]
    let folder = try ScenarioFolder()
    let result = try folder.run(row.text)
    let first = try #require(result.failures.first, "row at line \(row.line)")
    // Lua shortens a long chunk name to its end ("...tests-XXXX/scenario.lua"), so only the file's name is
    // compared.
    #expect(first.description.contains("/\(row.fragment)"), "row at line \(row.line): \(result.failures)")
  }

  @Test func theLocatorSearchesFromTheFirstLineThenFromTheTop() {
    let text = "a = 1\non_release = x\nb = 2\non_release = y\n"
    #expect(SourceLocator(text).line(of: [.key("on_release")]) == 2)
    #expect(SourceLocator(text, firstLine: 3).line(of: [.key("on_release")]) == 4)
    #expect(SourceLocator(text, firstLine: 5).line(of: [.key("on_release")]) == 2)
    #expect(SourceLocator(text, firstLine: 3).line(of: [.key("missing")]) == 3)
    #expect(SourceLocator(text).line(of: [.key("missing")]) == 1)
  }
}
