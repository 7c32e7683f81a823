import Foundation
import LuaHost
import SheetScenario
import SheetScript
import SheetTrace

/// `sheet fit CORPUS... --behaviour B --param name=from..to:step... [--set name=value]... [--jobs N]
/// [--write FILE] [--format text|jsonl] [--shard i/n | --shards N] [--plan PLAN] [-o PART]`.
enum FitCommand {
  /// Finds the thresholds whose replays agree best with the gestures' intents (``FitSearch``), prints
  /// the report and, with `--write`, writes the chosen values into the behaviour file; or, for a shard
  /// (`--shard`, or a job engine's variables), makes its share of the next round of the search the plan
  /// names and writes its part for `sheet merge` (``FitSetup``).
  /// - Parameter arguments: The words after `fit`.
  /// - Returns: 0 when every line was read and the fit (and any write) was made, 1 otherwise.
  /// - Throws: `UsageError` for bad arguments, a behaviour that does not load, a threshold it does not
  ///   declare, or a `--write` file that cannot take the values, before any run.
  static func main(_ arguments: [String]) throws -> Int32 {
    let args = try CommandLineArguments(
      arguments,
      valued: [
        "--behaviour": "--behaviour", "--param": "--param", "--set": "--set", "--jobs": "--jobs",
        "--write": "--write", "--format": "--format", "--shard": "--shard", "--shards": "--shards",
        "--plan": "--plan", "-o": "-o", "--output": "-o",
      ], flags: ["--exhaustive"])
    guard !args.positionals.isEmpty else { throw UsageError(message: "fit needs a corpus file") }
    for file in args.positionals where file != "-" { try Output.requireExisting(file) }
    guard let reference = args.value("--behaviour") else {
      throw UsageError(message: "fit needs --behaviour B (a preset's name or a behaviour file)")
    }
    let format = try args.format(of: ["text", "jsonl"])
    let parameters = try (args.options["--param"] ?? []).map(SweepParameter.parse)
    guard (1...FitSearch.maximumParameters).contains(parameters.count) else {
      throw UsageError(message: "fit needs 1 to \(FitSearch.maximumParameters) --param name=from..to:step")
    }
    let fixed = try args.overrides()
    try requireDistinct(parameters, fixed)
    let jobs = try ScenarioArguments.jobs(args)
    let replay = try ReplayCommand.Side(reference, option: "--behaviour", overrides: fixed)
    let search = FitSearch(axes: try axes(parameters, replay))
    if args.has("--exhaustive") { try requireExhaustible(search) }
    let writeBack = try args.value("--write").map { file throws(UsageError) in
      try TuneWriteBack(file: file, parameters: parameters)
    }
    // a job engine's variables make a shard only of a fit given a plan: a task may fit in one process
    let planned = args.value("--plan") != nil || args.value("--shard") != nil || args.value("--shards") != nil
    let shard = planned ? try Shard.given(args, environment: ProcessInfo.processInfo.environment) : nil
    if let shard {
      guard let plan = args.value("--plan") else {
        throw UsageError(
          message: "a sharded fit goes in rounds: give --plan FILE, the plan sheet merge writes after each "
            + "round (absent before the first)")
      }
      if args.has("--exhaustive") {
        throw UsageError(message: "--exhaustive runs in one process, not in shards")
      }
      let setup = FitSetup(
        files: args.positionals, side: replay, specs: args.options["--param"] ?? [], search: search,
        format: format, write: args.value("--write"))
      return try setup.writePart(shard: shard, planFile: plan, output: args.value("-o"), jobs: jobs)
    }
    for option in ["--plan", "-o"] {
      if let value = args.value(option) {
        throw UsageError(message: "\(option) \(value) goes with a shard's round: give --shard i/n as well")
      }
    }
    let (records, bad) = read(args.positionals)
    let fit = CorpusFit(
      source: replay.source, fixed: fixed, names: parameters.map(\.name), records: records)
    guard !fit.gestures.isEmpty else {
      Output.error(noIntent(args.positionals, fit))
      return 1
    }
    let runs = FitRuns(fit: fit, jobs: jobs)
    let before = runs.scores([search.axes.map(\.current)])[0]
    var scores: [FitSearch.Point: FitScore] = [:]
    func evaluate(_ batch: [FitSearch.Point]) -> [Int] {
      let new = batch.filter { scores[$0] == nil }
      for (point, score) in zip(new, runs.scores(new.map(search.values))) { scores[point] = score }
      return batch.map { scores[$0]?.agreement ?? 0 }
    }
    let result = search.run(evaluate: evaluate)
    var report = FitReport(
      behaviour: replay.label, search: search, fit: fit, result: result, scores: scores, before: before)
    if args.has("--exhaustive") {
      report.exhaustive = search.exhaustive(evaluate: evaluate)
      report.scores = scores
    }
    return finish(report, format: format, writeBack: writeBack, bad: bad)
  }

