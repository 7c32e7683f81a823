import Foundation
import Testing

/// The run-wide limits at the edges where they were once open: behaviour loads and hot reloads spend the
/// behaviour's budget (a reload does not start it again), an inline behaviour's callbacks are the
/// behaviour's spending and not the scenario's, `-o` refuses a module the run requires, long `expect`
/// messages are cut, and an inline behaviour's `print` reaches the trace.
@Suite struct RunWideLimitTests {
  /// A behaviour whose top level spends about 12 million units and then fails to load.
  static let slowBrokenBehaviour = "local x = 0 for i = 1, 4000000 do x = x + i end error('broken')\n"
  /// A behaviour whose `on_drag` spends about 6 million units a call.
  static let heavyBehaviour = """
    return {
      on_drag = function(sheet, gesture)
        local x = 0 for i = 1, 2000000 do x = x + i end
        return gesture.start_height - gesture.translation
      end,
    }
    """

  @Test func reloadingASlowBehaviourSpendsTheBehavioursBudget() throws {
    let folder = try TemporaryFolder()
    try folder.write("slow.lua", Self.slowBrokenBehaviour)
    let file = try folder.write("s.lua", "-- scenario\nwhile true do reload 'slow.lua' end\n")
    let run = try SheetBinary.run(["run", file], timeout: 300)  // a guard against hanging
    #expect(!run.timedOut && run.status == 1)
    #expect(
      run.stderr.contains("s.lua:2: error: the run reached the behaviour's instruction limit"),
      "\(run.stderr)")
  }

  @Test func aHotReloadDoesNotStartTheBehavioursBudgetAgain() throws {
    let folder = try TemporaryFolder()
    try folder.write("heavy.lua", Self.heavyBehaviour)
    let file = try folder.write(
      "s.lua",
      """
      -- scenario
      behaviour 'heavy.lua'
      present()
      settle()
      for _ = 1, 8 do
        drag { dy = -1, duration = 0.25 }
        reload 'heavy.lua'
      end
      expect(true, 'never reached')
      """)
    let run = try SheetBinary.run(["run", file], timeout: 60)
    #expect(run.status == 1)
    #expect(run.stderr.contains("the run reached the behaviour's instruction limit"), "\(run.stderr)")
  }

  @Test func anInlineBehavioursCallbacksAreTheBehavioursSpending() throws {
    // 120 frames of 1.5 million units: 180 million, past the scenario's own 100 million but within the
    // behaviour's 250 million. The same code as a file behaviour passes, and so must the inline one.
    let folder = try TemporaryFolder()
    let file = try folder.write(
      "s.lua",
      """
      -- scenario
      behaviour {
        on_drag = function(sheet, gesture)
          local x = 0 for i = 1, 500000 do x = x + i end
          return gesture.start_height - gesture.translation
        end,
      }
      present()
      settle()
      drag { dy = -1, duration = 1 }
      settle()
      expect(sheet.state == 'resting', 'rests')
      """)
    let run = try SheetBinary.run(["run", file], timeout: 60)
    #expect(run.status == 0, "\(run.stderr)")
  }

  @Test func outputNeverOverwritesARequiredModule() throws {
    let folder = try TemporaryFolder()
    let helper = try folder.write("helper.lua", "return { answer = 42 }\n")
    let original = try Data(contentsOf: URL(fileURLWithPath: helper))
    let file = try folder.write(
      "s.lua", "-- scenario\nlocal h = require 'helper'\nexpect(h.answer == 42, 'required')\n")
    let run = try SheetBinary.run(["run", file, "-o", helper])
    #expect(run.status == 2)
    #expect(run.stderr.contains("is a file this run reads (a module the run requires)"), "\(run.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: helper)) == original)
  }

  @Test func longExpectMessagesAreCut() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(
      "s.lua", "-- scenario\nlocal s = ('x'):rep(1 << 20)\nfor _ = 1, 20 do expect(false, s) end\n")
    let run = try SheetBinary.run(["run", file])
    #expect(run.status == 1)
    #expect(run.stdout.utf8.count + run.stderr.utf8.count < 1 << 20, "a 1 MiB message is quoted in full")
    #expect(run.stderr.contains("(1048576 bytes)"), "the cut says the length")
  }

  @Test func anInlineCallbacksPrintReachesTheTrace() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(
      "s.lua",
      """
      -- scenario
      behaviour {
        on_release = function(sheet) print('released from ' .. tostring(sheet.detent)) end,
      }
      present()
      settle()
      drag { dy = -20 }
      settle()
      expect(sheet.state == 'resting', 'rests')
      """)
    let run = try SheetBinary.run(["run", file])
    #expect(run.stdout.contains("print text=\"released from "), "\(run.stdout)")
  }
}
