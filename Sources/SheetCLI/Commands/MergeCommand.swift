import SheetTrace

/// `sheet merge PART...`: the parts the shards of a sweep (`sheet tune`, `sheet replay`) wrote (``ShardPart``), checked and merged into
/// the report one process prints.
enum MergeCommand {
  /// The commands whose parts merge.
  static let commands = ["tune", "replay"]

  /// Reads every part, checks they are the whole of one sweep, then prints its report.
  /// - Parameter arguments: The part files.
  /// - Returns: The exit status the command would give in one process; 1 when a part is refused.
  /// - Throws: `UsageError` without a part; ``ShardPartError`` for parts that do not merge (nothing is
  ///   printed then).
  static func main(_ arguments: [String]) throws -> Int32 {
    let args = try CommandLineArguments(arguments)
    guard let firstFile = args.positionals.first else {
      throw UsageError(
        message: "merge needs the shards' part files (sheet tune or sheet replay --shard i/n -o PART)")
    }
    var tune: TuneMerge?
    var replay: ReplayMerge?
    try ShardMerge.read(args.positionals) { header throws(ShardPartError) in
      if header.command == "replay" {
        replay = try ReplayMerge(header, file: firstFile)
      } else {
        tune = try TuneMerge(header, file: firstFile)
      }
    } record: { run, fields, file, line throws(ShardPartError) in
      try tune?.record(run, fields, file: file, line: line)
      try replay?.record(run, fields, file: file, line: line)
    }
    return try tune?.report() ?? replay?.report() ?? 1
  }
}
