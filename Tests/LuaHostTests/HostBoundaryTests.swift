import Testing

@testable import LuaHost

/// Where the host meets a script's data and control flow: the conversion budget counts every value,
/// a spent budget runs no host function, a yielding host function never runs where it cannot yield,
/// and the sandbox's ordered `next` and `pairs` keep their promises (cheap first step, a fresh
/// checkpoint for a changed table, a total order of numbers). Each row was a bug found in review.
@Suite struct HostBoundaryTests {
  @Test func everyValueCountsAgainstTheConversionBudget() throws {
    // 1,000 references to one 1,000-number list: a million values to copy, far past the budget of
    // 100,000, although only 1,001 tables exist.
    let state = try LuaState()
    let source = """
      local shared = {} for i = 1, 1000 do shared[i] = i end
      local list = {} for i = 1, 1000 do list[i] = shared end
      return list
      """
    let caught = error(running: source, in: state)
    #expect(caught.map(ErrorKind.init) == .conversion, "\(String(describing: caught))")
    #expect(
      try state.run("local t = {} for i = 1, 90000 do t[i] = i end return #t", name: "ok.lua") == [90000])
    try expectHealthy(state, #line)
  }

  @Test func aConversionErrorNamesThePathToTheBadValue() throws {
    let rows: [(source: String, value: String, line: UInt)] = [
      ("return { a = { [2.5] = 1 } }", "table key 2.5 at value.a", #line),
      ("return { { x = { [true] = 1 } } }", "table key boolean at value[1].x", #line),
      ("return { [1] = 0, { deep = { 1, { [{}] = 2 } } } }", "table key table at value[1].deep[2]", #line),
      (
        "return { [('k'):rep(80)] = { [0.5] = 1 } }",
        "table key 0.5 at value.\(String(repeating: "k", count: 64))", #line
      ),
    ]
    let state = try LuaState()
    for row in rows {
      guard case .conversion(let value, _, _)? = error(running: row.source, in: state) else {
        Issue.record("expected a conversion error", sourceLocation: location(row.line))
        continue
      }
      #expect(value == row.value, sourceLocation: location(row.line))
    }
  }

  @Test func aBudgetSpentByTheAllocatorRunsNoHostFunction() throws {
    // A 1 MB string is 250,000 units of allocation: past this budget, refused as a memory error the
    // script can catch; the host function after it must not run.
    let state = try LuaState(.init(instructionLimit: 200_000, deadline: 0))
    var calls = 0
    try state.register("tick") { _ in
      calls += 1
      return []
    }
    let caught = error(running: "pcall(string.rep, 'x', 1e6)\ntick()\nreturn 'done'", in: state)
    #expect(caught.map(ErrorKind.init) == .budget, "\(String(describing: caught))")
    #expect(calls == 0)
    try expectHealthy(state, #line)
  }

  @Test func aYieldingFunctionDoesNotRunWhereItCannotYield() throws {
    let state = try LuaState()
    var calls = 0
    try state.setGlobal(
      "wait",
      .function(
        state.yieldingFunction { _ in
          calls += 1
          return []
        }))
    let co = try state.coroutine(
      try state.load(
        """
        local t = { 3, 1, 2 }
        local ok, message = pcall(table.sort, t, function(a, b)
          local _, why = wait(1)
          error(why, 0)
        end)
        return ok, message
        """, name: "sort.lua"))
    let step = try co.resume()
    #expect(calls == 0, "the body never ran")
    guard case .finished(let values) = step else {
      Issue.record("expected the coroutine to finish, got \(step)")
      return
    }
    #expect(values.first == .boolean(false))
    #expect(values.dropFirst().first?.stringValue?.contains("cannot be called here") == true, "\(values)")
  }

  /// Each row: Lua code returning a string, and what it must return.
  static let orderRows: [(source: String, expected: String, line: UInt)] = [
    // the empty check and the first key need no sort: 200 of them on 20,000 keys fit the budget
    (
      "local t = {} for i = 1, 20000 do t['k' .. i] = i end local n = 0 "
        + "for _ = 1, 200 do if next(t) ~= nil then n = n + 1 end end return tostring(n) .. ' ' .. next(t)",
      "200 k1", #line
    ),
    // a key added after the traversal's checkpoint is still a valid key
    (
      "local t = { a = 1 } local k = next(t) t.b = 2 local k2 = next(t, 'b') return k .. ' ' .. tostring(k2)",
      "a nil", #line
    ),
    // an integer and a float beyond the integers, equal as doubles: the integer comes first
    (
      "local t = { [2^63] = 'f', [math.maxinteger] = 'i', [-2^63 - 2^11] = 'g', [math.mininteger] = 'j' } "
        + "local out = {} for _, v in pairs(t) do out[#out + 1] = v end return table.concat(out)",
      "gjif", #line
    ),
    // a __name and a library function print numbers, not addresses
    (
      "local a = tostring(setmetatable({}, { __name = 'Box' })) local b = tostring(string.len) "
        + "return (a:match('^Box: 0x%x+$') and 'box' or a) .. ' ' .. (b:match('^function: 0x%x+$') and 'fn' or b)",
      "box fn", #line
    ),
  ]

  @Test(arguments: orderRows.indices) func orderedIterationKeepsItsPromises(_ i: Int) throws {
    let row = Self.orderRows[i]
    // the budget, not the clock, is what these rows measure (a loaded machine may take longer)
    let state = try LuaState(.init(deadline: 0))
    #expect(
      try state.run(row.source, name: "order.lua") == [.string(row.expected)],
      sourceLocation: location(row.line))
  }

  @Test func libraryFunctionsGetTheSameNumberEveryTime() throws {
    let state = try LuaState()
    let result = try state.run(
      "local a, b = tostring(string.len), tostring(string.len) return a == b and a ~= tostring(string.sub)",
      name: "same.lua")
    #expect(result == [.boolean(true)])
  }
}
