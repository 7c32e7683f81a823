import Testing

@testable import LuaHost

/// The sandbox's pattern matching (`LuaSandbox/match.c`, a counted re-implementation of Lua 5.4's
/// string.find, match, gmatch and gsub) against the standard library's own functions.
@Suite struct PatternMatchingTests {
  /// SplitMix64: a fixed-seed generator, so every run compares the same cases.
  struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }

    /// A number in 0..<bound.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// Whether a draw falls under `percent` out of 100.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
  }

  /// One generated case: the subject, the pattern, an init position and a gsub maximum.
  struct Case {
    var subject: String
    var pattern: String
    var initial: Int
    var maximum: Int
  }

  /// Single-character classes (each may take a quantifier).
  static let classes = [
    "a", "b", "1", " ", "_", "A", ".", "%a", "%d", "%s", "%w", "%A", "%p", "%x", "%l", "%u", "%c", "%g",
    "%S", "%D", "%W", "%.", "%(", "%)", "%%", "%[", "%]", "%-", "[ab]", "[^a]", "[a-c]", "[%d_]",
    "[]]", "[^]]", "[a-]", "[%a-]", "[a%-c]", "[%]]", "[(%)]", "[^%s]", "[.]", ",", "=", "!", "'",
    // %z (the NUL byte; deprecated, so not in the manual, but lstrlib.c keeps it) and NUL itself.
    "z", "%z", "%Z", "[%z]", "[^%z]", "\0", "[\0-a]",
  ]
  static let quantifiers = ["*", "+", "-", "?"]
  /// Everything else, malformed pieces included: alone, these make patterns Lua rejects.
  static let structural = [
    "(", ")", "()", "%1", "%2", "%0", "*", "+", "-", "?", "^", "$", "%b()", "%bab", "%b(", "%b",
    "%f[%a]", "%f[^a]", "%f[%s]", "%f[a-b]", "%f[%z]", "%f", "%fa", "%", "[", "]", "[^", "[a", "%1*", "$$",
  ]
  static let alphabet = Array("ab1 ()_.A%z\0")

  /// A pattern of up to seven pieces, sometimes anchored at either end.
  static func pattern(_ random: inout SplitMix64) -> String {
    var text = random.chance(20) ? "^" : ""
    for _ in 0..<random.below(8) {
      switch random.below(100) {
      case 0..<55: text += random.pick(classes)
      case 55..<80: text += random.pick(classes) + random.pick(quantifiers)
      case 80..<90:
        var group = "("
        for _ in 0...random.below(2) {
          group += random.pick(classes) + (random.chance(40) ? random.pick(quantifiers) : "")
        }
        text += group + ")"
      default: text += random.pick(structural)
      }
    }
    return text + (random.chance(20) ? "$" : "")
  }

  static func cases(count: Int, seed: UInt64) -> [Case] {
    var random = SplitMix64(state: seed)
    return (0..<count).map { _ in
      let length = random.below(13)
      let subject = String((0..<length).map { _ in random.pick(alphabet) })
      let initial = random.pick([
        -20, -length - 1, -length, -3, -1, 0, 1, 2, 3, length, length + 1, length + 2, 50,
      ])
      return Case(
        subject: subject, pattern: pattern(&random), initial: initial, maximum: random.pick([-1, 0, 1, 2, 3]))
    }
  }

  /// Runs every case through the sandbox's `string` and through `original_string`, each call under
  /// pcall, and returns the number of comparisons, the mismatches (at most 50 described), and how many
  /// calls matched something (a position, a capture, a replacement, an iteration) and how many
  /// raised, so the sweep cannot pass by comparing nothing.
  static let differential = """
    local S, O = string, original_string
    local pack, unpack, concat = original_table.pack, original_table.unpack, original_table.concat
    local format, mtype = O.format, math.type

    local function serialize(v)
      local kind = type(v)
      if kind == 'string' then return format('%q', v) end
      if kind == 'number' then return mtype(v) .. ' ' .. tostring(v) end
      if kind ~= 'table' then return tostring(v) end
      local parts = {}
      for i = 1, v.n or #v do parts[i] = serialize(v[i]) end
      return '{' .. concat(parts, ', ') .. '}'
    end

    -- The replacements: the same function and table for both libraries (pure, so either may go first).
    local function replace(...)
      local first = ...
      if first == 'a' or first == 1 then return nil end
      if first == 'b' then return false end
      if first == '' then return 7 end
      local parts = {}
      for i = 1, select('#', ...) do parts[i] = tostring((select(i, ...))) end
      return '<' .. select('#', ...) .. ':' .. concat(parts, '|') .. '>'
    end
    local lookup = {
      a = 'A', b = false, ['1'] = 11, [''] = '<empty>', ab = 'AB', [' '] = 2.5, ['('] = {},
      [1] = 'one', [2] = true,
    }

    local function gmatch_all(L, s, p, init)
      local out = {}
      local next_match = L.gmatch(s, p, init)
      while #out < 100 do
        local r = pack(next_match())
        if r[1] == nil then break end
        out[#out + 1] = r
      end
      return out
    end

    local function calls(L, c)
      local s, p, init, n = c[1], c[2], c[3], c[4]
      return {
        { 'find', L.find, s, p }, { 'find init', L.find, s, p, init },
        { 'find plain', L.find, s, p, init, true }, { 'find plain=false', L.find, s, p, init, false },
        { 'match', L.match, s, p }, { 'match init', L.match, s, p, init },
        { "gsub '[%0]'", L.gsub, s, p, '[%0]' }, { "gsub '<%1%%>'", L.gsub, s, p, '<%1%%>' },
        { "gsub '%2=%1'", L.gsub, s, p, '%2=%1' }, { 'gsub table', L.gsub, s, p, lookup },
        { 'gsub function', L.gsub, s, p, replace }, { "gsub '#' n", L.gsub, s, p, '#', n },
        { 'gsub function n', L.gsub, s, p, replace, n }, { 'gsub number n', L.gsub, s, p, 42, n },
        { 'gmatch', gmatch_all, L, s, p }, { 'gmatch init', gmatch_all, L, s, p, init },
      }
    end

    local compared, matched, raised, mismatches, described = 0, 0, 0, 0, {}
    for _, c in ipairs(cases) do
      local mine, theirs = calls(S, c), calls(O, c)
      for k = 1, #mine do
        local a, b = mine[k], theirs[k]
        local got = pack(pcall(unpack(a, 2)))
        local want = pack(pcall(unpack(b, 2)))
        local left, right = serialize(got), serialize(want)
        compared = compared + 1
        if not want[1] then
          raised = raised + 1
        elseif want[2] ~= nil and (a[1]:sub(1, 4) ~= 'gsub' or want[3] > 0)
          and (a[1]:sub(1, 6) ~= 'gmatch' or #want[2] > 0) then
          matched = matched + 1
        end
        if left ~= right then
          mismatches = mismatches + 1
          if #described < 50 then
            described[#described + 1] = format('%s(%q, %q, init %d, n %d): sandbox %s, original %s',
              a[1], c[1], c[2], c[3], c[4], left, right)
          end
        end
      end
    end
    return compared, matched, raised, mismatches, described
    """

  @Test func randomPatternsMatchTheStandardLibrary() throws {
    let cases = PatternMatchingTests.cases(count: 6000, seed: 0x5EED_CAFE_F00D)
    let state = try LuaState(.init(instructionLimit: 2_000_000_000, deadline: 0))
    try state.exposeOriginalLibrariesForTesting()
    try state.setGlobal(
      "cases",
      .array(
        cases.map {
          .array([.string($0.subject), .string($0.pattern), .integer($0.initial), .integer($0.maximum)])
        }))
    let results = try state.run(PatternMatchingTests.differential, name: "differential.lua")
    guard results.count == 5, case .integer(let compared) = results[0],
      case .integer(let matched) = results[1],
      case .integer(let raised) = results[2], case .integer(let mismatches) = results[3],
      case .table(let described, _) = results[4]
    else {
      Issue.record("unexpected results: \(results)")
      return
    }
    #expect(compared == cases.count * 16)
    // Not vacuous: a good share of the calls find something and some patterns are malformed.
    #expect(matched > compared / 10, "\(matched) of \(compared) calls matched")
    #expect(raised > compared / 50 && raised < compared / 2, "\(raised) of \(compared) calls raised")
    let shown = described.prefix(10).compactMap(\.stringValue).joined(separator: "\n")
    #expect(mismatches == 0, "\(mismatches) of \(compared) comparisons differ; the first ones:\n\(shown)")
  }

  /// Calls with arguments of the wrong type or value raise the same messages. Called from Lua code (not
  /// straight from pcall), both name the function from the call site.
  @Test func argumentErrorsMatchTheStandardLibrary() throws {
    let rows: [(call: String, line: UInt)] = [
      ("L.find(nil, 'a')", #line),
      ("L.find('a', {})", #line),
      ("L.find('a', 'a', 'x')", #line),
      ("L.find('a', 'a', 1.5)", #line),
      ("L.match('a')", #line),
      ("L.gmatch('a', nil)", #line),
      ("L.gmatch('a', 'a', 'x')", #line),
      ("L.gsub('a', 'a')", #line),
      ("L.gsub('a', 'a', true)", #line),
      ("L.gsub('a', 'a', 'b', 1.5)", #line),
      ("L.gsub('a', 'a', 'b', 'x')", #line),
      ("L.gsub('abc', '%w', '%2')", #line),
      ("L.gsub('abc', '(%w)', '%')", #line),
      ("L.gsub('abc', '(%w)', '%x')", #line),
      ("L.find(('a'):rep(300), ('(a)'):rep(33))", #line),
      ("L.find(('a'):rep(300), ('a?'):rep(300))", #line),
      ("L.match(('a'):rep(300), ('(a'):rep(300))", #line),
    ]
    let state = try LuaState(.init(deadline: 0))
    try state.exposeOriginalLibrariesForTesting()
    for row in rows {
      let source = """
        local function try(L) return select(2, pcall(function() return \(row.call) end)) end
        return try(string), try(original_string)
        """
      let results = try state.run(source, name: "arguments.lua")
      #expect(results.count == 2, sourceLocation: location(row.line))
      #expect(results.first == results.last, "\(row.call)", sourceLocation: location(row.line))
    }
  }

  /// What the sweep found, pinned: a back-reference to a position capture never matches (it was charged
  /// its length as a size, about 2^60 units, so it ended the call with "instruction budget exceeded");
  /// %z is the NUL byte (it was matched as a literal 'z').
  @Test func sweepFindings() throws {
    let rows: [(source: String, expected: [LuaValue], line: UInt)] = [
      ("return string.find('abc', '()%1')", [nil], #line),
      ("return string.match('aa', '()a%1')", [nil], #line),
      ("return string.gsub('abc', '()%1', 'x')", ["abc", 0], #line),
      ("local n = 0 for _ in string.gmatch('abc', '()%1') do n = n + 1 end return n", [0], #line),
      ("return string.find('a\\0b', '%z')", [2, 2], #line),
      ("return string.find('azb', '%z')", [nil], #line),
      ("return string.find('\\0\\0b', '%Z')", [3, 3], #line),
      ("return string.gsub('a\\0b\\0', '[%z]', '.')", ["a.b.", 2], #line),
      // The subject's end counts as NUL.
      ("return string.gsub('a\\0b', '%f[%z]', '|')", ["a|\0b|", 2], #line),
    ]
    let state = try LuaState()
    for row in rows {
      #expect(
        try state.run(row.source, name: "findings.lua") == row.expected, "\(row.source)",
        sourceLocation: location(row.line))
    }
    try expectHealthy(state, #line)
  }

  /// The reference manual's examples (section 6.4.1 and the entries of string.find, gmatch and gsub),
  /// with the values the manual gives, on the sandbox's counted functions.
  @Test func referenceManualExamples() throws {
    let rows: [(source: String, expected: [LuaValue], line: UInt)] = [
      ("return string.gsub('hello world', '(%w+)', '%1 %1')", ["hello hello world world", 2], #line),
      ("return string.gsub('hello world', '%w+', '%0 %0', 1)", ["hello hello world", 1], #line),
      (
        "return string.gsub('hello world from Lua', '(%w+)%s*(%w+)', '%2 %1')", ["world hello Lua from", 2],
        #line
      ),
      (
        "return string.gsub('home = $HOME, user = $USER', '%$(%w+)', {HOME = '/home/roberto', USER = 'roberto'})",
        ["home = /home/roberto, user = roberto", 2], #line
      ),
      (
        "return string.gsub('4+5 = $return 4+5$', '%$(.-)%$', function(s) return load(s)() end)",
        ["4+5 = 9", 1], #line
      ),
      (
        "return string.gsub('$name-$version.tar.gz', '%$(%w+)', {name = 'lua', version = '5.4'})",
        ["lua-5.4.tar.gz", 2], #line
      ),
      ("return string.gsub('abc', '', '-')", ["-a-b-c-", 4], #line),
      ("return string.gsub('hello world', 'o', '0', 1)", ["hell0 world", 1], #line),
      ("return string.gsub('hello world', 'l+', function(s) return #s end)", ["he2o wor1d", 2], #line),
      ("return string.gsub('abc', '%w', '%%%0')", ["%a%b%c", 3], #line),
      ("return string.gsub('abc', 'x', 'y')", ["abc", 0], #line),
      ("return string.gsub('f(a(b)c) g(x)', '%b()', '')", ["f g", 2], #line),
      ("return string.gsub('THE (quick) brown fox', '%f[%a]%a+', 'W')", ["W (W) W W", 4], #line),
      ("return string.gsub('THE (quick) fox', '%f[%a]', '|')", ["|THE (|quick) |fox", 3], #line),
      ("return string.gsub('hello', '()', '%1')", ["1h2e3l4l5o6", 6], #line),
      ("return string.find('THE (quick) fox', '%((%a+)%)')", [5, 11, "quick"], #line),
      ("return string.find('THE (quick) fox', '%f[%a]%a+', 5)", [6, 10], #line),
      ("return string.find('hello Lua user', 'Lua')", [7, 9], #line),
      ("return string.find('hello Lua user', 'banana')", [nil], #line),
      ("return string.find('hello Lua user', 'l+')", [3, 4], #line),
      ("return string.find('hello Lua user', 'Lua', 8)", [nil], #line),
      ("return string.find('hello Lua user', 'e', -4)", [13, 13], #line),
      ("return string.find('a.b', '.', 1, true)", [2, 2], #line),
      ("return string.find('a+b', '+', 1, true)", [2, 2], #line),
      ("return string.find('abc', '', 10)", [nil], #line),
      ("return string.find('abc', '', 4)", [4, 3], #line),
      ("return string.find('say \"hi\" there', '([\"\\'])(.-)%1')", [5, 8, "\"", "hi"], #line),
      ("return string.match('hello world', '()ll()')", [3, 5], #line),
      ("return string.match('  hello  ', '^%s*(.-)%s*$')", ["hello"], #line),
      ("return string.match('key = value', '(%w+)%s*=%s*(%w+)')", ["key", "value"], #line),
      ("return string.match('2024-01-15', '(%d+)-(%d+)-(%d+)')", ["2024", "01", "15"], #line),
      ("return string.match('[[x]]', '%[(=*)%[')", [""], #line),
      ("return string.match('hello', '^(h)(.)')", ["h", "e"], #line),
      ("return string.match('hello', '^e')", [nil], #line),
      ("return string.match('x = 10', '%d+$')", ["10"], #line),
      (
        "local words = {} for w in string.gmatch('one two three', '%a+') do words[#words + 1] = w end "
          + "return table.concat(words, ',')", ["one,two,three"], #line
      ),
      (
        "local t = {} for k, v in string.gmatch('from=world, to=Lua', '(%w+)=(%w+)') do t[#t + 1] = k .. ':' .. v end "
          + "return table.concat(t, ';')", ["from:world;to:Lua"], #line
      ),
      (
        "local n = 0 for w in string.gmatch('abc', '') do n = n + 1 end return n", [4], #line
      ),
      (
        "local t = {} for w in string.gmatch('one two three', '%a+', 5) do t[#t + 1] = w end "
          + "return table.concat(t, ',')", ["two,three"], #line
      ),
      (
        "local t = {} for a, b in string.gmatch('THE (quick) fox', '()%f[%w]%w+()') do t[#t + 1] = a .. '-' .. b end "
          + "return table.concat(t, ',')", ["1-4,6-11,13-16"], #line
      ),
      (
        "return pcall(string.gsub, 'abc', '.', {a = 1, b = true})",
        [false, "invalid replacement value (a boolean)"], #line
      ),
      ("return pcall(string.find, 'abc', '[a')", [false, "malformed pattern (missing ']')"], #line),
      ("return pcall(string.find, 'abc', '%')", [false, "malformed pattern (ends with '%')"], #line),
      ("return pcall(string.find, 'abc', '(()')", [false, "unfinished capture"], #line),
      ("return pcall(string.match, 'abc', 'a)')", [false, "invalid pattern capture"], #line),
      ("return pcall(string.find, 'abc', 'a)')", [true, nil], #line),  // no specials: a plain search
      ("return pcall(string.find, 'abc', '%1')", [false, "invalid capture index %1"], #line),
      ("return pcall(string.find, 'abc', '%f')", [false, "missing '[' after '%f' in pattern"], #line),
      (
        "return pcall(string.find, 'abc', '%b')", [false, "malformed pattern (missing arguments to '%b')"],
        #line
      ),
      ("return pcall(string.gsub, 'abc', 'b', '%2')", [false, "invalid capture index %2"], #line),
      (
        "return pcall(string.gsub, 'abc', 'b', '%x')", [false, "invalid use of '%' in replacement string"],
        #line
      ),
    ]
    let state = try LuaState()
    for row in rows {
      #expect(
        try state.run(row.source, name: "manual.lua") == row.expected, "\(row.source)",
        sourceLocation: location(row.line))
    }
    try expectHealthy(state, #line)
  }
}