  /// Prints the report, writes the chosen values with `--write` and says how many lines were not read:
  /// the end of a fit, in one process or merged from shards.
  /// - Returns: The fit's exit status: 0, or 1 when a line was not read or the file not written.
  static func finish(
    _ report: FitReport, format: String, writeBack: TuneWriteBack?, bad: Int, reported: String = "above"
  ) -> Int32 {
    Output.write(format == "text" ? report.text() : report.jsonLines())
    var written = true
    if let writeBack {
      let chosen = Dictionary(uniqueKeysWithValues: report.chosen.map { ($0.name, $0.value) })
      let outcome = writeBack.write(
        chosen, heading: "the chosen values", unchanged: "it already holds the chosen values")
      Output.write(outcome.text)
      written = outcome.written
    }
    if bad > 0 {
      Output.error("fit: \(Plural.count(bad, "line")) not read (reported \(reported)) and skipped")
    }
    return bad == 0 && written ? 0 : 1
  }

  /// Refuses `--exhaustive` over a grid of more than ``maximumExhaustivePoints`` points.
  private static func requireExhaustible(_ search: FitSearch) throws(UsageError) {
    if let points = search.gridPoints, points <= maximumExhaustivePoints { return }
    throw UsageError(
      message:
        "--exhaustive: the grid has \(search.gridPoints.map(String.init) ?? "too many") points, more than "
        + "\(maximumExhaustivePoints); narrow the --param ranges")
  }

  /// The most grid points `--exhaustive` evaluates.
  static let maximumExhaustivePoints = 100_000

  /// Refuses a threshold given twice, or both fitted and `--set`.
  private static func requireDistinct(
    _ parameters: [SweepParameter], _ fixed: [(name: String, value: Double)]
  ) throws(UsageError) {
    var seen = Set<String>()
    for parameter in parameters where !seen.insert(parameter.name).inserted {
      throw UsageError(message: "--param \(parameter.name) is given twice")
    }
    for override in fixed where seen.contains(override.name) {
      throw UsageError(message: "\(override.name) is both fitted (--param) and fixed (--set)")
    }
  }

  /// The search's parameters: each swept range, and the behaviour's value (with the `--set` overrides).
  private static func axes(_ parameters: [SweepParameter], _ side: ReplayCommand.Side) throws(UsageError)
    -> [FitSearch.Axis]
  {
    let declared: [String: Double]
    do throws(BehaviourError) {
      declared = try GestureReplayer(source: side.source, overrides: side.overrides).check()
    } catch {
      throw UsageError(message: "--behaviour \(side.source.name): \(error.description)")
    }
    return try parameters.map { parameter throws(UsageError) in
      guard let current = declared[parameter.name] else {
        throw UsageError(
          message: "--param \(parameter.name): \(side.source.name) declares no threshold '\(parameter.name)'"
            + NameSuggestion.hint(parameter.name, among: declared.keys.sorted()))
      }
      return FitSearch.Axis(name: parameter.name, values: parameter.values, current: current)
    }
  }

  /// The message for corpora without a gesture with an intent.
  static func noIntent(_ files: [String], _ fit: CorpusFit) -> String {
    "fit: no gesture with an intent in \(files.joined(separator: " "))"
      + " (\(Plural.count(fit.withoutIntent, "gesture")) without one)"
  }

  /// Reads the corpora into memory (at most ``CorpusFit/maximumGestures`` gestures); bad lines go to
  /// standard error in order and are counted.
  static func read(_ files: [String]) -> (records: [GestureRecord], bad: Int) {
    var records: [GestureRecord] = []
    var over = 0
    let bad = CorpusLines.read(files) { record, file, line in
      guard records.count < CorpusFit.maximumGestures else {
        Output.error(
          "\(file):\(line): fit holds at most \(CorpusFit.maximumGestures) gestures; the rest skipped")
        over = 1
        return false
      }
      records.append(record)
      return true
    }
    return (records, bad + over)
  }

}
