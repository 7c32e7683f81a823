import Testing

@testable import LuaHost

@Suite struct LuaStateTests {
  @Test func syntaxErrorsNameTheFileAndLine() throws {
    let rows: [(source: String, line: Int, line_: UInt)] = [
      ("local x = = 1", 1, #line),
      ("local a = 1\nlocal b = 2\nreturn a +", 3, #line),
      ("\n\nfunction f(\nend", 4, #line),
      ("x = 'unfinished", 1, #line),
    ]
    let state = try LuaState()
    for row in rows {
      let caught = error(running: row.source, in: state)
      guard case .syntax(let place, let message)? = caught else {
        Issue.record(
          "expected a syntax error, got \(String(describing: caught))", sourceLocation: location(row.line_))
        continue
      }
      #expect(place.file == "behaviour.lua", sourceLocation: location(row.line_))
      #expect(place.line == row.line, sourceLocation: location(row.line_))
      #expect(!message.isEmpty, sourceLocation: location(row.line_))
      try expectHealthy(state, row.line_)
    }
  }

  @Test func binaryChunksAreRefusedByTheHost() throws {
    let state = try LuaState()
    let caught = thrown { _ = try state.load("\u{1B}LuaT\0binary", name: "compiled.lua") }
    #expect(
      caught == .sandbox(message: "compiled.lua: binary chunks are not available in the sandbox (text only)"))
    try expectHealthy(state, #line)
  }

  @Test func benchmarkFloorRefusesAForeignFunction() throws {
    let state = try LuaState()
    let other = try LuaState()
    let foreign = try other.load("return 1", name: "f.lua")
    #expect(state.measureBareCalls(of: foreign, iterations: 1) == nil)
    let local = try state.load("return ...", name: "g.lua")
    #expect(state.measureBareCalls(of: local, iterations: 10) != nil)
  }

  @Test func runtimeErrorsCarryLocationAndTraceback() throws {
    let state = try LuaState()
    let caught = error(running: "local t = nil\n\nlocal function f() return t.x end\nreturn f()", in: state)
    guard let (message, where_, traceback) = runtimeParts(caught) else { return }
    #expect(where_ == "behaviour.lua:3")
    #expect(message.contains("attempt to index a nil value"))
    #expect(traceback.hasPrefix("stack traceback:"))
    #expect(traceback.contains("behaviour.lua:3: in"))
    #expect(caught?.description.hasPrefix("behaviour.lua:3: attempt to index") == true)
    try expectHealthy(state, #line)
  }

  @Test func errorObjectsThatAreNotStringsStayReadable() throws {
    let rows: [(source: String, message: String, line: UInt)] = [
      ("error({})", "(error object is a table value)", #line),
      ("error(setmetatable({}, {__tostring = error}))", "(error object is a table value)", #line),
      ("error(setmetatable({}, {__tostring = function() return 'custom' end}))", "custom", #line),
      ("error(nil)", "(error object is a nil value)", #line),
      ("error(42)", "42", #line),
      ("error('plain', 0)", "plain", #line),
    ]
    let state = try LuaState()
    for row in rows {
      let caught = error(running: row.source, in: state)
      guard let (message, _, _) = runtimeParts(caught, row.line) else { continue }
      #expect(message == row.message, sourceLocation: location(row.line))
      try expectHealthy(state, row.line)
    }
  }

  @Test func valuesConvertBothWays() throws {
    let rows: [(value: LuaValue, line: UInt)] = [
      (nil, #line), (true, #line), (false, #line), (42, #line), (-7, #line), (2.5, #line), ("héllo", #line),
      ("", #line), ([1, 2, 3], #line), (["a": 1, "b": "two"], #line),
      (.table(array: ["x", 2.5], fields: ["nested": ["deep": [true, false]]]), #line),
    ]
    let state = try LuaState()
    let identity = try state.load("return function(...) return ... end", name: "id.lua").call()
    guard case .function(let function)? = identity.first else { throw LuaError.stateClosed }
    for row in rows {
      #expect(try function.call([row.value]) == [row.value], sourceLocation: location(row.line))
    }
    #expect(try state.run("return 1, 2.0, 'x', nil", name: "m.lua") == [1, .number(2), "x", nil])
    let integer = try state.run("return 3", name: "i.lua")
    #expect(integer == [.integer(3)])
    try expectHealthy(state, #line)
  }

  @Test func conversionErrorsNameTheValue() throws {
    let rows: [(source: String, line: UInt)] = [
      ("return {[true] = 1}", #line),
      ("return {[2.5] = 1}", #line),
      ("return coroutine.create(function() end)", #line),
      ("local t = {} t.self = t return t", #line),
    ]
    let state = try LuaState()
    for row in rows {
      let caught = error(running: row.source, in: state)
      #expect(caught.map(ErrorKind.init) == .conversion, sourceLocation: location(row.line))
      try expectHealthy(state, row.line)
    }
  }

  @Test func functionsAreReferencesReleasedWithTheirOwner() throws {
    let state = try LuaState()
    let made = try state.run("return function(a, b) return a + b end", name: "add.lua")
    guard case .function(let add)? = made.first else { throw LuaError.stateClosed }
    #expect(try add.call([1, 2]) == [3])
    let before = state.memoryInUse
    for _ in 0..<1000 {
      _ = try state.run("return function() end", name: "f.lua")
    }
    _ = try state.run("collectgarbage() collectgarbage()", name: "gc.lua")
    #expect(state.memoryInUse < before + 64 * 1024)
  }

  @Test func referencesOutlivingTheirStateDoNotCrash() throws {
    var state: LuaState? = try LuaState()
    let function = try state?.load("return 1", name: "f.lua")
    let table = try state?.newTable()
    state = nil
    #expect(throws: LuaError.stateClosed) { try function?.call() }
    #expect(throws: LuaError.stateClosed) { try function?.call(1) }
    table?.set("x", 1.0)
    #expect(table?.count == 0)
  }

  @Test func printGoesToTheHost() throws {
    var lines: [String] = []
    let state = try LuaState(.init(print: { lines.append($0) }))
    try state.run("print('a', 1, nil, true) print()", name: "p.lua")
    #expect(lines == ["a\t1\tnil\ttrue", ""])
  }

  @Test func randomIsSeededDeterministically() throws {
    let source = "local t = {} for i = 1, 5 do t[i] = math.random(1000) end return t"
    let first = try LuaState().run(source, name: "r.lua")
    let second = try LuaState().run(source, name: "r.lua")
    #expect(first == second)
    let reseeded = try LuaState().run("math.random(); math.randomseed(); " + source, name: "r.lua")
    #expect(reseeded == first)
  }
}
