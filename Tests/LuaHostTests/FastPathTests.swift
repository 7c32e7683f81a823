import Testing

@testable import LuaHost

@Suite struct FastPathTests {
  func function(_ source: String, in state: LuaState) throws(LuaError) -> LuaFunction {
    guard case .function(let function)? = try state.run(source, name: "fast.lua").first else {
      throw LuaError.conversion(value: "the chunk", expected: "function", got: "something else")
    }
    return function
  }

  @Test func numberInNumberOut() throws {
    let state = try LuaState()
    let square = try function("return function(x) return x * x end", in: state)
    let rows: [(x: Double, expected: Double, line: UInt)] = [
      (3, 9, #line), (-1.5, 2.25, #line), (0, 0, #line),
    ]
    for row in rows {
      #expect(try square.call(row.x) == row.expected, sourceLocation: location(row.line))
    }
    let bad = try function("return function(x) return 'no' end", in: state)
    #expect(throws: LuaError.conversion(value: "the result", expected: "number", got: "string")) {
      try bad.call(1)
    }
    let failing = try function("return function(x) error('bad x') end", in: state)
    #expect(throws: LuaError.self) { try failing.call(1) }
    try expectHealthy(state, #line)
  }

  @Test func viewsAreUpdatedInPlaceAndReadOnly() throws {
    let state = try LuaState()
    let screen = try state.newTable()
    let sheet = try state.newTable()
    sheet.set("screen", try screen.readOnlyView())
    let view = try sheet.readOnlyView()
    let read = try function("return function(s) return s.height + s.screen.width end", in: state)
    let rows: [(height: Double, width: Double, line: UInt)] = [(100, 390, #line), (250.5, 428, #line)]
    for row in rows {
      sheet.set("height", row.height)
      screen.set("width", row.width)
      #expect(try read.callOne(view) == .number(row.height + row.width), sourceLocation: location(row.line))
    }
    let writes: [(source: String, field: String, line: UInt)] = [
      ("return function(s) s.height = 1 end", "height", #line),
      ("return function(s) s.screen.width = 1 end", "width", #line),
      ("return function(s) s.new_field = 1 end", "new_field", #line),
      ("return function(s) rawset(s, 'height', 1) end", "height", #line),
      ("return function(s) setmetatable(s, nil) end", "", #line),
    ]
    for row in writes {
      let caught = thrown { _ = try function(row.source, in: state).callOne(view) }
      guard let (message, _, _) = runtimeParts(caught, row.line) else { continue }
      if !row.field.isEmpty {
        #expect(
          message == "attempt to modify read-only view field '\(row.field)'",
          sourceLocation: location(row.line))
      }
    }
    let walk = try function(
      "return function(s) local n = 0 for k in pairs(s) do n = n + 1 end return n end", in: state)
    #expect(try walk.callOne(view) == .integer(2))
    try expectHealthy(state, #line)
  }

  /// A view over its table's own keys knows the names the table holds at each read: a name added later
  /// reads, one removed is refused with the nearest name held then, and the view stays read-only.
  @Test func aViewOfItsKeysKnowsTheNamesItsTableHoldsNow() throws {
    let state = try LuaState()
    let data = try state.newTable()
    let view = try data.readOnlyViewOfItsKeys(name: "sheet.thresholds")
    func reading(_ key: String) throws -> LuaValue {
      try state.setGlobal("key", .string(key))
      return try function("return function(t) return t[key] end", in: state).callOne(view)
    }
    let nothingYet = thrown { _ = try reading("projection_rate") }
    #expect(runtimeParts(nothingYet)?.0 == "unknown field 'projection_rate' of sheet.thresholds")
    data.set(field: "projection_rate", 0.998)
    data.set(field: "redirect_progress", 0.5)
    #expect(try reading("projection_rate") == .number(0.998))
    let rows: [(key: String, message: String, line: UInt)] = [
      (
        "projection_rat",
        "unknown field 'projection_rat' of sheet.thresholds (did you mean 'projection_rate'?)", #line
      ),
      (
        "redirect_progres",
        "unknown field 'redirect_progres' of sheet.thresholds (did you mean 'redirect_progress'?)", #line
      ),
      ("zzzzzzzzzzzzzz", "unknown field 'zzzzzzzzzzzzzz' of sheet.thresholds", #line),
    ]
    for row in rows {
      let caught = thrown { _ = try reading(row.key) }
      #expect(runtimeParts(caught, row.line)?.0 == row.message, sourceLocation: location(row.line))
    }
    try data.set(field: "projection_rate", .nil)
    data.set(field: "projection_rates", 0.99)
    let removed = thrown { _ = try reading("projection_rate") }
    #expect(
      runtimeParts(removed)?.0
        == "unknown field 'projection_rate' of sheet.thresholds (did you mean 'projection_rates'?)")
    try data.set(field: "projection_rates", .nil)
    let write = thrown {
      _ = try function("return function(t) t.redirect_progress = 1 end", in: state).callOne(view)
    }
    #expect(runtimeParts(write)?.0 == "attempt to modify read-only view field 'redirect_progress'")
    let walk = try function(
      "return function(t) local s = '' for k, v in pairs(t) do s = s .. k .. '=' .. v .. ';' end return s end",
      in: state)
    data.set(field: "allows_skipping", 0.0)
    #expect(try walk.callOne(view) == .string("allows_skipping=0.0;redirect_progress=0.5;"))
    try expectHealthy(state, #line)
  }

  @Test func callOneReturnsScalarsAndReferences() throws {
    let state = try LuaState()
    let table = try state.newTable()
    table.set("id", "large")
    let rows: [(source: String, expected: LuaValue, line: UInt)] = [
      ("return function(t) return t.id end", "large", #line),
      ("return function(t) return nil end", nil, #line),
      ("return function(t) return t.missing == nil end", true, #line),
      ("return function(t) return 0.25 end", 0.25, #line),
      ("return function(t) end", nil, #line),
    ]
    for row in rows {
      #expect(
        try function(row.source, in: state).callOne(table) == row.expected, sourceLocation: location(row.line)
      )
    }
    let same = try function("return function(t) return t end", in: state).callOne(table)
    guard case .tableRef(let back) = same else {
      Issue.record("expected a table reference, got \(same)")
      return
    }
    #expect(try back.get("id") == "large")
  }

  @Test func tableFieldsAndArrays() throws {
    let state = try LuaState()
    let table = try state.newTable()
    table.set("n", 3)
    table.set("on", true)
    table.set(field: "dynamic", 1.5)
    table.set(1, "first")
    table.set(2, "second")
    try table.set(field: "list", [1, 2])
    #expect(table.count == 2)
    #expect(try table.get(1) == "first")
    #expect(
      try table.value()
        == .table(array: ["first", "second"], fields: ["n": 3, "on": true, "dynamic": 1.5, "list": [1, 2]]))
    table.setNil("n")
    table.set(2, nil as String?)
    #expect(try table.get("n") == nil)
    #expect(table.count == 1)
    table.removeAll()
    #expect(try table.value() == .table(array: [], fields: [:]))
    #expect(state.stackTop == 0)
  }

  @Test func theSteadyStatePerFrameCallAllocatesNothingInLua() throws {
    let state = try LuaState()
    let sheet = try state.newTable()
    let view = try sheet.readOnlyView()
    let gesture = try state.newTable()
    let gestureView = try gesture.readOnlyView()
    let drag = try function(
      "return function(s, g) if g.translation > 0 then return s.height - g.translation end return 'rest' end",
      in: state)
    let square = try function("return function(x) return x * x end", in: state)
    func frame(_ i: Int) throws {
      sheet.set("height", 400 + Double(i))
      sheet.set("state", "dragging")
      gesture.set("translation", Double(i % 7))
      _ = try drag.callOne(view, gestureView)
      _ = try square.call(Double(i))
    }
    for i in 0..<100 { try frame(i) }
    let before = state.allocationCount
    for i in 0..<1000 { try frame(i) }
    #expect(state.allocationCount == before)
  }
}
