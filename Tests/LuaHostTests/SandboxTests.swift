import Testing

@testable import LuaHost

@Suite struct SandboxTests {
  /// Every bad input, with the typed error it must give.
  static let badInputs: [(source: String, kind: ErrorKind, line: UInt)] = [
    ("io.open('/etc/passwd')", .sandbox, #line),
    ("os.execute('true')", .sandbox, #line),
    ("require 'os'", .sandbox, #line),
    ("require 'io'", .sandbox, #line),
    ("require '../outside'", .sandbox, #line),
    ("require '/etc/passwd'", .sandbox, #line),
    ("require 'escape'", .sandbox, #line),  // a symbolic link leaving the root
    ("load(string.char(27) .. 'LuaT\\0')", .sandbox, #line),
    ("load('return 1', 'x', 'b')", .sandbox, #line),
    ("string.dump(print)", .sandbox, #line),
    ("debug.getregistry()", .sandbox, #line),
    ("package.loadlib('libc.so.6', 'system')", .sandbox, #line),
    ("dofile('/etc/passwd')", .sandbox, #line),
    ("loadfile('/etc/passwd')", .sandbox, #line),
    ("setmetatable({}, {__gc = function() end})", .sandbox, #line),
    ("collectgarbage('stop')", .sandbox, #line),
    ("collectgarbage('generational')", .sandbox, #line),
    ("collectgarbage('setpause', 1000)", .sandbox, #line),
    ("while true do end", .budget, #line),
    ("while true do pcall(function() while true do end end) end", .budget, #line),
    ("coroutine.wrap(function() while true do end end)()", .budget, #line),
    (
      "local co = coroutine.create(function() while true do pcall(function() while true do end end) end end)\n"
        + "while true do coroutine.resume(co) end", .budget, #line
    ),
    ("local f = coroutine.wrap(function() while true do end end) while true do pcall(f) end", .budget, #line),
    ("return string.rep('x', 1e9)", .memory, #line),
    ("local t, i = {}, 0 while true do i = i + 1 t[i] = {i} end", .memory, #line),
    ("local s = 'x' while true do s = s .. s end", .memory, #line),
    // Unbounded Lua recursion fills the Lua stack (1M slots, 16 B each) past the 16 MiB cap first.
    ("local function f() return 1 + f() end return f()", .memory, #line),
    ("local t = setmetatable({}, {__index = function(t, k) return t[k] end}) return t.x", .runtime, #line),
    ("error({})", .runtime, #line),
    ("error(setmetatable({}, {__tostring = error}))", .runtime, #line),
    ("local x = = 1", .syntax, #line),
  ]

  @Test func badInputsGetTheirTypedErrorAndTheStateRecovers() throws {
    let root = try ModuleFixture()
    // Each row ends by its own cap or the budget; the deadline is off, so a loaded machine under the
    // sanitizers cannot end a memory row by the clock first.
    let state = try LuaState(.init(moduleRoot: root.path, deadline: 0))
    for row in SandboxTests.badInputs {
      let caught = error(running: row.source, in: state)
      #expect(
        caught.map(ErrorKind.init) == row.kind, "\(row.source): \(String(describing: caught))",
        sourceLocation: location(row.line))
      try expectHealthy(state, row.line)
    }
  }

  @Test func unboundedRecursionUnderALargerCapIsAStackOverflow() throws {
    // Stack growth is billed to the budget (one unit per 4 bytes), so the budget is raised with the cap
    // and the deadline is off (a loaded machine may take longer than 0.5 s for 200 million units).
    let state = try LuaState(.init(memoryLimit: 128 << 20, instructionLimit: 200_000_000, deadline: 0))
    let caught = error(running: "local function f() return 1 + f() end return f()", in: state)
    guard let (message, _, _) = runtimeParts(caught) else { return }
    #expect(message.contains("stack overflow"))
    try expectHealthy(state, #line)
  }

  @Test func sandboxMessagesNameTheScriptLine() throws {
    let state = try LuaState()
    let caught = error(running: "local a = 1\nio.open('x')", in: state)
    #expect(caught == .sandbox(message: "behaviour.lua:2: 'io' is not available in the sandbox"))
  }

  @Test func safeLibrariesRemain() throws {
    let rows: [(source: String, expected: LuaValue, line: UInt)] = [
      ("return string.format('%d-%s', 3, 'x')", "3-x", #line),
      ("return ('abc'):upper()", "ABC", #line),
      ("return table.concat({1, 2, 3}, ',')", "1,2,3", #line),
      ("return math.floor(2.7)", 2, #line),
      ("return utf8.len('héllo')", 5, #line),
      ("return select(2, coroutine.resume(coroutine.create(function() return 7 end)))", 7, #line),
      ("return load('return 1 + 1')()", 2, #line),
      ("return load('return x', 'chunk', 't', {x = 5})()", 5, #line),
      ("return type(collectgarbage('count'))", "number", #line),
      ("return collectgarbage('isrunning')", true, #line),
      ("return getmetatable(setmetatable({}, {__index = {}})) ~= nil", true, #line),
      ("return _G == _ENV", true, #line),
      ("return require('string').upper('a')", "A", #line),
      ("return pcall(error, 'x')", false, #line),
      ("return undefined_global", nil, #line),
    ]
    let state = try LuaState()
    for row in rows {
      #expect(
        try state.run(row.source, name: "safe.lua").first == row.expected, sourceLocation: location(row.line))
    }
  }

  @Test func eachChunkHasItsOwnEnvironment() throws {
    let state = try LuaState()
    try state.run("shared = 1; string.upper = nil; math.pi = 3", name: "a.lua")
    #expect(
      try state.run("return shared, string.upper('a'), math.pi > 3.14", name: "b.lua") == [nil, "A", true])
  }

  @Test func requireLoadsTextFilesBelowTheRootOnce() throws {
    let root = try ModuleFixture()
    var lines: [String] = []
    let state = try LuaState(.init(moduleRoot: root.path, print: { lines.append($0) }))
    let results = try state.run(
      "local a = require 'lib.counter' local b = require 'lib.counter' return a == b, a.name, a.loads()",
      name: "main.lua")
    #expect(results == [true, "counter", 1])
    #expect(lines == ["loading lib/counter.lua"])
    let missing = error(running: "require 'nothing.here'", in: state)
    #expect(missing.map(ErrorKind.init) == .runtime)
    let broken = error(running: "require 'broken'", in: state)
    guard let (_, place, _) = runtimeParts(broken) else { return }
    #expect(place == "broken.lua:2")
  }

  @Test func hostModulesAndGlobals() throws {
    let state = try LuaState()
    try state.setModule("sheet", ["version": 1])
    try state.setGlobal("answer", 42)
    #expect(try state.run("return require('sheet').version, answer", name: "m.lua") == [1, 42])
  }
}
