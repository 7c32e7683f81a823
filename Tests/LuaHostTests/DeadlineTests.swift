import Testing

@testable import LuaHost

/// The per-call wall-clock deadline, the last line behind the instruction budget, and `unitsUsed`.
///
/// The deadline reads a clock the test moves (``TestClock``): each reading is about 1 ms later, and a host
/// function "naps" by moving it on, so a call reaches its deadline by what it did, whatever the
/// machine's speed or load.
@Suite struct DeadlineTests {
  /// A clock that moves `tick` seconds each time it is read, and on demand (binary fractions, so the
  /// sums are exact).
  final class TestClock {
    var now = 1_024.0
    var readings = 0
    let tick: Double

    init(tick: Double = 1.0 / 1_024) { self.tick = tick }

    func read() -> Double {
      readings += 1
      now += tick
      return now
    }
  }

  /// A state whose instruction budget never runs out, so only the deadline can end a call, on `clock`.
  func unbounded(deadline: Double = 0.05, clock: TestClock = TestClock()) throws -> LuaState {
    let state = try LuaState(.init(instructionLimit: 1 << 40, deadline: deadline))
    state.setDeadlineClock { clock.read() }
    return state
  }

  @Test func endlessLoopsEndByTheDeadline() throws {
    let rows: [(source: String, line: UInt)] = [
      ("while true do end", #line),
      ("local x = 0\nwhile true do x = x + 1 end", #line),
      // Work done in C, in counted pieces: the charges read the clock (the hook seldom fires here).
      ("while true do string.rep('', 1e6) end", #line),
      ("local s = ('a'):rep(5000)\nwhile true do s:find(('a'):rep(100) .. 'b', 1, true) end", #line),
      ("while true do string.find(('a'):rep(30), ('a*'):rep(30) .. 'b') end", #line),
      ("while true do pcall(function() while true do end end) end", #line),
    ]
    let clock = TestClock()
    let state = try unbounded(clock: clock)
    for row in rows {
      let before = clock.readings
      let caught = error(running: row.source, in: state)
      // The first reading starts the call's clock; 50 ms at 1/1024 s a reading (51.2 readings) is
      // passed at the 53rd.
      #expect(clock.readings - before == 53, sourceLocation: location(row.line))
      #expect(
        isDeadline(caught), "\(row.source): \(String(describing: caught))",
        sourceLocation: location(row.line))
      #expect(caught?.description.contains("deadline") == true, sourceLocation: location(row.line))
      #expect(caught?.location?.file == "behaviour.lua", sourceLocation: location(row.line))
      #expect(caught?.isBudget == true, sourceLocation: location(row.line))
      try expectHealthy(state, row.line)
    }
  }

  @Test func theDeadlineIsTheStatesSetting() throws {
    let state = try unbounded(deadline: 0.05)
    let caught = error(running: "while true do end", in: state)
    #expect(caught == .deadlineExceeded(seconds: 0.05, location: "behaviour.lua:1"))
    #expect(
      caught?.description == "behaviour.lua:1: time budget exceeded (the call ran past its 50 ms deadline)")
    #expect(state.deadline == 0.05)
  }

  @Test func callsWithinTheirBudgetNeverReachTheDefaultDeadline() throws {
    let state = try LuaState()
    #expect(state.deadline == 0.5)
    let clock = TestClock()
    state.setDeadlineClock { clock.read() }
    let sum = try state.load(
      "return function(n) local x = 0 for i = 1, n do x = x + i end return x, string.rep('', 1000) end",
      name: "short.lua"
    ).call()
    guard case .function(let function)? = sum.first else {
      Issue.record("no function")
      return
    }
    for _ in 0..<200 {
      #expect(try function.call([.integer(1000)]) == [.integer(500_500), ""])
    }
    for _ in 0..<200 {
      #expect(try state.run("return #string.rep('ab', 10, ',')", name: "short.lua") == [.integer(29)])
    }
    // Each call's clock starts over: 400 calls read it, none as often as the 513 readings of 0.5 s.
    #expect(clock.readings > 0 && clock.readings < 400 * 513)
  }

  /// A host call that naps past the deadline between two stretches of Lua code (the clock moves
  /// 150 ms), and the same call finishes once the deadline is off.
  @Test func settingTheDeadlineToZeroTurnsItOff() throws {
    let clock = TestClock(tick: 0)
    let state = try unbounded(deadline: 0.05, clock: clock)
    try state.register("nap") { _ in
      clock.now += 0.15
      return []
    }
    let source = "for _ = 1, 5000 do end\nnap()\nfor _ = 1, 5000 do end\nreturn 'done'"
    let caught = error(running: source, in: state)
    #expect(isDeadline(caught), "\(String(describing: caught))")
    #expect(caught?.location == "behaviour.lua:3")
    try expectHealthy(state, #line)
    state.deadline = 0
    #expect(state.deadline == 0)
    #expect(try state.run(source, name: "behaviour.lua") == ["done"])
    state.deadline = 0.05
    #expect(isDeadline(error(running: source, in: state)))
  }

  @Test func unitsUsedGrowsByTheChargedWork() throws {
    let state = try LuaState()
    let rows: [(source: String, units: Int, line: UInt)] = [
      ("string.rep('', 50000)", 50_000, #line),
      ("string.rep('', 50000)", 50_000, #line),  // the count carries over calls
      ("table.move({}, 1, 30000, 1, {})", 30_000, #line),
      ("table.unpack({}, 1, 20000)", 20_000, #line),
      ("local s = string.rep('x', 400000)", 100_000, #line),  // bytes allocated: one unit per 4
      ("for _ = 1, 150000 do end", 100_000, #line),  // VM instructions (counted in steps of 1000)
    ]
    for row in rows {
      let before = state.unitsUsed
      try state.run(row.source, name: "units.lua")
      let grown = state.unitsUsed - before
      #expect(grown >= row.units, "\(row.source): \(grown)", sourceLocation: location(row.line))
      // Not wildly more: the cost model's charge, the memory the work allocates (table.unpack's values
      // grow the stack: 16 bytes each) and the chunk's own small overhead.
      #expect(grown < row.units * 6 + 50_000, "\(row.source): \(grown)", sourceLocation: location(row.line))
    }
  }
}

/// Whether the error is the deadline's (`ErrorKind` counts it as a budget error).
private func isDeadline(_ error: LuaError?) -> Bool {
  if case .deadlineExceeded? = error { return true }
  return false
}
