import Testing

@testable import LuaHost

@Suite struct CoroutineTests {
  func scenario(_ source: String, in state: LuaState) throws -> LuaCoroutine {
    guard case .function(let function)? = try state.run(source, name: "scenario.lua").first else {
      throw LuaError.conversion(value: "the chunk", expected: "function", got: "something else")
    }
    return try state.coroutine(function)
  }

  @Test func hostDrivesWaitThroughYields() throws {
    let state = try LuaState()
    try state.setGlobal("wait", .function(state.yieldingFunction { arguments in ["wait", arguments[0]] }))
    let co = try scenario(
      "return function(start)\n  local t = wait(0.5)\n  local u = wait(t + 1)\n  return start + u\nend",
      in: state)
    #expect(try co.resume([10]) == .yielded(["wait", 0.5]))
    #expect(try co.resume([0.5]) == .yielded(["wait", 1.5]))
    #expect(!co.isFinished)
    #expect(try co.resume([2.5]) == .finished([12.5]))
    #expect(co.isFinished)
    #expect(throws: LuaError.self) { try co.resume() }
    try expectHealthy(state, #line)
  }

  /// A host function the coroutine calls that resumes that same coroutine gets an error (the running
  /// thread is left alone) and the coroutine carries on.
  final class Holder { var coroutine: LuaCoroutine? }

  @Test func resumingTheRunningCoroutineFromItsOwnCallbackIsRefused() throws {
    let state = try LuaState()
    let holder = Holder()
    try state.setGlobal(
      "again",
      .function(
        state.function { _ in
          _ = try holder.coroutine?.resume()
          return []
        }))
    try state.setGlobal("wait", .function(state.yieldingFunction { _ in [] }))
    let co = try scenario(
      "return function() local ok, e = pcall(again) wait() return ok, e end", in: state)
    holder.coroutine = co
    #expect(try co.resume() == .yielded([]))
    guard case .finished(let values) = try co.resume() else {
      Issue.record("the coroutine did not finish")
      return
    }
    #expect(values.first == .boolean(false))
    #expect(values.last?.stringValue?.contains("cannot resume non-suspended coroutine") == true)
    holder.coroutine = nil
    try expectHealthy(state, #line)
  }

  @Test func waitInsidePcallStillYields() throws {
    let state = try LuaState()
    try state.setGlobal("wait", .function(state.yieldingFunction { _ in [] }))
    let co = try scenario("return function() local ok, v = pcall(wait) return ok, v end", in: state)
    #expect(try co.resume() == .yielded([]))
    #expect(try co.resume(["back"]) == .finished([true, "back"]))
  }

  @Test func errorsInsideCarryTheirTraceback() throws {
    let state = try LuaState()
    try state.setGlobal("wait", .function(state.yieldingFunction { _ in [] }))
    let co = try scenario("return function()\n  wait()\n  local t = nil\n  return t.field\nend", in: state)
    #expect(try co.resume() == .yielded([]))
    let caught = thrown { _ = try co.resume() }
    guard let (message, place, traceback) = runtimeParts(caught) else { return }
    #expect(place == "scenario.lua:4")
    #expect(message.contains("attempt to index a nil value"))
    #expect(traceback.contains("scenario.lua:4"))
    #expect(co.isFinished)
    try expectHealthy(state, #line)
  }

  @Test func limitsApplyInsideHostCoroutines() throws {
    let rows: [(source: String, expected: ErrorKind, line: UInt)] = [
      ("return function() while true do end end", .budget, #line),
      (
        "return function() while true do pcall(function() while true do end end) end end", .budget,
        #line
      ),
      ("return function() return string.rep('x', 1e9) end", .memory, #line),
    ]
    let state = try LuaState(.init(deadline: 0))  // ended by the budget or the cap, never by the clock
    for row in rows {
      let co = try scenario(row.source, in: state)
      let caught = thrown { _ = try co.resume() }
      #expect(caught.map(ErrorKind.init) == row.expected, sourceLocation: location(row.line))
      try expectHealthy(state, row.line)
    }
  }

  @Test func eachResumeHasItsOwnBudget() throws {
    let state = try LuaState(.init(instructionLimit: 50_000))
    try state.setGlobal("wait", .function(state.yieldingFunction { _ in [] }))
    let co = try scenario(
      "return function() for _ = 1, 5 do for _ = 1, 4000 do end wait() end return 'done' end", in: state)
    for _ in 0..<5 {
      #expect(try co.resume() == .yielded([]))
    }
    #expect(try co.resume() == .finished(["done"]))
  }
}
