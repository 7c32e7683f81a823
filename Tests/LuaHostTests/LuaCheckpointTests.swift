import Foundation
import LuaSandbox
import Testing

@testable import LuaHost

/// Checkpoints of restorable states: a restored state runs on exactly as the state did from the checkpoint
/// (the same results, identity numbers, counters and errors as a state built afresh), its host
/// closures stay balanced, and a restore that could not be exact is refused.
@Suite struct LuaCheckpointTests {
  /// A set-up a run then builds on: a module holding a counter, a table, a host function.
  private static let setUp = """
    local m = require 'm'
    m.count = 1
    m.items = { 'a', 'b', 'c' }
    m.made = {}
    """

  /// A run: changes the module, makes tables and closures, and reports what a fresh state would give
  /// only if everything before it is the same (identity numbers, iteration order, memory counters).
  private static let run = """
    local m = require 'm'
    m.count = m.count + 1
    for i = 1, 200 do m.made[i] = { i, tostring(i) } end
    local keys = {}
    for k in pairs({ x = 1, y = 2, z = 3, [10] = 4 }) do keys[#keys + 1] = tostring(k) end
    local f = function() return m.count end
    return table.concat({ tostring(m.count), tostring({}), tostring(f), table.concat(keys, ','),
      tostring(#m.made), string.format('%.3f', math.random()) }, ' ')
    """

  private static func state(restorable: Bool, regionBytes: Int? = nil) throws -> LuaState {
    var options = LuaState.Options()
    options.restorable = restorable
    options.regionBytes = regionBytes
    let state = try LuaState(options)
    try state.setModule("m", .tableRef(try state.newTable()))
    try state.run(setUp, name: "setup.lua")
    return state
  }

  private static func runOnce(_ state: LuaState) throws -> (
    text: String, memory: Int, allocations: UInt64, units: Int
  ) {
    let text = try state.run(run, name: "run.lua").first?.stringValue ?? "(none)"
    return (text, state.memoryInUse, state.allocationCount, state.unitsUsed)
  }

  @Test func aRestoredStateRunsAsAFreshOneDoes() throws {
    let fresh = try Self.runOnce(try Self.state(restorable: false))
    let state = try Self.state(restorable: true)
    let checkpoint = try state.checkpoint()
    for _ in 0..<3 {
      let restored = try Self.runOnce(state)
      #expect(restored.text == fresh.text)
      #expect(restored.memory == fresh.memory)
      #expect(restored.allocations == fresh.allocations)
      #expect(restored.units == fresh.units)
      try state.restore(checkpoint, meter: nil)
    }
    #expect(fresh.text.hasPrefix("2 table: "))
  }

  @Test func aRestoreBringsBackEveryValue() throws {
    let state = try Self.state(restorable: true)
    let checkpoint = try state.checkpoint()
    try state.run("local m = require 'm'; m.count = 99; m.items = nil; collectgarbage()", name: "w.lua")
    #expect(try state.run("return (require 'm').count", name: "r.lua") == [.integer(99)])
    try state.restore(checkpoint, meter: nil)
    #expect(try state.run("return (require 'm').count", name: "r.lua") == [.integer(1)])
    try state.restore(checkpoint, meter: nil)
    #expect(try state.run("return #(require 'm').items", name: "r.lua") == [.integer(3)])
  }

  @Test func hostClosuresStayBalancedAcrossRestores() throws {
    let state = try Self.state(restorable: true)
    final class Probe {}
    var calls = 0
    weak var kept: Probe?
    do {
      let probe = Probe()
      kept = probe
      let function = try state.function { _ in
        _ = probe
        calls += 1
        return [.integer(calls)]
      }
      let module = try state.newTable()
      try module.set(field: "f", .function(function))
      try state.setModule("h", .tableRef(module))
    }
    let checkpoint = try state.checkpoint()
    // the script drops the only Lua reference and collects it: its finalizer releases the closure
    try state.run(
      "(require 'h').f = nil; package = nil; collectgarbage(); collectgarbage()", name: "drop.lua")
    try state.restore(checkpoint, meter: nil)
    // back in Lua: it still runs, held by the restored closure and the checkpoint
    #expect(try state.run("return (require 'h').f()", name: "call.lua") == [.integer(1)])
    #expect(kept != nil)
    // a closure made after the checkpoint is released by the restore that forgets it
    weak var later: Probe?
    do {
      let probe = Probe()
      later = probe
      let function = try state.function { _ in
        _ = probe
        return []
      }
      try state.setGlobal("later", .function(function))
    }
    #expect(later != nil)
    try state.restore(checkpoint, meter: nil)
    #expect(later == nil)
    #expect(try state.run("return (require 'h').f()", name: "call.lua") == [.integer(2)])
  }

  @Test func aRestoreWaitsForReferencesMadeSinceTheCheckpoint() throws {
    let state = try Self.state(restorable: true)
    let checkpoint = try state.checkpoint()
    var table: LuaTable? = try state.newTable()
    #expect(throws: LuaCheckpointError.self) { try state.restore(checkpoint, meter: nil) }
    table?.set("x", 1.0)
    table = nil
    try state.restore(checkpoint, meter: nil)
  }

