import Foundation
import SheetScenario
import SheetScript
import SheetTrace

/// A round of a sharded `sheet fit` (``FitPlan``): the shard replays its gestures (gesture `g` of those
/// with an intent, in the corpora's order, is shard `g % n + 1`'s) at the points the round evaluates
/// and writes them as a part. The header's setup holds what `sheet merge` needs to advance the search
/// and print the report: the fit's digest (`fit`), the round, the behaviour's label, the `--param`
/// ranges as given, the current values, the format, the counts of gestures without an intent and of
/// lines not read, and the `--write` file with a digest of its text. A record per gesture:
/// `{"run":G,"intent":"half","ends":["full",null,…]}`, where each point of the round sent it (null: it
/// could not be replayed), the current values first in the first round.
struct FitSetup {
  /// The corpora.
  var files: [String]
  /// The behaviour and the `--set` overrides.
  var side: ReplayCommand.Side
  /// The `--param` values as given, in order, and the search over them.
  var specs: [String]
  var search: FitSearch
  /// `text` or `jsonl`.
  var format: String
  /// The `--write` file.
  var write: String?

  /// Replays the shard's gestures at the round's points and writes its part.
  /// - Parameters:
  ///   - shard: The shard.
  ///   - planFile: The plan the rounds so far left (absent before the first).
  ///   - output: The part's file (standard output when nil).
  ///   - jobs: Worker threads.
  /// - Returns: 0 once the part is written, 1 when the corpora hold no gesture with an intent.
  /// - Throws: `UsageError` for standard input as a corpus, `-o` naming a file the fit reads, a plan of
  ///   another fit, bad or complete, or a part past ``ShardPart``'s limits.
  func writePart(shard: Shard, planFile: String, output: String?, jobs: Int) throws(UsageError) -> Int32 {
    if files.contains("-") {
      throw UsageError(message: "a shard cannot read its corpus from standard input (-): give the file")
    }
    try OutputFile.refuseOverwriting(
      output,
      inputs: files.map { ($0, "a corpus") } + [(planFile, "the --plan file")]
        + (side.source.path.map { [($0, "the behaviour")] } ?? [])
        + (write.map { [($0, "the --write file")] } ?? []))
    let fit = try fitDigest()
    let (plan, planDigest) = try readPlan(planFile, fit: fit)
    guard case .evaluate(let current, let points) = plan.next(search) else {
      throw UsageError(
        message: "--plan \(planFile): the search is complete (\(Plural.count(plan.round, "round"))); "
          + "sheet merge printed its report. Remove the plan to fit again")
    }
    let (records, bad) = FitCommand.read(files)
    let whole = CorpusFit(
      source: side.source, fixed: side.overrides, names: search.axes.map(\.name), records: records)
    guard !whole.gestures.isEmpty else {
      Output.error(FitCommand.noIntent(files, whole))
      return 1
    }
    let count = whole.gestures.count
    let mine = (0..<shard.share(of: count)).map { whole.gestures[shard.run($0)] }
    let shardFit = CorpusFit(source: side.source, fixed: side.overrides, names: whole.names, records: mine)
    let values = (current ? [search.axes.map(\.current)] : []) + points.map(search.values)
    // at least `null,` per end and 40 bytes a record: a round past a part's limit is refused before its runs
    let least = mine.count * (values.count * 5 + 40)
    guard least <= ShardPart.maximumBytes else {
      let shards = (count * (values.count * 5 + 40)) / ShardPart.maximumBytes + 1
      throw UsageError(
        message: "round \(plan.round + 1) evaluates \(Plural.count(values.count, "point")) for each of the "
          + "shard's \(Plural.count(mine.count, "gesture")): its part would pass \(ShardPart.maximumBytes) "
          + "bytes; cut the fit into \(shards) shards or more")
    }
    let ends = FitRuns(fit: shardFit, jobs: jobs).ends(values)
    let part = ShardPartRecords()
    for (k, gesture) in mine.enumerated() {
      part.add(run: shard.run(k)) { json in
        json.field("intent", gesture.intent)
        json.key(literal: "ends")
        json.beginArray()
        for p in values.indices { json.string(ends[p * mine.count + k]) }
        json.endArray()
      }
    }
    let fields = Fields(
      fit: fit, round: plan.round + 1, label: side.label, specs: specs, current: search.axes.map(\.current),
      format: format, withoutIntent: whole.withoutIntent, bad: bad,
      write: write.map { ($0, TuneSetup.fileDigest($0)) })
    let header = ShardPart.headerLine(
      command: "fit", digest: fields.digest(plan: planDigest), shard: shard, runs: count,
      setup: fields.write(into:))
    try part.write(header: header, to: output)
    return 0
  }

