import SheetScenario
import SheetTrace

/// Reads the fields of a replay part's record (``ReplaySetup``), each checked, and refuses the fields it
/// did not read: a field at fault is named with the file and line.
struct ReplayRecordReader {
  private let fields: [String: JSONValue]
  private let file: String
  private let line: Int
  private var read: Set<String> = []

  /// A reader of a record's fields (without `run`).
  init(fields: [String: JSONValue], file: String, line: Int) {
    self.fields = fields
    self.file = file
    self.line = line
  }

  private func failure(_ field: String, _ message: String) -> ShardPartError {
    ShardPartError(file: file, line: line, field: field, message: message)
  }

  /// A string field.
  mutating func string(_ name: String) throws(ShardPartError) -> String {
    read.insert(name)
    guard case .string(let text)? = fields[name] else { throw failure(name, "expected a string") }
    return text
  }

  /// A string field that may be null.
  mutating func optionalString(_ name: String) throws(ShardPartError) -> String? {
    read.insert(name)
    switch fields[name] {
    case .null?: return nil
    case .string(let text)?: return text
    default: throw failure(name, "expected a string or null")
    }
  }

  /// A whole number from 0.
  mutating func count(_ name: String) throws(ShardPartError) -> Int {
    read.insert(name)
    guard case .number(let number)? = fields[name], let value = Int(exactly: number), value >= 0 else {
      throw failure(name, "expected a whole number from 0")
    }
    return value
  }

  /// A finite number field that may be null.
  mutating func optionalNumber(_ name: String) throws(ShardPartError) -> Double? {
    read.insert(name)
    switch fields[name] {
    case .null?: return nil
    case .number(let number)? where number.isFinite: return number
    default: throw failure(name, "expected a number or null")
    }
  }

  /// Refuses the fields not read.
  func refuseOthers() throws(ShardPartError) {
    for name in fields.keys.sorted() where !read.contains(name) {
      throw failure(name, "not a field of a replay record")
    }
  }

  /// A gesture's replays: its file (an index into `files`), line, origin, start, recorded end, intent
  /// and `replays` replays.
  mutating func gesture(files: [String], replays: Int) throws(ShardPartError) -> GestureReplay {
    let index = try count("file")
    guard index < files.count else { throw failure("file", "\(index) is not an index of the header's files") }
    var replay = GestureReplay(
      index: -1, file: files[index], line: try count("line"), origin: try string("origin"),
      start: try string("start"), recorded: try optionalString("recorded"),
      intent: try optionalString("intent"),
      runs: [])
    read.insert("replays")
    guard case .array(let runs)? = fields["replays"], runs.count == replays else {
      throw failure("replays", "expected \(replays) replays")
    }
    for run in runs {
      guard case .object(let fields) = run else { throw failure("replays", "expected objects") }
      var reader = ReplayRecordReader(fields: fields, file: file, line: line)
      if fields["error"] != nil {
        replay.runs.append(.failure(GestureReplay.Failure(message: try reader.string("error"))))
      } else {
        let outcome = GestureRecord.Outcome(
          end: try reader.string("end"), settle: try reader.optionalNumber("settle"),
          overshoot: try reader.optionalNumber("overshoot"))
        replay.runs.append(
          .success(
            GestureReplay.Run(
              outcome: outcome, frames: try reader.count("frames"),
              settleFrames: try reader.count("settle_frames"))))
      }
      try reader.refuseOthers()
    }
    return replay
  }
}