  @Test func onlyARestorableStateIsCheckpointedAndOnlyOnce() throws {
    let plain = try Self.state(restorable: false)
    #expect(throws: LuaCheckpointError(description: "the state is not restorable")) {
      _ = try plain.checkpoint()
    }
    let state = try Self.state(restorable: true)
    let checkpoint = try state.checkpoint()
    #expect(throws: LuaCheckpointError(description: "the state has a checkpoint")) {
      _ = try state.checkpoint()
    }
    let other = try Self.state(restorable: true)
    #expect(throws: LuaCheckpointError(description: "the checkpoint is another state's")) {
      try other.restore(checkpoint, meter: nil)
    }
  }

  @Test func aStateThatOutgrowsItsRegionRunsOnButIsNotRestored() throws {
    let state = try Self.state(restorable: true, regionBytes: 1 << 20)
    let checkpoint = try state.checkpoint()
    // 2 MiB of strings: past the region, the blocks come from malloc and the state works on
    let grow = """
      local m = require 'm'
      m.big = {}
      for i = 1, 2048 do m.big[i] = string.rep(string.char(65 + i % 26), 1000) .. i end
      return #m.big[2048]
      """
    #expect(try state.run(grow, name: "grow.lua") == [.integer(1004)])
    #expect(throws: LuaCheckpointError(description: "some of the state's blocks live outside its region")) {
      try state.restore(checkpoint, meter: nil)
    }
    // refused with nothing changed: the state goes on from where it was
    #expect(
      try state.run("return #(require 'm').big, (require 'm').count", name: "r.lua") == [
        .integer(2048), .integer(1),
      ])
    try state.run("(require 'm').big = nil; collectgarbage()", name: "drop.lua")
    #expect(try state.run("return (require 'm').big == nil", name: "r.lua") == [.boolean(true)])
    state.close()
  }

  @Test func theMemoryCapFailsAtTheSamePointInARestorableState() throws {
    func failure(restorable: Bool) throws -> (error: String, memory: Int) {
      var options = LuaState.Options(memoryLimit: 1 << 20)
      options.restorable = restorable
      let state = try LuaState(options)
      let caught = error(running: "local t = {} for i = 1, 1e7 do t[i] = i .. 'x' end", in: state)
      return (String(describing: caught), state.memoryInUse)
    }
    let plain = try failure(restorable: false)
    let restorable = try failure(restorable: true)
    #expect(plain.error.contains("memory"))
    #expect(restorable.error == plain.error)
    #expect(restorable.memory == plain.memory)
  }

  @Test func aRestoredStateReportsToTheMeterItIsGiven() throws {
    let first = LuaMeter()
    var options = LuaState.Options(meter: first)
    options.restorable = true
    let state = try LuaState(options)
    let checkpoint = try state.checkpoint()
    let second = LuaMeter()
    try state.restore(checkpoint, meter: second)
    let before = first.units
    try state.run("local x = 0 for i = 1, 100000 do x = x + i end", name: "spend.lua")
    #expect(first.units == before)
    #expect(second.units > 0)
  }

  /// The restores give back what the runs touched: the states' regions hold about their checkpoints'
  /// pages and the few the restore keeps for the next run (`SANDBOX_ARENA_KEPT_BYTES`), counted page by
  /// page in the regions themselves (not the process's resident memory, which the suites running beside
  /// this one move).
  @Test func aRestoreGivesBackThePagesARunTouched() throws {
    // the instruction limit bounds the run; no wall-clock deadline for a test to race
    var options = LuaState.Options(memoryLimit: 64 << 20, instructionLimit: 100_000_000, deadline: 0)
    options.restorable = true
    var states: [(LuaState, LuaCheckpoint)] = []
    for _ in 0..<4 {
      let state = try LuaState(options)
      states.append((state, try state.checkpoint()))
    }
    for (state, checkpoint) in states {
      // about 30 MiB of the region touched, then forgotten by the restore
      try state.run("local t = {} for i = 1, 250000 do t[i] = ('x'):rep(64) .. i end", name: "big.lua")
      #expect(state.regionResidentBytes > 16 << 20, "the run touched \(state.regionResidentBytes) bytes")
      try state.restore(checkpoint, meter: nil)
      #expect(state.regionBytesUsed == checkpoint.bytes)
      let kept = checkpoint.bytes + Int(SANDBOX_ARENA_KEPT_BYTES) + 2 * Int(sysconf(Int32(_SC_PAGESIZE)))
      #expect(state.regionResidentBytes <= kept, "\(state.regionResidentBytes) bytes kept of \(kept)")
    }
  }

  @Test func aBatchMadeBeforeTheCheckpointWritesAgainAfterARestore() throws {
    var options = LuaState.Options()
    options.restorable = true
    let state = try LuaState(options)
    let table = try state.newTable()
    try state.setGlobal("t", .tableRef(table))
    let batch = try LuaFieldBatch(fields: [(table: table, key: "x")])
    let checkpoint = try state.checkpoint()
    batch.stage(0, 1.5)
    batch.flush()
    #expect(try state.run("return t.x", name: "r.lua") == [.number(1.5)])
    try state.restore(checkpoint, meter: nil)
    #expect(try state.run("return t.x", name: "r.lua") == [.nil])
    batch.stage(0, 1.5)
    batch.flush()
    #expect(try state.run("return t.x", name: "r.lua") == [.number(1.5)])
  }

  @Test func aStateWithACoroutineIsNotCheckpointed() throws {
    var options = LuaState.Options()
    options.restorable = true
    let state = try LuaState(options)
    var coroutine: LuaCoroutine? = try state.coroutine(try state.load("return 1", name: "c.lua"))
    #expect(throws: LuaCheckpointError(description: "the state has a coroutine")) {
      _ = try state.checkpoint()
    }
    _ = try coroutine?.resume()
    coroutine = nil
    _ = try state.checkpoint()
  }
}
