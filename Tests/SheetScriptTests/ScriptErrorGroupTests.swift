import Testing

@testable import SheetScenario
@testable import SheetScript
@testable import SheetTrace

/// A flood of script errors that differ only in a number is one kind: reported once with its count,
/// its first and last time and a sample of the numbers, and a different error among them is not buried.
@Suite struct ScriptErrorGroupTests {
  /// Each row: a message, its numbers, and the message with its numbers as `#`.
  static let shapes: [(message: String, values: [String], shape: String, line: UInt)] = [
    (
      "bad.lua:6: bad value 208.33333333333 (in backdrop)", ["208.33333333333"],
      "bad.lua:6: bad value # (in backdrop)", #line
    ),
    (
      "b.lua:3: backdrop returned 2; expected an opacity in [0, 1] or nil", ["2", "0", "1"],
      "b.lua:3: backdrop returned #; expected an opacity in [#, #] or nil", #line
    ),
    (
      "x.lua:9: returned nan for detent 'p1'; h -1e+07, v .5, at 0x1f", ["nan", "-1e+07", ".5", "0x1f"],
      "x.lua:9: returned # for detent 'p1'; h #, v #, at #", #line
    ),
    (
      "on_tap returned 'hgih', not an active detent (active: 'low', 'high')", [],
      "on_tap returned 'hgih', not an active detent (active: 'low', 'high')", #line
    ),
    (
      "a.lua:12: in function <a.lua:40>: x2 is inf, -inf or 3d", ["inf", "-inf"],
      "a.lua:12: in function <a.lua:40>: x2 is #, # or 3d", #line
    ),
  ]

  @Test(arguments: shapes.indices) func aMessagesNumbersAreTakenOutButNotItsLinesOrNames(_ i: Int) {
    let row = Self.shapes[i]
    let shape = ScriptErrorShape(row.message)
    #expect(shape.values == row.values, "line \(row.line)")
    #expect(shape.text(shape.values.map { _ in "#" }) == row.shape, "line \(row.line)")
    #expect(shape.text(shape.values) == row.message, "line \(row.line): put back, the message itself")
  }

  /// An inline behaviour whose `backdrop` fails every frame of a drag with the frame's height in its
  /// message (line 6), and once, between 399 and 409 pt, with another message (line 5).
  static let flood = """
    -- scenario
    behaviour {
      detents = { { id = 'a', height = 200 }, { id = 'b', height = 600 } },
      backdrop = function(sheet)
        if sheet.height > 399 and sheet.height < 409 then error('the other one') end
        error('bad value ' .. sheet.height)
      end,
    }
    present()
    settle()
    drag { dy = -400, duration = 0.4 }
    settle()
    expect(true, 'x')
    """

  @Test func aFloodIsOneKindAndTheOtherErrorComesFirst() throws {
    let result = try ScenarioFolder().run(Self.flood)
    let failures = result.failures.map(\.description)
    #expect(failures.count == 2, "\(failures)")
    let groups = result.trace.scriptErrorGroups()
    try #require(groups.count == 2)
    let (bad, other) = (groups[0], groups[1])
    #expect(bad.varies && !other.varies)
    #expect(bad.count + other.count == result.scriptErrors)
    let events = result.trace.events.filter { $0.name == "script_error" }
    #expect(bad.first == events.first?.time && bad.last == events.last?.time)
    #expect(bad.message.hasSuffix("/scenario.lua:6: bad value 200.0 (in backdrop)"), "the first, as it is")
    // the rarest first: the one-off error is not buried under the flood
    #expect(
      failures.first?.hasSuffix(
        "scenario.lua:5: script error: the other one (in backdrop) " + other.repeats.dropFirst()) == true,
      "\(failures)")
    #expect(
      failures.last?.hasSuffix(
        "scenario.lua:6: script error: bad value … (in backdrop) (x\(bad.count), "
          + "\(TraceNumber.format(bad.first, decimals: 3))–\(TraceNumber.format(bad.last, decimals: 3)) s; e.g. 200.0)"
      )
        == true, "\(failures)")
    let table = result.trace.table()
    #expect(table.components(separatedBy: "script_error").count - 1 == 2, "each kind once in the table")
    #expect(table.contains("bad value 200.0 (in backdrop)\" (x\(bad.count) with other numbers, "), "\(table)")
  }

  @Test func identicalErrorsKeepTheirCountAlone() {
    var group = ScriptErrorGroup(
      callback: "backdrop", message: "b.lua:3: returned 2", count: 1, first: 0.5, last: 0.5)
    group.add("b.lua:3: returned 2", at: 0.75)
    #expect(!group.varies && group.repeats == " (x2, 0.5–0.75 s)" && group.summary == group.repeats)
    group.add("b.lua:3: returned 3", at: 1)
    #expect(group.varies && group.pattern == "b.lua:3: returned …" && group.sample == "2")
    #expect(group.repeats == " (x3 with other numbers, 0.5–1 s)" && group.summary == " (x3, 0.5–1 s; e.g. 2)")
  }
}
