import LuaHost
import SheetScript
import SheetTrace

/// What a shard of `sheet tune` records in its part's header for `sheet merge` to print the report
/// from the records: the scenario files, the `--param` ranges as given, `--explain`, and the `--write`
/// file with a digest of its text (the merge writes into it only while it is unchanged).
struct TuneSetup {
  /// The sweep.
  var sweep: Sweep
  /// The `--param` values as given, in order.
  var specs: [String]
  /// Whether the report lists each FAIL cell.
  var explain: Bool
  /// The `--write` file.
  var write: String?

  /// Makes the shard's runs and writes its part to `output` (standard output when nil): the header,
  /// then a record per run, `{"run":R,"passed":true}` or `{"run":R,"passed":false,"why":"…"}`.
  /// - Parameters:
  ///   - shard: The shard.
  ///   - behaviours: The behaviour and module files the scenarios read.
  ///   - output: The part's file.
  ///   - jobs: Worker threads.
  /// - Returns: 0 once the part is written.
  /// - Throws: `UsageError` when a file cannot be read for the digest, `-o` names a file the sweep reads
  ///   or cannot be written, or the part would pass ``ShardPart``'s limits.
  func writePart(shard: Shard, behaviours: [String], output: String?, jobs: Int) throws(UsageError) -> Int32 {
    let inputs =
      sweep.files.map { ($0, "a scenario") } + behaviours.map { ($0, "a behaviour the scenarios read") }
      + (write.map { [($0, "the --write file")] } ?? [])
    try OutputFile.refuseOverwriting(output, inputs: inputs)
    let runs = sweep.runCount ?? 0
    let header = ShardPart.headerLine(
      command: "tune", digest: try digest(behaviours: behaviours), shard: shard, runs: runs
    ) { json in
      json.field("files", sweep.files)
      json.field("params", specs)
      json.field("explain", explain)
      json.field("write", write)
      json.field("write_digest", write.map(Self.fileDigest))
    }
    let records = ShardPartRecords()
    sweep.run(shard: shard, jobs: jobs, progress: ProgressLine(total: shard.share(of: runs)).report) {
      index, outcome in
      records.add(run: index) { json in
        json.field("passed", outcome.passed)
        if let why = outcome.why { json.field("why", why) }
      }
    }
    try records.write(header: header, to: output)
    return 0
  }

  /// The digest of everything that decides the runs and the report: the tool's version, each scenario's
  /// and behaviour's path and text, the parameters, `--set`, `--fps`, `--explain` and the `--write`
  /// file's path and text.
  func digest(behaviours: [String]) throws(UsageError) -> String {
    var digest = SweepDigest()
    digest.add("tune")
    digest.add(SheetScriptVersion.banner)
    for file in sweep.files + ["--"] + behaviours {
      digest.add(file)
      if file != "--" { digest.add(try Self.text(file)) }
    }
    for spec in specs { digest.add("--param \(spec)") }
    for (name, value) in sweep.options.overrides { digest.add("--set \(name)=\(value)") }
    digest.add("--fps \(sweep.options.fps.map { "\($0)" } ?? "scenario")")
    digest.add("--explain \(explain)")
    if let write { digest.add("--write \(write) \(try Self.text(write))") }
    return digest.hex
  }

  /// A file's text, read as a scenario is.
  static func text(_ file: String) throws(UsageError) -> String {
    do throws(SourceFile.Failure) {
      return try SourceFile.read(file)
    } catch {
      throw UsageError(message: error.description)
    }
  }

  /// The digest of a file's text; of nothing when it cannot be read.
  static func fileDigest(_ file: String) -> String {
    var digest = SweepDigest()
    digest.add((try? SourceFile.read(file)) ?? "")
    return digest.hex
  }
}
