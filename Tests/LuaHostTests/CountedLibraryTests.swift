import Testing

@testable import LuaHost

/// The instruction budget counts the work the standard library does in C (`LuaSandbox/library.c`'s cost
/// model), and the counted functions return what the originals return.
@Suite struct CountedLibraryTests {
  /// The budget of the measured call: small, so only the count can end it (the deadline is off).
  static let limit = 200_000

  /// Work done in C that must end with a budget error. `setup` (one line) runs first, in its own host
  /// call with a large budget; its locals are upvalues of `source` (one line), which runs as line 3 of
  /// `counted.lua` in a second host call under `limit`. `located`: the error names that line (false for
  /// rows the allocator stops, where Lua gives a memory error without a location). `alsoAccepted`: a
  /// message that may end the row instead of the budget.
  static let expensive: [(setup: String, source: String, located: Bool, alsoAccepted: String?, line: UInt)] =
    [
      ("", "string.rep('', 1e7)", true, nil, #line),
      ("", "string.rep('', 1 << 50)", true, nil, #line),
      ("", "string.rep('', 1e7, '')", true, nil, #line),
      ("", "table.move({}, 1, 1 << 50, 1, {})", true, nil, #line),
      ("", "table.move({}, 1, 1e7, 1, {})", true, nil, #line),
      ("", "string.find(('a'):rep(40), ('a*'):rep(40) .. 'b')", true, nil, #line),
      ("", "string.match(('a'):rep(40), ('a-'):rep(40) .. 'b')", true, nil, #line),
      ("", "string.find(('a'):rep(2000), '.-.-.-b')", true, nil, #line),
      ("", "string.gsub(('a'):rep(1e5), 'a*a*a*a*b', '')", true, nil, #line),
      ("", "for _ in string.gmatch(('a'):rep(1e5), 'a*a*a*b') do end", true, nil, #line),
      ("local s, p = ('a'):rep(1e5), ('a'):rep(100) .. 'b'", "string.find(s, p, 1, true)", true, nil, #line),
      ("local s, p = ('a'):rep(1e5), ('a'):rep(100) .. 'b'", "string.find(s, p)", true, nil, #line),
      ("", "string.find(('a'):rep(1e5), ('a'):rep(100) .. 'b', 1, true)", true, nil, #line),
      // The subject alone costs more than the budget: either the allocator or the slice ends it.
      ("", "string.byte(('x'):rep(1e6), 1, -1)", false, "string slice too long", #line),
      ("local s = ('x'):rep(1e6)", "string.byte(s, 1, -1)", true, "string slice too long", #line),
      (
        "local t = {} for i = 1, 1e5 do t[i] = (i * 7919) % 100003 end", "table.sort(t)", true, nil,
        #line
      ),
      ("local t = {} for i = 1, 1e6 do t[i] = '' end", "table.concat(t)", true, nil, #line),
      ("", "table.unpack({}, 1, 1e6)", true, nil, #line),
      ("", "utf8.len(('x'):rep(4e6))", false, nil, #line),
      ("local s = ('x'):rep(4e6)", "utf8.len(s)", true, nil, #line),
      ("local s = ('x'):rep(4e6)", "utf8.codepoint(s, 1, -1)", true, nil, #line),
      ("local s = ('x'):rep(4e6)", "utf8.offset(s, -1)", true, nil, #line),
      ("", "tonumber((' '):rep(4e6))", false, nil, #line),
      ("local s = (' '):rep(4e6)", "tonumber(s)", true, nil, #line),
      ("", "load(('x=1 '):rep(1e6))", false, nil, #line),
      ("local s = ('x=1 '):rep(1e6)", "load(s)", true, nil, #line),
      ("", "load(function() return 'x=1 ' end)", false, nil, #line),
      ("", "local s = '' while true do s = s .. 'x' end", false, nil, #line),
      ("local s = ('x'):rep(1e5)", "for _ = 1, 1000 do print(s) end", false, nil, #line),
      ("", "for _ = 1, 1000 do print(('x'):rep(1e5)) end", true, nil, #line),
      ("local keep = ('x'):rep(10 << 20)", "for _ = 1, 1000 do collectgarbage() end", true, nil, #line),
      ("local keep = ('x'):rep(10 << 20)", "for _ = 1, 1000 do collectgarbage('step') end", true, nil, #line),
    ]

  @Test func workDoneInCEndsWithABudgetError() throws {
    for row in CountedLibraryTests.expensive {
      let state = try LuaState(
        .init(memoryLimit: 64 << 20, instructionLimit: 100_000_000, print: { _ in }, deadline: 0))
      let chunk = "\(row.setup)\nreturn function()\n\(row.source)\nend"
      guard case .function(let body)? = try state.run(chunk, name: "counted.lua").first else {
        Issue.record("the chunk returned no function", sourceLocation: location(row.line))
        continue
      }
      state.setInstructionLimit(CountedLibraryTests.limit)
      let caught = thrown { try body.call() }
      let accepted =
        caught.map { ErrorKind($0) == .budget } == true
        || row.alsoAccepted.map { caught?.description.contains($0) == true } == true
      #expect(accepted, "\(row.source): \(String(describing: caught))", sourceLocation: location(row.line))
      if row.located, caught.map({ ErrorKind($0) == .budget }) == true {
        #expect(
          caught?.location == "counted.lua:3", "\(row.source): \(String(describing: caught))",
          sourceLocation: location(row.line))
      } else if let place = caught?.location {
        #expect(
          place.file == "counted.lua", "\(row.source): \(place)", sourceLocation: location(row.line))
      }
      try expectHealthy(state, row.line)
    }
  }

  /// Small inputs: the counted function returns exactly what the original returns (results and the
  /// arguments it changed). `L` is the library under test (`string`, `table` or `utf8`, counted or
  /// original); the body runs under pcall, so errors (message and location) are compared too.
  static let agreeing: [(library: String, body: String, line: UInt)] = [
    ("table", "local t = {1, 2, 3} L.insert(t, 1, 'x') return t", #line),
    ("table", "local t = {1, 2, 3} L.insert(t, 'x') return t", #line),
    ("table", "local t = {1, 2, 3} L.insert(t, 4, 'x') return t", #line),
    ("table", "local t = {1, 2, 3} return L.remove(t, 1), t", #line),
    ("table", "local t = {1, 2, 3} return L.remove(t), t", #line),
    ("table", "local t = {} return L.remove(t), L.remove(t, 0), t", #line),
    ("table", "return L.concat({1, 2, 3}, ',', 2, 3)", #line),
    ("table", "return L.concat({1, 2, 3}, ', ')", #line),
    ("table", "return L.concat({}, ',', 3, 2)", #line),
    ("table", "return L.unpack({1, 2, 3}, 2)", #line),
    ("table", "return L.unpack({1, 2, 3}, -1, 1)", #line),
    ("table", "return L.unpack({1, 2, 3}, 3, 2)", #line),
    ("table", "return L.move({1, 2, 3}, 1, 3, 2)", #line),
    ("table", "return L.move({1, 2, 3}, 1, 3, 1, {9})", #line),
    ("table", "local t = {5, 2, 8, 1} L.sort(t) return t", #line),
    ("table", "local t = {5, 2, 8, 1} L.sort(t, function(a, b) return a > b end) return t", #line),
    ("table", "local p = L.pack(1, nil, 3) return p.n, p[1], p[2], p[3]", #line),
    ("table", "L.insert(nil, 1)", #line),
    ("table", "L.insert({}, 1, 2, 3)", #line),
    ("table", "L.insert({}, 5, 2)", #line),
    ("table", "L.concat({{}})", #line),
    ("table", "L.unpack({}, 1, 1e6)", #line),
    ("table", "L.unpack({}, 1, 'x')", #line),
    ("table", "L.move({}, 1, 2)", #line),
    ("table", "L.sort({1, 'x'})", #line),
    ("string", "return L.byte('abc', -2, -1)", #line),
    ("string", "return L.byte('abc')", #line),
    ("string", "return L.byte('abc', 10)", #line),
    ("string", "return L.byte('', 1, -1)", #line),
    ("string", "return L.rep('ab', 3, ',')", #line),
    ("string", "return L.rep('ab', 0), L.rep('', 5), L.rep('x', -1)", #line),
    ("string", "return L.char(104, 105)", #line),
    ("string", "return L.format('%5.2f|%q', 1/3, 'a\\n')", #line),
    ("string", "return L.format('%d %s %x', 42, {} ~= nil, 255)", #line),
    ("string", "return L.pack('i4', 7):byte(1, -1)", #line),
    ("string", "return L.unpack('i4', L.pack('i4', 7))", #line),
    ("string", "return L.packsize('i4i8')", #line),
    ("string", "L.rep('x', 1.5)", #line),
    ("string", "L.byte('abc', {})", #line),
    ("string", "L.char(256)", #line),
    ("string", "L.format('%d', 'x')", #line),
    ("string", "L.unpack('i4', '')", #line),
    ("utf8", "return L.codepoint('héllo', 1, -1)", #line),
    ("utf8", "return L.codepoint('héllo')", #line),
    ("utf8", "return L.len('héllo')", #line),
    ("utf8", "return L.len('h\\xffllo')", #line),
    ("utf8", "return L.len('héllo', 3)", #line),
    ("utf8", "return L.offset('héllo', 3), L.offset('héllo', -1)", #line),
    ("utf8", "return L.char(104, 233, 0x10FFFF)", #line),
    ("utf8", "L.codepoint('h\\xff', 1, -1)", #line),
    ("utf8", "L.len('abc', 10)", #line),
  ]

  static let comparison = """
    local library, body = ...
    local function serialize(v)
      local kind = type(v)
      if kind == 'string' then return string.format('%q', v) end
      if kind == 'number' then return math.type(v) .. ' ' .. tostring(v) end
      if kind ~= 'table' then return tostring(v) end
      local parts = {}
      for i = 1, v.n or #v do parts[i] = serialize(v[i]) end
      return '{' .. table.concat(parts, ', ') .. '}'
    end
    local function run(L)
      local f = assert(load('local L = ...\\n' .. body, 'agree.lua'))
      return serialize(table.pack(pcall(f, L)))
    end
    return run(_ENV[library]), run(_ENV['original_' .. library])
    """

  @Test func smallInputsGiveWhatTheOriginalsGive() throws {
    let state = try LuaState()
    try state.exposeOriginalLibrariesForTesting()
    let compare = try state.load(CountedLibraryTests.comparison, name: "compare.lua")
    for row in CountedLibraryTests.agreeing {
      let results = try compare.call([.string(row.library), .string(row.body)])
      #expect(results.count == 2, sourceLocation: location(row.line))
      #expect(results.first == results.last, "\(row.body)", sourceLocation: location(row.line))
    }
    try expectHealthy(state, #line)
  }

  /// A bad argument's message names the function and the script's line, as the original's does.
  @Test func badArgumentsNameTheFunctionAndTheLine() throws {
    let rows: [(source: String, name: String, line: UInt)] = [
      ("table.insert(nil, 1)", "insert", #line),
      ("table.concat({{}})", "concat", #line),
      ("table.unpack({}, 1, 'x')", "unpack", #line),
      ("table.insert({}, 1, 2, 3)", "insert", #line),
      ("table.sort(nil)", "sort", #line),
      ("table.move(nil, 1, 2, 3)", "move", #line),
      ("string.rep()", "rep", #line),
      ("string.byte('a', {})", "byte", #line),
      ("string.format('%d', 'x')", "format", #line),
      ("utf8.len(nil)", "len", #line),
      ("utf8.codepoint('a', {})", "codepoint", #line),
      ("tonumber()", "tonumber", #line),
      ("string.char(-1)", "char", #line),
    ]
    let state = try LuaState()
    for row in rows {
      let caught = error(running: "local x = 1\n" + row.source, in: state)
      guard let (message, place, _) = runtimeParts(caught, row.line) else { continue }
      #expect(
        message.contains("'\(row.name)'"), "\(row.source): \(message)", sourceLocation: location(row.line))
      #expect(
        place == "behaviour.lua:2", "\(row.source): \(String(describing: caught))",
        sourceLocation: location(row.line))
      try expectHealthy(state, row.line)
    }
  }

  /// Called without a name (straight from pcall), a counted function is named as Lua names the
  /// original: by its place in the loaded libraries.
  @Test func functionsCalledWithoutANameAreNamedByTheirLibrary() throws {
    let rows: [(source: String, message: String, line: UInt)] = [
      ("pcall(string.rep)", "bad argument #1 to 'string.rep' (string expected, got no value)", #line),
      ("pcall(string.find)", "bad argument #1 to 'string.find' (string expected, got no value)", #line),
      (
        "pcall(string.gsub, 'a', 'a', true)",
        "bad argument #3 to 'string.gsub' (string/function/table expected, got boolean)", #line
      ),
      ("pcall(table.insert, nil, 1)", "bad argument #1 to 'table.insert' (table expected, got nil)", #line),
      ("pcall(utf8.len)", "bad argument #1 to 'utf8.len' (string expected, got no value)", #line),
      ("pcall(tonumber)", "bad argument #1 to 'tonumber' (value expected)", #line),
    ]
    let state = try LuaState()
    for row in rows {
      #expect(
        try state.run("return select(2, \(row.source))", name: "unnamed.lua") == [.string(row.message)],
        sourceLocation: location(row.line))
    }
  }

  /// tonumber is counted too (it has no original_ table to compare with): the manual's values.
  @Test func tonumberKeepsItsResults() throws {
    let rows: [(source: String, expected: [LuaValue], line: UInt)] = [
      ("return tonumber('0x10')", [16], #line),
      ("return tonumber('z', 36)", [35], #line),
      ("return tonumber('  10  ')", [10], #line),
      ("return math.type(tonumber('10'))", ["integer"], #line),
      ("return tonumber('1e1')", [10.0], #line),
      ("return math.type(tonumber('1e1'))", ["float"], #line),
      ("return tonumber('ff', 16), tonumber('777', 8), tonumber('11', 2)", [255, 511, 3], #line),
      ("return tonumber('x')", [nil], #line),
      ("return tonumber('')", [nil], #line),
      ("return tonumber(12)", [12], #line),
      ("return tonumber({})", [nil], #line),
      ("return tonumber('8', 8)", [nil], #line),
      ("return select('#', tonumber('x'))", [1], #line),
    ]
    let state = try LuaState()
    for row in rows {
      #expect(
        try state.run(row.source, name: "tonumber.lua") == row.expected, "\(row.source)",
        sourceLocation: location(row.line))
    }
  }
}
