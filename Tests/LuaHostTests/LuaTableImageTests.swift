import Testing

@testable import LuaHost

/// A table's image (`CLua/image.h`): equal images for tables that convert to the same value but for
/// their functions' identity, different ones otherwise, none for what a conversion refuses.
@Suite struct LuaTableImageTests {
  /// The image of the table `source` returns, its field `numbersOf` leaving out its numbers.
  static func image(_ source: String, numbersOf: String? = "thresholds", in state: LuaState) throws
    -> [UInt8]?
  {
    guard case .tableRef(let table) = try state.load("return " + source, name: "image.lua").callOne() else {
      Issue.record("\(source) is not a table")
      return nil
    }
    return table.image(leavingNumbersOf: numbersOf)
  }

  /// Pairs of tables and whether their images are equal.
  static let pairs: [(a: String, b: String, same: Bool, line: UInt)] = [
    ("{}", "{}", true, #line),
    ("{ x = 1 }", "{ x = 1 }", true, #line),
    ("{ x = 1 }", "{ x = 2 }", false, #line),
    ("{ x = 1 }", "{ x = 1.0 }", false, #line),  // an integer and a float convert apart
    ("{ x = 'a' }", "{ x = 'b' }", false, #line),
    ("{ x = 'ab' }", "{ x = 'a' .. 'b' }", true, #line),
    ("{ x = true }", "{ x = false }", false, #line),
    ("{ x = 1 }", "{ y = 1 }", false, #line),
    ("{ x = 1 }", "{ x = 1, y = 2 }", false, #line),
    ("{ 1, 2 }", "{ 1, 2 }", true, #line),
    ("{ 1, 2 }", "{ 2, 1 }", false, #line),
    ("{ 1, 2 }", "{ 1, 2, 3 }", false, #line),
    ("{ f = function() return 1 end }", "{ f = function() return 2 end }", true, #line),
    ("{ f = function() end }", "{ f = 1 }", false, #line),
    ("{ d = { { id = 'a', h = 1 } } }", "{ d = { { id = 'a', h = 1 } } }", true, #line),
    ("{ d = { { id = 'a', h = 1 } } }", "{ d = { { id = 'a', h = 2 } } }", false, #line),
    // the thresholds' numbers are left out, not their names, nor a number anywhere else
    ("{ thresholds = { r = 0.998 } }", "{ thresholds = { r = 0.995 } }", true, #line),
    ("{ thresholds = { r = 0.998 } }", "{ thresholds = { s = 0.998 } }", false, #line),
    ("{ thresholds = { r = 1 }, m = 0.3 }", "{ thresholds = { r = 1 }, m = 0.5 }", false, #line),
    ("{ d = { thresholds = { r = 1 } } }", "{ d = { thresholds = { r = 2 } } }", false, #line),
  ]

  @Test func tablesThatConvertAlikeHaveEqualImages() throws {
    let state = try LuaState()
    for row in Self.pairs {
      let a = try #require(try Self.image(row.a, in: state), sourceLocation: location(row.line))
      let b = try #require(try Self.image(row.b, in: state), sourceLocation: location(row.line))
      #expect((a == b) == row.same, "\(row.a) / \(row.b)", sourceLocation: location(row.line))
    }
    try expectHealthy(state, #line)
  }

  /// What a conversion refuses, or what an image does not follow, has none; the stack is left as it was.
  @Test(
    arguments: [
      ("{ [true] = 1 }", #line), ("{ [2.5] = 1 }", #line), ("{ [10] = 1 }", #line),
      ("{ co = coroutine.create(function() end) }", #line), ("{ thresholds = { 1 } }", #line),
      ("{ thresholds = { r = 'fast' } }", #line),
      ("(function() local t = {} local n = t for i = 1, 20 do n.x = {} n = n.x end return t end)()", #line),
      ("(function() local t = {} t.self = t return t end)()", #line),
      ("{ s = string.rep('x', 20000) }", #line),
    ] as [(String, UInt)])
  func whatAConversionRefusesHasNoImage(_ source: String, _ line: UInt) throws {
    let state = try LuaState()
    #expect(try Self.image(source, in: state) == nil, sourceLocation: location(line))
    try expectHealthy(state, line)
  }
}
