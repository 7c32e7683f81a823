import Foundation
import SheetCore
import SheetTrace
import Testing

/// The gesture log's format: a record written as a line reads back equal, and a bad line is reported
/// with its line number and field and skipped, the lines around it read.
@Suite struct GestureLogTests {
  /// A record with every optional part: content, a scroll view, a keyboard, inputs, an outcome, an intent.
  static let full = GestureRecord(
    origin: "host",
    screen: SheetGeometry(width: 390, height: 844, safeArea: SafeArea(top: 47, bottom: 34), edge: .bottom),
    contentHeight: 612.5,
    scroll: GestureRecord.Scroll(view: ScrollView(contentHeight: 2000, top: 40), offset: 12.25),
    keyboard: 301, fps: 60,
    behaviour: GestureRecord.Stamp(name: "my \"sheet\".lua", hash: "00ff00ff00ff00ff"),
    thresholds: ["projection_rate": 0.995, "rubber_band": 0.55],
    start: GestureRecord.Start(state: .settling, detent: "half", height: 421.1),
    touches: [
      GestureRecord.Touch(t: 0, x: 195, y: 400), GestureRecord.Touch(t: 0.0071, x: 195.5, y: 380.125),
      GestureRecord.Touch(t: 1.0 / 3, x: 196, y: 0.1 + 0.2),
    ],
    inputs: [.scroll(t: 0.01, offset: 0), .keyboard(t: 0.2, height: 0, duration: 0.25)],
    outcome: GestureRecord.Outcome(end: "full", settle: 0.41666, overshoot: 3.5), intent: "dismiss")

  /// The least a record holds: no content, scroll view, outcome or intent.
  static let bare = GestureRecord(
    origin: "synthetic", screen: .reference, behaviour: GestureRecord.Stamp(name: "system.lua", hash: "1"),
    thresholds: [:], start: GestureRecord.Start(state: .resting, detent: nil, height: 300),
    touches: [GestureRecord.Touch(t: 0, x: 1, y: 2), GestureRecord.Touch(t: 0.5, x: 3, y: 4)])

  static func read(_ line: String) -> Result<GestureRecord, GestureLogError.Problem> {
    Array(line.utf8).withUnsafeBytes { bytes in
      Result { () throws(GestureLogError.Problem) in try GestureLog.record(bytes) }
    }
  }

  @Test(arguments: [full, bare]) func aRecordReadsBackEqual(_ record: GestureRecord) throws {
    let line = record.jsonLine()
    #expect(!line.contains("\n"))
    #expect(try Self.read(line).get() == record)
    #expect(line.hasPrefix(#"{"version":1,"#))
  }

  @Test func unknownFieldsAreIgnored() throws {
    var line = Self.bare.jsonLine()
    line.removeLast()
    line += #","later":{"field":[1,2]},"note":"x"}"#
    #expect(try Self.read(line).get() == Self.bare)
  }

