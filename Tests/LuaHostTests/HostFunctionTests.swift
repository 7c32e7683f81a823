import Testing

@testable import LuaHost

@Suite struct HostFunctionTests {
  struct Refusal: Error, CustomStringConvertible {
    var description: String { "refused by the host" }
  }

  @Test func swiftClosuresAreLuaFunctions() throws {
    let state = try LuaState()
    try state.register("add") { arguments in
      [.number((arguments[0].doubleValue ?? 0) + (arguments[1].doubleValue ?? 0))]
    }
    try state.register("describe") { arguments in
      [.string(arguments.map(\.typeName).joined(separator: ","))]
    }
    #expect(try state.run("return add(2, 3.5)", name: "a.lua") == [5.5])
    #expect(
      try state.run("return describe(nil, 1, 'x', {}, print, true)", name: "d.lua")
        == ["nil,number,string,table,function,boolean"])
  }

  @Test func swiftErrorsBecomeCatchableLuaErrors() throws {
    let state = try LuaState()
    try state.register("refuse") { _ in throw Refusal() }
    let rows: [(source: String, expected: [LuaValue], line: UInt)] = [
      ("return pcall(refuse)", [false, "refused by the host"], #line),
      ("return pcall(function() refuse() end)", [false, "behaviour.lua:1: refused by the host"], #line),
      ("local ok, e = pcall(refuse) return ok, e:match('refused by the host') ~= nil", [false, true], #line),
    ]
    for row in rows {
      #expect(
        try state.run(row.source, name: "behaviour.lua") == row.expected, sourceLocation: location(row.line))
    }
    let uncaught = error(running: "\nrefuse()", in: state)
    guard let (message, place, traceback) = runtimeParts(uncaught) else { return }
    #expect(message == "refused by the host")
    #expect(place == "behaviour.lua:2")
    #expect(traceback.contains("refuse"))
    try expectHealthy(state, #line)
  }

  @Test func hostClosuresReceiveFunctionsAndTablesAndCallBack() throws {
    let state = try LuaState()
    try state.register("apply") { arguments in
      guard case .function(let function) = arguments[0] else { throw Refusal() }
      return try function.call([arguments[1]])
    }
    let result = try state.run("return apply(function(t) return t.x * 2 end, {x = 21})", name: "c.lua")
    #expect(result == [42])
    try expectHealthy(state, #line)
  }

  @Test func budgetAppliesAcrossNestedHostCalls() throws {
    let state = try LuaState(.init(instructionLimit: 100_000))
    try state.register("spin") { arguments in
      guard case .function(let function) = arguments[0] else { throw Refusal() }
      return try function.call()
    }
    let caught = error(running: "spin(function() while true do end end)", in: state)
    #expect(caught.map(ErrorKind.init) == .budget)
    try expectHealthy(state, #line)
  }
}
