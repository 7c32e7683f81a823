import Foundation
import SheetTrace
import Testing

/// The one JSON reader keeps every kind apart (a `true` is never read as 1, a 1 never as `true`),
/// refuses what is not JSON (strictly: no trailing comma) with the byte offset, or what nests too deep,
/// and reads every number to the double the standard library's correctly rounded conversion gives.
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
    ("[1,]", nil, #line),  // a trailing comma
    ("{\"a\":1,}", nil, #line),
    ("01", nil, #line),
    ("+1", nil, #line),
    ("1.", nil, #line),
    (".5", nil, #line),
    ("1e400", nil, #line),  // beyond the double's range
    ("\"a\u{1}\"", nil, #line),  // a bare control character
    (#""\ud800""#, nil, #line),  // a lone surrogate
    (#""\ud83d\ude00 \/\t""#, .string("😀 /\t"), #line),
    (" { \"k\" : [ ] , \"k\" : null } ", .object(["k": .null]), #line),  // the last repeated key
    ("-0", .number(-0.0), #line),
    ("1E+2", .number(100), #line),
    ("[1] x", nil, #line),
    ("", nil, #line),
  ]

  /// Each row: a text that is not JSON and the byte offset where reading stopped.
  static let offsets: [(text: String, offset: Int, line: UInt)] = [
    ("", 0, #line),
    ("[1,]", 3, #line),
    ("{\"run\":3,", 9, #line),
    ("nul", 0, #line),
    ("not json", 1, #line),
    ("[1 2]", 3, #line),
    ("\"\\q\"", 2, #line),
  ]

  @Test func notJSONSaysWhereReadingStopped() {
    for row in Self.offsets {
      let read = Array(row.text.utf8).withUnsafeBytes { bytes in
        Result { () throws(JSONValue.Failure) in try JSONValue.read(bytes, nesting: 8) }
      }
      #expect(
        read == .failure(.notJSON(offset: row.offset)),
        sourceLocation: Testing.SourceLocation(
          fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1))
    }
  }

  @Test func invalidUTF8IsRefused() {
    let bytes: [UInt8] = [0x22, 0x61, 0xC3, 0x28, 0x22]  // "a\xC3(": a lead byte without its follower
    #expect(bytes.withUnsafeBytes { try? JSONValue.read($0, nesting: 8) } == nil)
  }

  /// Numbers from a seeded generator, written the ways the project writes them (shortest, and with 2, 4
  /// and 17 decimals) and in exponent form, read back as `Double(String)` reads them.
  @Test func numbersReadAsTheStandardLibraryReadsThem() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {  // SplitMix64 (Steele, Lea and Flood 2014)
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    var texts = [
      "0.1", "0.3", "9007199254740993", "123456789012345678901234567890", "1e22", "1e23", "4.9e-324",
    ]
    for _ in 0..<5000 {
      let magnitude = Double(next() % 2_000_000) / 1000 - 1000
      let bits = Double(bitPattern: next() & 0x7FEF_FFFF_FFFF_FFFF)
      texts += [
        String(magnitude), String(format: "%.2f", magnitude), String(format: "%.4f", magnitude),
        String(format: "%.17g", bits), String(bits), String(format: "%.6e", magnitude),
      ]
    }
    var mismatches: [String] = []
    for text in texts {
      let read = Array(text.utf8).withUnsafeBytes { try? JSONValue.read($0, nesting: 1) }
      if read != Double(text).map(JSONValue.number) { mismatches.append(text) }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }

  @Test func eachKindReadsAsItself() {
    for row in Self.rows {
      #expect(
        Self.read(row.text) == row.value,
        sourceLocation: Testing.SourceLocation(
          fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1))
    }
  }
}
