import SheetScenario
import SheetScript
import SheetTrace
import Synchronization

/// `sheet replay CORPUS... --behaviour B [--set name=value]... [--against B2] [--against-set
/// name=value]... [--format table|jsonl] [--jobs N]`.
enum ReplayCommand {
  /// Replays every gesture of the corpora on the real core and prints the summary (or, with `--format
  /// jsonl`, a line per gesture), in the corpora's order whatever `--jobs`.
  /// - Parameter arguments: The words after `replay`.
  /// - Returns: 0 when every line was read and every gesture replayed, 1 otherwise (bad lines are
  ///   reported on standard error with their line numbers and skipped).
  /// - Throws: `UsageError` for bad arguments, a behaviour that does not load, or an override it refuses.
  static func main(_ arguments: [String]) throws -> Int32 {
    let args = try CommandLineArguments(
      arguments,
      valued: [
        "--behaviour": "--behaviour", "--set": "--set", "--against": "--against",
        "--against-set": "--against-set", "--format": "--format", "--jobs": "--jobs",
      ])
    guard !args.positionals.isEmpty else { throw UsageError(message: "replay needs a corpus file") }
    for file in args.positionals where file != "-" { try Output.requireExisting(file) }
    guard let reference = args.value("--behaviour") else {
      throw UsageError(message: "replay needs --behaviour B (a preset's name or a behaviour file)")
    }
    let format = args.value("--format") ?? "table"
    guard ["table", "jsonl"].contains(format) else {
      throw UsageError(message: "unknown format '\(format)' (expected table or jsonl)")
    }
    let jobs = try ScenarioArguments.jobs(args)
    var sides = [try Side(reference, option: "--behaviour", overrides: try args.overrides())]
    if args.has("--against") || args.has("--against-set") {
      let other = args.value("--against") ?? reference
      sides.append(
        try Side(
          other, option: "--against", overrides: try args.overrides() + (try args.overrides("--against-set")))
      )
    }
    let state = Mutex((summary: GestureReplaySummary(replayers: sides.count), bad: 0))
    CorpusReplay(files: args.positionals, sides: sides.map { ($0.source, $0.overrides) }).run(jobs: jobs) {
      hand($0, format: format, state: state)
    }
    let (summary, bad) = state.withLock { ($0.summary, $0.bad) }
    if summary.gestures == 0 {
      Output.error("replay: no gesture in \(args.positionals.joined(separator: " "))")
    } else if format == "table" {
      Output.write(summary.text(labels: sides.map(\.label)))
    }
    if bad > 0 { Output.error("replay: \(Plural.count(bad, "line")) not read (reported above) and skipped") }
    let failed = summary.sides.contains { $0.failures > 0 }
    return bad == 0 && !failed && summary.gestures > 0 ? 0 : 1
  }

  /// Takes a result in the corpora's order: a gesture into the summary (and its line out, for jsonl),
  /// a bad line to standard error.
  private static func hand(
    _ entry: CorpusReplay.Handed, format: String,
    state: borrowing Mutex<(summary: GestureReplaySummary, bad: Int)>
  ) {
    switch entry {
    case .replayed(let replay):
      state.withLock { $0.summary.add(replay) }
      if format == "jsonl" { Output.print(replay.jsonLine()) }
    case .bad(let error):
      state.withLock { $0.bad += 1 }
      Output.error(error.description)
    }
  }

  /// One side of a replay: a behaviour and its overrides, checked by loading it once.
  struct Side {
    var source: BehaviourSource
    var overrides: [(name: String, value: Double)]
    var label: String

    init(_ reference: String, option: String, overrides: [(name: String, value: Double)]) throws(UsageError) {
      do throws(BehaviourError) {
        source = try BehaviourSource.resolve(reference)
        _ = try GestureReplayer(source: source, overrides: overrides).check()
      } catch {
        throw UsageError(message: "\(option) \(reference): \(error.description)")
      }
      self.overrides = overrides
      let set = overrides.map { "\($0.name)=\(JSONWriter.shortest($0.value))" }
      label = source.name + (set.isEmpty ? "" : " with " + set.joined(separator: ", "))
    }
  }
}
