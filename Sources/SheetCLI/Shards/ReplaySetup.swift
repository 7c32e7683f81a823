import SheetScenario
import SheetScript
import SheetTrace

/// What a shard of `sheet replay` records in its part for `sheet merge` to print the report from: in
/// the header, the corpora, each replay's label and the format; a record per item of the shard (item
/// `r` of the corpora, a line that is not blank or a file that cannot be opened, is shard `r % n + 1`'s):
/// `{"run":R,"file":F,"line":L,"origin":…,"start":…,"recorded":…,"intent":…,"replays":[…]}` for a
/// gesture (`file` indexes the header's `files`; each replay `{"end":…,"settle":…,"overshoot":…,
/// "frames":…,"settle_frames":…}` or `{"error":…}`, numbers as the shortest text that reads back the
/// same), `{"run":R,"bad":…}` for an item that was not read. The gestures' indices are given by the
/// merge, which takes the items in order.
struct ReplaySetup {
  /// The replay.
  var replay: CorpusReplay
  /// Each replay's behaviour and overrides, in words.
  var labels: [String]
  /// `table` or `jsonl`.
  var format: String

  /// Replays the shard's items and writes its part to `output` (standard output when nil).
  /// - Parameters:
  ///   - shard: The shard.
  ///   - output: The part's file.
  ///   - jobs: Worker threads.
  /// - Returns: 0 once the part is written.
  /// - Throws: `UsageError` for standard input as a corpus (a shard reads the corpora twice), a corpus
  ///   that cannot be read for the digest, `-o` naming a corpus, a corpus of more items than a sweep's
  ///   runs, or a part past ``ShardPart``'s limits.
  func writePart(shard: Shard, output: String?, jobs: Int) throws(UsageError) -> Int32 {
    if replay.files.contains("-") {
      throw UsageError(message: "a shard cannot read its corpus from standard input (-): give the file")
    }
    try OutputFile.refuseOverwriting(
      output,
      inputs: replay.files.map { ($0, "a corpus") }
        + replay.sides.compactMap { side in side.source.path.map { ($0, "a behaviour") } })
    let digest = try digest()
    let records = ShardPartRecords()
    let files = replay.files
    let items = replay.run(jobs: jobs, shard: shard) { handed in
      records.addNext(of: shard) { json in Self.fields(handed, files: files, into: &json) }
    }
    guard items <= Sweep.largestMaximumRuns else {
      throw UsageError(
        message: "the corpora have \(items) lines; a sharded replay reads at most \(Sweep.largestMaximumRuns)"
      )
    }
    let header = ShardPart.headerLine(command: "replay", digest: digest, shard: shard, runs: items) { json in
      json.field("files", files)
      json.field("labels", labels)
      json.field("format", format)
    }
    try records.write(header: header, to: output)
    return 0
  }

  /// An item's fields.
  private static func fields(_ handed: CorpusReplay.Handed, files: [String], into json: inout JSONWriter) {
    switch handed {
    case .bad(let error):
      json.field("bad", error.description)
    case .replayed(let replay):
      json.field("file", files.firstIndex(of: replay.file) ?? 0)
      json.field("line", replay.line)
      json.field("origin", replay.origin)
      json.field("start", replay.start)
      json.field("recorded", replay.recorded)
      json.field("intent", replay.intent)
      json.key("replays")
      json.beginArray()
      for run in replay.runs {
        json.beginObject()
        switch run {
        case .success(let run):
          json.field("end", run.outcome.end)
          json.field("settle", run.outcome.settle)
          json.field("overshoot", run.outcome.overshoot)
          json.field("frames", run.frames)
          json.field("settle_frames", run.settleFrames)
        case .failure(let failure):
          json.field("error", failure.message)
        }
        json.endObject()
      }
      json.endArray()
    }
  }

  /// The digest of everything that decides the replays and the report: the tool's version, each
  /// corpus's path and bytes, each replay's behaviour (its name and text) and overrides, and the format.
  func digest() throws(UsageError) -> String {
    var digest = SweepDigest()
    digest.add("replay")
    digest.add(SheetScriptVersion.banner)
    try digest.add(corpora: replay.files)
    for side in replay.sides { digest.add(behaviour: side.source, overrides: side.overrides) }
    digest.add("--format \(format)")
    return digest.hex
  }
}