  /// Each row: a change to the bare record's line, the field the error names and words its message has.
  static let bad: [(from: String, to: String, field: String?, message: String, line: UInt)] = [
    (#""version":1"#, #""version":2"#, "version", "version 2 is not one this sheet reads", #line),
    (#""version":1,"#, "", "version", "expected a number", #line),
    (#""width":390"#, #""width":-1"#, "screen.width", "expected a number in 1...100000, got -1", #line),
    (
      #""edge":"bottom""#, #""edge":"left""#, "screen.edge",
      "expected one of 'bottom', 'top', 'leading', 'trailing', got 'left'", #line
    ),
    (#""state":"resting""#, #""state":"asleep""#, "start.state", "got 'asleep'", #line),
    (#"[0.5,3,4]"#, #"[0.5,3]"#, "touches[1]", "expected [t, x, y], got [0.5, 3]", #line),
    (#"[0.5,3,4]"#, #"[-0.5,3,4]"#, "touches[1]", "none before the one before", #line),
    (#"[0,1,2],"#, "", "touches", "2 or more samples", #line),
    (#""fps":120"#, #""fps":"fast""#, "fps", "got 'fast'", #line),
    (#""origin":"synthetic""#, #""origin":"""#, "origin", "1 to 256 bytes", #line),
    (#""thresholds":{}"#, #""thresholds":{"a":true}"#, "thresholds.a", "got true", #line),
    // a name reaches a terminal in reports: an escape sequence or a newline in it is refused, quoted safely
    (
      #""origin":"synthetic""#, #""origin":"\u001b[2Jx""#, "origin",
      #"expected a name without control characters, got '\u001b[2Jx'"#, #line
    ),
    (#""name":"system.lua""#, #""name":"a\nb""#, "behaviour.name", #"got 'a\u000ab'"#, #line),
    (#""name":"system.lua""#, "\"name\":\"a\u{7f}b\"", "behaviour.name", #"got 'a\u007fb'"#, #line),
    (
      #""thresholds":{}"#, #""thresholds":{"a\u0007":1}"#, "thresholds",
      #"without control characters, got 'a\u0007'"#, #line
    ),
    (#""fps":120"#, #""fps":"\u001b""#, "fps", #"got '\u001b'"#, #line),
    (#""inputs":[]"#, #""inputs":[{"t":0.1}]"#, "inputs[0]", "a 'scroll' or a 'keyboard' field", #line),
  ]

  @Test(arguments: bad.indices) func aBadFieldIsNamed(_ index: Int) {
    let row = Self.bad[index]
    let line = Self.bare.jsonLine().replacingOccurrences(of: row.from, with: row.to)
    let location = Testing.SourceLocation(
      fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1)
    #expect(line != Self.bare.jsonLine(), "the row changes the line", sourceLocation: location)
    guard case .failure(let problem) = Self.read(line) else {
      Issue.record("read \(line)", sourceLocation: location)
      return
    }
    #expect(problem.field == row.field, sourceLocation: location)
    #expect(problem.message.contains(row.message), "\(problem.message)", sourceLocation: location)
  }

  @Test func badLinesAreReportedWithTheirNumbersAndSkipped() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("c.jsonl").path
    let long = "{\"x\":\"" + String(repeating: "a", count: GestureLog.maximumLineBytes) + "\"}"
    let lines = [
      Self.full.jsonLine(), "not json", "", "[1,2]", long, #"{"a":[[[[1]]]]}"#, Self.bare.jsonLine(),
      Self.bare.jsonLine().replacingOccurrences(of: #""version":1"#, with: #""version":7"#),
    ]
    // no newline after the last line
    try (lines.joined(separator: "\n")).write(toFile: file, atomically: true, encoding: .utf8)
    let reader = try GestureLogReader(file: file)
    var read: [(Int, GestureRecord)] = []
    var errors: [GestureLogError] = []
    while let entry = reader.next() {
      switch entry {
      case .gesture(let record, let line): read.append((line, record))
      case .bad(let error): errors.append(error)
      }
    }
    #expect(read.map(\.0) == [1, 7])
    #expect(read.map(\.1) == [Self.full, Self.bare])
    #expect(errors.map(\.line) == [2, 4, 5, 6, 8])
    #expect(errors.map(\.description).allSatisfy { $0.hasPrefix(file + ":") })
    #expect(errors[0].message == "not JSON at byte 1")  // "not json": `n` starts null
    #expect(errors[1].message == "expected a JSON object, got [1, 2]")
    #expect(errors[2].message.hasPrefix("line of \(long.utf8.count) bytes or more"))
    #expect(errors[3].message == "JSON nested 5 levels deep, at most 3")
    #expect(errors[4].field == "version")
  }

  @Test func aMissingFileOrAFolderIsRefused() {
    #expect(throws: GestureLogError.self) { try GestureLogReader(file: "/no/such/corpus.jsonl") }
    #expect(throws: GestureLogError.self) {
      try GestureLogReader(file: FileManager.default.temporaryDirectory.path)
    }
  }

  /// FNV-1a 64's published test vectors (Fowler, Noll and Vo): "" and "a".
  @Test func theSourceHashIsFNV1a() {
    #expect(GestureRecord.sourceHash("") == "cbf29ce484222325")
    #expect(GestureRecord.sourceHash("a") == "af63dc4c8601ec8c")
  }
}
