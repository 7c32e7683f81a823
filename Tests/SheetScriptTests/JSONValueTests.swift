import Foundation
import SheetTrace
import Testing

/// The one JSON reader keeps every kind apart (a `true` is never read as 1, a 1 never as `true`) and
/// refuses what is not JSON or nests too deep.
@Suite struct JSONValueTests {
  static func read(_ text: String, nesting: Int = 8) -> JSONValue? {
    Array(text.utf8).withUnsafeBytes { try? JSONValue.read($0, nesting: nesting) }
  }

  /// Each row: a text and the value it reads as (nil: refused).
  static let rows: [(text: String, value: JSONValue?, line: UInt)] = [
    ("[true, 1, 0, false, null]", .array([.bool(true), .number(1), .number(0), .bool(false), .null]), #line),
    (
      #"{"a": 1.5e3, "b": "x\u00e9\n", "c": [[]], "d": {}}"#,
      .object(["a": .number(1500), "b": .string("xé\n"), "c": .array([.array([])]), "d": .object([:])]), #line
    ),
    (#""1""#, .string("1"), #line),
    ("-0.25", .number(-0.25), #line),
    ("[1 2]", nil, #line),
    ("{'a': 1}", nil, #line),
    ("[[[[[[[[[1]]]]]]]]]", nil, #line),  // 9 levels
  ]

  @Test func eachKindReadsAsItself() {
    for row in Self.rows {
      #expect(
        Self.read(row.text) == row.value,
        sourceLocation: Testing.SourceLocation(
          fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1))
    }
  }
}