  /// The plan in `file`, or the first round's when there is none; refused when it is another fit's.
  private func readPlan(_ file: String, fit: String) throws(UsageError) -> (FitPlan, String?) {
    let read: (plan: FitPlan, digest: String)?
    do throws(ShardPartError) {
      read = try FitPlan.read(file, fit: fit, search: search)
    } catch {
      throw UsageError(message: "--plan " + error.description)
    }
    guard let (plan, digest) = read else { return (FitPlan(fit: fit), nil) }
    return (plan, digest)
  }

  /// The digest of everything that decides the fit's runs and its report: the tool's version, each
  /// corpus's path and bytes, the behaviour (its name and text) and overrides, the parameters, the
  /// format and the `--write` file's path.
  func fitDigest() throws(UsageError) -> String {
    var digest = SweepDigest()
    digest.add("fit")
    digest.add(SheetScriptVersion.banner)
    try digest.add(corpora: files)
    digest.add(behaviour: side.source, overrides: side.overrides)
    for spec in specs { digest.add("--param \(spec)") }
    digest.add("--format \(format)")
    digest.add("--write \(write ?? "")")
    return digest.hex
  }

  /// The header's `setup`: what the merge needs to advance the search and print the report.
  struct Fields {
    var fit: String
    var round: Int
    var label: String
    var specs: [String]
    var current: [Double]
    var format: String
    var withoutIntent: Int
    var bad: Int
    /// The `--write` file and its digest when the round's parts were made.
    var write: (file: String, digest: String)?

    /// Writes the fields into the header's `setup` object.
    func write(into json: inout JSONWriter) {
      json.field("fit", fit)
      json.field("round", round)
      json.field("label", label)
      json.field("params", specs)
      json.key(literal: "current")
      json.beginArray()
      for value in current { json.number(value) }
      json.endArray()
      json.field("format", format)
      json.field("without_intent", withoutIntent)
      json.field("bad", bad)
      json.field("write", write?.file)
      json.field("write_digest", write?.digest)
    }

    /// The round's parts' digest: of the plan the round read (none in the first round) and of the
    /// fields as ``write(into:)`` writes them, so that the merge refuses a part of another round or with
    /// an edited setup.
    func digest(plan: String?) -> String {
      var json = JSONWriter()
      json.beginObject()
      write(into: &json)
      json.endObject()
      var digest = SweepDigest()
      digest.add(plan ?? "no plan")
      digest.add(json.text)
      return digest.hex
    }
  }
}

extension FitSetup.Fields {
  /// The fields ``write(into:)`` wrote, read back from a part's `setup`.
  /// - Throws: ``ShardPartError`` naming the field at fault.
  init(reading setup: inout ShardFields) throws(ShardPartError) {
    fit = try setup.string("fit")
    round = try setup.count("round")
    label = try setup.string("label")
    specs = try setup.strings("params", 1...FitSearch.maximumParameters)
    current = try setup.numbers("current", specs.count...specs.count, of: "current values, one per parameter")
    format = try setup.choice("format", of: ["text", "jsonl"])
    withoutIntent = try setup.count("without_intent")
    // lines not read are not bounded by the gestures a fit holds: any count a double holds exactly
    bad = try setup.count("bad", limit: 1 << 53)
    write = try setup.writeBack()
  }
}
