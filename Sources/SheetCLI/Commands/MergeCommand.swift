import SheetTrace

/// `sheet merge PART... [--plan PLAN]`: the parts the shards of a sweep (`sheet tune`, `sheet replay`, a
/// round of `sheet fit`) wrote (``ShardPart``), checked and merged into the report one process prints
/// (for a fit, once its last round is merged; ``FitMerge``).
enum MergeCommand {
  /// The commands whose parts merge.
  static let commands = ["tune", "replay", "fit"]

  /// Reads every part, checks they are the whole of one sweep, then prints its report.
  /// - Parameter arguments: The part files, and `--plan PLAN` for a fit's.
  /// - Returns: The exit status the command would give in one process; 1 when a part is refused.
  /// - Throws: `UsageError` without a part; ``ShardPartError`` for parts that do not merge (nothing is
  ///   printed then).
  static func main(_ arguments: [String]) throws -> Int32 {
    let args = try CommandLineArguments(arguments, valued: ["--plan": "--plan"])
    guard let firstFile = args.positionals.first else {
      throw UsageError(
        message: "merge needs the shards' part files (sheet tune, replay or fit --shard i/n -o PART)")
    }
    let planFile = args.value("--plan")
    var tune: TuneMerge?
    var replay: ReplayMerge?
    var fit: FitMerge?
    try ShardMerge.read(args.positionals) { header throws(ShardPartError) in
      if header.command != "fit", let planFile {
        throw ShardPartError(
          file: firstFile, line: 1, field: "command",
          message: "\(header.command): --plan \(planFile) goes with a fit's parts, not \(header.command)'s")
      }
      switch header.command {
      case "replay": replay = try ReplayMerge(header, file: firstFile)
      case "fit": fit = try FitMerge(header, file: firstFile, planFile: planFile)
      default: tune = try TuneMerge(header, file: firstFile)
      }
    } record: { run, fields throws(ShardPartError) in
      try tune?.record(run, &fields)
      try replay?.record(run, &fields)
      try fit?.record(run, &fields)
    }
    return try tune?.report() ?? replay?.report() ?? fit?.report() ?? 1
  }
}
