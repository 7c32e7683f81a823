import Testing

@testable import LuaHost

/// A table's image (`CLua/image.h`) converts to what ``LuaTable/value()`` converts the table to, and
/// reading it makes in Lua what the conversion makes (the same references: the same bytes in use
/// while they live and after they are released); a table an image does not describe has none, and
/// leaves Lua as a conversion would.
@Suite struct LuaTableImageTests {
  /// A value in words that tells integers from floats and names each function by what it returns.
  static func shape(_ value: LuaValue) throws -> String {
    switch value {
    case .nil: return "nil"
    case .boolean(let b): return "\(b)"
    case .integer(let i): return "i\(i)"
    case .number(let n): return "f\(n.bitPattern)"
    case .string(let s): return "s\(s.debugDescription)"
    case .function(let f): return "fn(\(try f.call().first?.stringValue ?? "?"))"
    case .tableRef: return "ref"
    case .table(let array, let fields):
      let list = try array.map(shape).joined(separator: ",")
      let named = try fields.sorted { $0.key < $1.key }.map { "\($0.key)=\(try shape($0.value))" }.joined(
        separator: ",")
      return "[\(list)|\(named)]"
    }
  }

  static let tables: [(String, UInt)] = [
    ("{ a = 1, b = 2.5, c = 'x', d = true, e = false }", #line),
    ("{ t = { 1, 2, { x = 3, y = { z = -0.0 } } }, list = { 'a', 'b' }, empty = {} }", #line),
    (
      "{ f = function() return 'f' end, g = { h = function() return 'h' end },"
        + " l = { function() return 'l1' end, function() return 'l2' end } }", #line
    ),
    ("{ 1, 2, 3, x = 'list and fields' }", #line),
    ("{ thresholds = { p = 0.5, q = 2, r = -1e300 }, x = 1, other = { p = 0.25 } }", #line),
    ("{ s = '\\xff\\xfe', long = string.rep('y', 300), [''] = 'empty key' }", #line),
    (
      "local t = {} for i = 1, 300 do t['f' .. i] = function() return 'f' .. i end end return t",
      #line
    ),
    (
      "local t = { f = function() return 'top' end } local n = t for i = 1, 14 do"
        + " n.a = { x = i } n.b = { y = function() return 'b' .. i end } n = n.b end return t", #line
    ),
  ]

  /// The table `text` makes in `state`: a table constructor, or a chunk (`local ...`) that returns one.
  static func table(_ text: String, in state: LuaState) throws -> LuaTable? {
    let chunk = text.hasPrefix("local") ? text : "return \(text)"
    guard case .tableRef(let table) = try state.load(chunk, name: "t.lua").callOne() else { return nil }
    return table
  }

  /// In one state (the order of a table's hash part is the state's), the conversion and then the image
  /// take references for the same functions in the same order.
  func expectSameOrder(_ text: String, _ line: UInt) throws {
    let state = try LuaState()
    guard let t = try Self.table(text, in: state) else { return }
    let value = try t.value()
    let image = try #require(t.image(leavingNumbersOf: "thresholds"))
    var converted: [String: Int32] = [:]
    var imaged: [String: Int32] = [:]
    try Self.references(value, into: &converted)
    try Self.references(image.value(), into: &imaged)
    let order = { (refs: [String: Int32]) in refs.sorted { $0.value < $1.value }.map(\.key) }
    #expect(order(converted) == order(imaged), "line \(line)")
  }

  /// Each function's registry reference, by what it returns.
  static func references(_ value: LuaValue, into found: inout [String: Int32]) throws {
    switch value {
    case .function(let f): found[try f.call().first?.stringValue ?? "?"] = f.ref
    case .table(let array, let fields):
      for element in array { try references(element, into: &found) }
      for element in fields.values { try references(element, into: &found) }
    default: break
    }
  }

  @Test func anImageConvertsAsTheTableDoesAndMakesTheSameInLua() throws {
    for (text, line) in Self.tables {
      let converting = try LuaState()
      let imaging = try LuaState()
      guard let a = try Self.table(text, in: converting), let b = try Self.table(text, in: imaging) else {
        Issue.record("no table, line \(line)")
        continue
      }
      #expect(converting.memoryInUse == imaging.memoryInUse, "line \(line)")
      var value: LuaValue? = try a.value()
      var image = b.image(leavingNumbersOf: "thresholds")
      #expect(image != nil, "line \(line)")
      #expect(converting.memoryInUse == imaging.memoryInUse, "references alive, line \(line)")
      let shape = try Self.shape(value ?? .nil)
      #expect(try Self.shape(image?.value() ?? .nil) == shape, "line \(line)")
      #expect(image?.functions.count == shape.components(separatedBy: "fn(").count - 1, "line \(line)")
      try expectSameOrder(text, line)
      value = nil
      image = nil
      #expect(converting.memoryInUse == imaging.memoryInUse, "references released, line \(line)")
      try expectHealthy(imaging, line)
    }
  }

  /// The thresholds' numbers are left out (their names and kinds stay): two tables that differ only
  /// there have the same bytes, and the numbers come in order with their kinds.
  @Test func theThresholdsNumbersAreLeftOutWithTheirKinds() throws {
    let state = try LuaState()
    func image(_ text: String) throws -> LuaTableImage? {
      try Self.table(text, in: state)?.image(leavingNumbersOf: "thresholds")
    }
    let a = try #require(try image("{ thresholds = { p = 0.5 }, x = 1 }"))
    let b = try #require(try image("{ thresholds = { p = 0.75 }, x = 1 }"))
    let integer = try #require(try image("{ thresholds = { p = 1 }, x = 1 }"))
    let other = try #require(try image("{ thresholds = { p = 0.5 }, x = 2 }"))
    #expect(a.bytes == b.bytes)
    #expect(a.numbers.map(\.doubleValue) == [0.5] && b.numbers.map(\.doubleValue) == [0.75])
    #expect(a.numberNames == ["p"])
    #expect(integer.bytes != a.bytes)  // an integer's kind is not a float's
    #expect(other.bytes != a.bytes)  // any other number is in the bytes
    // only the field named exactly so: a key with a zero byte after the name is another field
    let zero = try #require(try image("{ ['thresholds\\0x'] = { p = 0.5 }, x = 1 }"))
    #expect(zero.numbers.isEmpty)
  }

  /// A key the conversion refuses, a value it cannot hold, or nesting past the image's 16 levels makes
  /// no image, and leaves Lua as the conversion that then says why leaves it: the references taken on
  /// the way (the list's functions come first) are released, so a thousand references taken after it
  /// reach the same numbers in a state that converted the table instead.
  @Test(
    arguments: [
      ("{ function() end, function() end, [true] = 1 }", #line),
      ("{ function() end, function() end, [1.5] = 2 }", #line),
      ("{ function() end, co = coroutine.create(function() end) }", #line),
      (
        "local t = { function() end } local n = t for _ = 1, 20 do n.next = {} n = n.next end return t",
        #line
      ),
    ] as [(String, UInt)])
  func aTableWithoutAnImage(_ text: String, _ line: UInt) throws {
    let imaging = try LuaState()
    let converting = try LuaState()
    guard let t = try Self.table(text, in: imaging), let u = try Self.table(text, in: converting) else {
      Issue.record("no table, line \(line)")
      return
    }
    #expect(t.image(leavingNumbersOf: nil) == nil, "line \(line)")
    _ = try? u.value()  // deeper than 16 converts; the rest fail
    #expect(imaging.memoryInUse == converting.memoryInUse, "line \(line)")
    let taken = try (0..<1000).map { _ in try imaging.newTable() }
    let converted = try (0..<1000).map { _ in try converting.newTable() }
    #expect(taken.map(\.ref).max() == converted.map(\.ref).max(), "line \(line)")
    try expectHealthy(imaging, line)
  }
}
