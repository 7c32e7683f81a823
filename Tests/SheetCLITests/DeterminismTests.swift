import Foundation
import Testing

/// The same scenario gives the same bytes in every process, also when its scripts iterate
/// with `pairs` and `next` (Debian's Lua seeds its string hash per process and hashes tables by
/// address) or print tables and functions. The sandbox's order is a function of the keys, and
/// identities are creation numbers, not addresses.
@Suite struct DeterminismTests {
  /// A behaviour whose release rule walks `sheet.detents` with `pairs` and takes the first id it sees.
  static let behaviour = """
    return {
      detents = {
        { id = 'b', height = 300 }, { id = 'a', height = 400 }, { id = 'c', height = 500 },
      },
      thresholds = { zeta = 1, alpha = 2, mid = 3 },
      on_release = function(sheet)
        for id in pairs(sheet.detents) do return id, 'first of pairs' end
      end,
    }
    """

  /// A scenario that iterates string-keyed tables, mixed keys and views, prints identities and churns
  /// a hash part first (insertions and deletions whose layout follows the per-process seed).
  static let scenario = """
    -- scenario: pairs, next and tostring give the same bytes in every process
    behaviour 'b.lua'
    local churn = {}
    for round = 1, 20 do
      for i = 1, 8 do churn['k' .. round .. '_' .. i] = i end
      for i = 1, 4 do churn['k' .. round .. '_' .. i] = nil end
    end
    local a, f = {}, function() end
    local mixed = { 10, 20, x = 1, y = 2, [2.5] = 'half', [true] = 't', [false] = 'f', [a] = 'table',
      [f] = 'function', [print] = 'print', name = 'n', [-1] = 'minus' }
    local function keys(t)
      local out = {}
      for k, v in pairs(t) do out[#out + 1] = tostring(k) .. '=' .. tostring(v) end
      return table.concat(out, ' ')
    end
    print(keys(mixed))
    local seq, k = {}, next(churn)
    while k ~= nil do seq[#seq + 1] = k; k = next(churn, k) end
    print(#seq, seq[1], seq[#seq])
    print(keys({ delta = 4, alpha = 1, charlie = 3, bravo = 2 }))
    print(tostring(a), tostring(f), string.format('%s', {}))
    present()
    settle()
    print(keys(sheet.thresholds))
    drag { dy = -30 }
    settle()
    expect(sheet.detent == 'a', 'pairs over sheet.detents gives a first, in the order of its keys')
    """

  @Test func sixProcessesGiveTheSameBytes() throws {
    let folder = try TemporaryFolder()
    try folder.write("b.lua", Self.behaviour)
    let file = try folder.write("s.lua", Self.scenario)
    var outputs: [Data] = []
    for _ in 0..<6 {
      let run = try SheetBinary.run(["run", file, "--format", "jsonl"])
      #expect(run.status == 0, "\(run.stderr)")
      outputs.append(run.stdoutData)
    }
    #expect(Set(outputs).count == 1, "the six runs differ")
    let text = String(decoding: outputs[0], as: UTF8.self)
    // the order itself, worked out by hand: numbers ascending, then strings bytewise, then false and
    // true (the objects follow, by creation)
    #expect(text.contains(#"alpha=1 bravo=2 charlie=3 delta=4"#), "strings in byte order")
    #expect(text.contains(#"-1=minus 1=10 2=20 2.5=half name=n x=1 y=2 false=f true=t"#), "\(text)")
    #expect(text.contains(#"alpha=2.0 mid=3.0 zeta=1.0"#), "a view's keys in order")
  }
}
