import SheetTestSupport
import Testing

@testable import LuaHost

/// Creating, calling and closing states leaves the process's resident memory flat.
@Suite(
  .serialized, .enabled(if: MemoryFlatness.runs, Comment(rawValue: MemoryFlatness.skipped)),
  .disabled(
    if: SanitizedRun.isActive,
    """
    resident memory is not flat under AddressSanitizer: its quarantine holds freed blocks (256 MiB) \
    and their shadow
    """))
struct MemoryFlatnessTests {
  static let bound = 32 << 20

  @Test func creatingAndClosingStatesLeavesMemoryFlat() throws {
    for _ in 0..<200 { _ = try LuaState() }
    let before = residentBytes()
    #expect(before > 0, "/proc/self/statm read")
    for i in 0..<10_000 {
      let state = try LuaState()
      if i % 100 == 0 { _ = try state.run("return 1", name: "s.lua") }
    }
    let growth = residentBytes() - before
    #expect(growth < MemoryFlatnessTests.bound, "RSS grew by \(growth) bytes")
  }

  @Test func callsPassingClosuresAndTablesLeaveMemoryFlat() throws {
    let state = try LuaState()
    guard
      case .function(let apply)? = try state.run("return function(f, t) return f(t.x, t) end", name: "a.lua")
        .first
    else { throw LuaError.stateClosed }
    func round(_ i: Int) throws {
      let closure = try state.function { arguments in [arguments[0]] }
      let result = try apply.call([.function(closure), ["x": .integer(i), "pad": .string("some text \(i)")]])
      #expect(result == [.integer(i)])
    }
    for i in 0..<2000 { try round(i) }
    let before = residentBytes()
    let luaBefore = state.memoryInUse
    for i in 0..<100_000 { try round(i) }
    try state.run("collectgarbage() collectgarbage()", name: "gc.lua")
    let growth = residentBytes() - before
    #expect(growth < MemoryFlatnessTests.bound, "RSS grew by \(growth) bytes")
    #expect(state.memoryInUse < luaBefore + (1 << 20), "Lua memory \(luaBefore) -> \(state.memoryInUse)")
    #expect(state.stackTop == 0)
  }
}
