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
    var setup = ShardFields(header.setup, file: file, line: 1, path: "setup.")
    files = try setup.strings("files", 1...Int(Int32.max))
    labels = try setup.strings("labels", 1...2)
    format = try setup.choice("format", of: ["table", "jsonl"])
    try setup.refuseOthers(of: "a replay's setup")
    runs = header.runs
  }

  /// Keeps one item's record: a gesture's replays, or `bad`.
  /// - Throws: ``ShardPartError`` naming the field at fault.
  mutating func record(_ run: Int, _ fields: inout ShardFields) throws(ShardPartError) {
    if fields.has("bad") {
      items[run] = .bad(try fields.string("bad"))
    } else {
      items[run] = .gesture(try Self.gesture(&fields, files: files, replays: labels.count))
    }
    try fields.refuseOthers(of: "a replay record")
  }

  /// A gesture's replays: its file (an index into `files`), line, origin, start, recorded end, intent
  /// and `replays` replays, each an outcome or an error.
  private static func gesture(_ fields: inout ShardFields, files: [String], replays: Int)
    throws(ShardPartError)
    -> GestureReplay
  {
    let index = try fields.count("file", limit: 1 << 53)
    guard index < files.count else {
      throw fields.failure("file", "\(index) is not an index of the header's files (0 to \(files.count - 1))")
    }
    var replay = GestureReplay(
      index: -1, file: files[index], line: try fields.count("line", limit: 1 << 53),
      origin: try fields.string("origin"), start: try fields.string("start"),
      recorded: try fields.optionalString("recorded"), intent: try fields.optionalString("intent"), runs: [])
    for var run in try fields.objects("replays", replays...replays, of: "replays") {
      if run.has("error") {
        replay.runs.append(.failure(GestureReplay.Failure(message: try run.string("error"))))
      } else {
        let outcome = GestureRecord.Outcome(
          end: try run.string("end"), settle: try run.optionalNumber("settle"),
          overshoot: try run.optionalNumber("overshoot"))
        replay.runs.append(
          .success(
            GestureReplay.Run(
              outcome: outcome, frames: try run.count("frames"), settleFrames: try run.count("settle_frames"))
          ))
      }
      try run.refuseOthers(of: "a replay")
    }
    return replay
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
