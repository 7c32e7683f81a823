import LuaHost
import Testing

@testable import SheetScript

/// `LuaLiteral` writes text Lua reads back as the same value.
@Suite struct LuaLiteralTests {
  static let strings: [(text: String, line: UInt)] = [
    ("plain", #line),
    ("it's \\ a 'quote'", #line),
    ("two\nlines", #line),
    ("\u{1}2", #line),  // a control character before a digit: `\0012`, not `\12`
    ("\u{1f}\u{0}9\t", #line),
    ("ünïcode ✓", #line),
  ]

  @Test func quotedStringsReadBackAsTheSameText() throws {
    let state = try LuaState()
    for row in Self.strings {
      let location = Testing.SourceLocation(
        fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1)
      let read = try state.run("return \(LuaLiteral.quoted(row.text))", name: "literal.lua")
      #expect(read == [.string(row.text)], sourceLocation: location)
    }
  }

  @Test func numbersReadBackAsTheSameDouble() throws {
    let state = try LuaState()
    for value in [0, 1, -2.5, 0.1, 1e-7, 123_456_789.123, 1e300] {
      let read = try state.run("return \(LuaLiteral.number(value))", name: "literal.lua")
      #expect(read.first?.doubleValue == value, "\(value)")
    }
  }
}
