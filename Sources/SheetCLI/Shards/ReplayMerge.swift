import SheetScenario
import SheetTrace

/// `sheet merge` of `sheet replay`'s parts (``ReplaySetup``): each item kept, then the report printed by
/// ``ReplayReport`` from the items in order, as one process prints it.
struct ReplayMerge {
  private let files: [String]
  private let labels: [String]
  private let format: String
  /// The items in the whole replay (the header's runs).
  private let runs: Int
  /// Each item read: its gesture's replays, or why it was not read, by run (a dictionary, not an array
  /// of the header's runs: memory grows with the records read, not with what a header claims).
  private var items: [Int: Item] = [:]

  private enum Item {
    case gesture(GestureReplay)
    case bad(String)
  }

  /// A merge of the parts whose first header is `header`.
  /// - Throws: ``ShardPartError`` for a setup that is not a replay's.
  init(_ header: ShardPart.Header, file: String) throws(ShardPartError) {
    func failure(_ field: String, _ message: String) -> ShardPartError {
      ShardPartError(file: file, line: 1, field: "setup." + field, message: message)
    }
    func strings(_ field: String, _ counts: ClosedRange<Int>) throws(ShardPartError) -> [String] {
      guard case .array(let values)? = header.setup[field], counts.contains(values.count) else {
        throw failure(field, "expected \(counts.lowerBound) to \(counts.upperBound) strings")
      }
      return try values.map { value throws(ShardPartError) in
        guard case .string(let text) = value else { throw failure(field, "expected strings") }
        return text
      }
    }
    files = try strings("files", 1...Int(Int32.max))
    labels = try strings("labels", 1...2)
    guard case .string(let format)? = header.setup["format"], ["table", "jsonl"].contains(format) else {
      throw failure("format", "expected table or jsonl")
    }
    self.format = format
    runs = header.runs
  }

  /// Keeps one item's record: a gesture's replays, or `bad`.
  /// - Throws: ``ShardPartError`` naming the field at fault.
  mutating func record(_ run: Int, _ fields: [String: JSONValue], file: String, line: Int)
    throws(ShardPartError)
  {
    var reader = ReplayRecordReader(fields: fields, file: file, line: line)
    if fields["bad"] != nil {
      items[run] = .bad(try reader.string("bad"))
    } else {
      items[run] = .gesture(try reader.gesture(files: files, replays: labels.count))
    }
    try reader.refuseOthers()
  }

  /// Prints the report as `sheet replay` does in one process.
  /// - Returns: `sheet replay`'s exit status.
  func report() -> Int32 {
    var report = ReplayReport(labels: labels, format: format)
    var out = ""
    for run in 0..<runs {
      switch items[run] {
      case .gesture(let replay)?: out += report.add(replay)
      case .bad(let error)?:
        Output.write(out)
        out = ""
        Output.writeError(report.add(bad: error))
      case nil: break  // every run is read before the report (ShardMerge)
      }
      if out.utf8.count >= 1 << 16 {
        Output.write(out)
        out = ""
      }
    }
    Output.write(out)
    return ReplayReport.end(report.finish(files: files))
  }
}
