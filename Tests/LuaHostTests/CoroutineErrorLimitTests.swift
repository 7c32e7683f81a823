import Testing

@testable import LuaHost

/// When a host coroutine fails, describing its error (`__tostring`) and closing its pending
/// to-be-closed variables (`__close`) is script code: it runs under the memory cap and the budget.
extension CoroutineTests {
  /// Bodies whose failure runs a handler that allocates 64 MiB (past the 16 MiB cap), grows a table
  /// until the cap stops it, or loops forever; the error each resume must end with (`budgetAt`: the
  /// budget ran out at that line, inside the handler).
  static let failingBodies: [(source: String, kind: ErrorKind, budgetAt: String?, line: UInt)] = [
    (
      "return function()\n"
        + "  error(setmetatable({}, { __tostring = function() return string.rep('x', 64 << 20) end }))\nend",
      .runtime, nil, #line
    ),
    (
      "return function()\n"
        + "  error(setmetatable({}, { __tostring = function() local t = {} for i = 1, 1e8 do t[i] = i end end }))\n"
        + "end", .runtime, nil, #line
    ),
    (
      "return function()\n  error(setmetatable({}, { __tostring = function() while true do end end }))\nend",
      .budget, "scenario.lua:2", #line
    ),
    (
      "return function()\n"
        + "  local x <close> = setmetatable({}, {__close = function() local s = string.rep('x', 64 << 20) end})\n"
        + "  error('boom')\nend", .runtime, nil, #line
    ),
    (
      "return function()\n"
        + "  local x <close> = setmetatable({}, {__close = function() local t = {} for i = 1, 1e8 do t[i] = i end end})\n"
        + "  error('boom')\nend", .runtime, nil, #line
    ),
    (
      "return function()\n"
        + "  local x <close> = setmetatable({}, {__close = function() while true do end end})\n"
        + "  error('boom')\nend", .budget, "scenario.lua:2", #line
    ),
    (
      "return function()\n"
        + "  local x <close> = setmetatable({}, {__close = function() local s = string.rep('x', 64 << 20) end})\n"
        + "  error(setmetatable({}, { __tostring = function() return string.rep('y', 64 << 20) end }))\nend",
      .runtime, nil, #line
    ),
  ]

  @Test func errorHandlersOfAFailingCoroutineStayUnderTheCapAndTheBudget() throws {
    let cap = 16 << 20
    let state = try LuaState(.init(memoryLimit: cap, deadline: 0))
    for row in CoroutineTests.failingBodies {
      let co = try scenario(row.source, in: state)
      let caught = thrown { _ = try co.resume() }
      #expect(
        caught.map(ErrorKind.init) == row.kind, "\(String(describing: caught))",
        sourceLocation: location(row.line))
      if let place = row.budgetAt {
        #expect(
          caught == .budgetExceeded(location: SourceLocation(stringLiteral: place)),
          sourceLocation: location(row.line))
      }
      #expect(
        state.memoryInUse < cap + (1 << 20), "\(state.memoryInUse) bytes", sourceLocation: location(row.line))
      #expect(co.isFinished, sourceLocation: location(row.line))
      try expectHealthy(state, row.line)
      try state.run("collectgarbage()", name: "gc.lua")
      #expect(
        state.memoryInUse < 1 << 20, "\(state.memoryInUse) bytes after a collection",
        sourceLocation: location(row.line))
    }
  }
}
