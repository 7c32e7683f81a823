import Testing

@testable import LuaHost

/// One type names every place (`file:line`): read from a message's start, from a traceback's frame, or
/// from a located call's text, the byte-wise reading of the usual text agreeing with the reading by
/// characters.
@Suite struct SourceLocationTests {
  static let texts = [
    "a.lua:12: ", "/tmp/some folder/scenarios/system_snap.lua:123: ", "x:1: ", ":12: ", "file:: ", "file:12",
    "file:12:  ", "a:b:3: ", "a.lua:99999999999999999999: ", "é:3: ", "dir/é.lua:3: ", "\u{0600}:3: ",
    "a.lua:12:\u{301} ", "a.lua:1\u{301}2: ", "", " ", ": ", "12: ", "a:-3: ", "a:+3: ", "a:0: ", "a:007: ",
    "a\r:5: ", "a\n:5: ", "a.lua:12: \u{301}", "[string \"x\"]:4: ", "a.lua:12: b.lua:3: ",
  ]

  @Test(arguments: texts) func theByteReadingAgreesWithTheCharacterReading(_ text: String) {
    if let bytes = SourceLocation.parseByBytes(text) {
      #expect(bytes == SourceLocation.parseByCharacters(text), "\(text.debugDescription)")
    }
  }

  @Test func theUsualTextIsReadByBytes() {
    #expect(SourceLocation.parseByBytes("/tmp/s/system_snap.lua:123: ")?.line == 123)
    #expect(SourceLocation.parseByBytes("é:3: ") == nil)
    #expect(SourceLocation(parsing: "é:3: ") == SourceLocation(file: "é", line: 3))
  }

  /// Each row: a message, and the place and rest it splits into (nil: it names no place).
  static let messages: [(text: String, location: LuaHost.SourceLocation?, rest: String, line: UInt)] = [
    ("behaviour.lua:12: boom", "behaviour.lua:12", "boom", #line),
    (
      "my behaviours/b.lua:3: attempt to index a nil value", "my behaviours/b.lua:3",
      "attempt to index a nil value", #line
    ),
    (
      "[string \"x\"]:1: unexpected symbol", LuaHost.SourceLocation(file: "[string \"x\"]", line: 1),
      "unexpected symbol", #line
    ),
    ("a.lua:2:no space", "a.lua:2", "no space", #line),
    ("no place here", nil, "", #line),
    ("note: 12: not a place", nil, "", #line),
    ("first line\nb.lua:3: after a line break", nil, "", #line),
    (":3: no file", nil, "", #line),
  ]

  @Test(arguments: messages.indices) func aMessageSplitsAtItsPlace(_ i: Int) {
    let row = Self.messages[i]
    let split = SourceLocation.split(row.text)
    #expect(split?.location == row.location, sourceLocation: location(row.line))
    if row.location != nil { #expect(split?.rest == row.rest, sourceLocation: location(row.line)) }
  }

  @Test func itReadsAsLuaWritesIt() {
    #expect(SourceLocation(file: "b.lua", line: 7).description == "b.lua:7")
    #expect(SourceLocation(file: "b.lua", line: 0).description == "b.lua")
    #expect(("b.lua:7" as SourceLocation) == SourceLocation(file: "b.lua", line: 7))
  }
}
