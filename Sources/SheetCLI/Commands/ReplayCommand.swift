import Foundation
import SheetScenario
import SheetScript
import SheetTrace
import Synchronization

/// `sheet replay CORPUS... --behaviour B [--set name=value]... [--against B2] [--against-set
/// name=value]... [--format table|jsonl] [--jobs N] [--shard i/n | --shards N] [-o PART]`.
enum ReplayCommand {
  /// Replays every gesture of the corpora on the real core and prints the summary (or, with `--format
  /// jsonl`, a line per gesture), in the corpora's order whatever `--jobs`; or, for a shard (`--shard`,
  /// or a job engine's variables), replays the shard's items and writes its part for `sheet merge`
  /// (``ReplaySetup``).
  /// - Parameter arguments: The words after `replay`.
  /// - Returns: 0 when every line was read and every gesture replayed, 1 otherwise (bad lines are
  ///   reported on standard error with their line numbers and skipped); for a shard, 0 once its part is
  ///   written.
  /// - Throws: `UsageError` for bad arguments, a behaviour that does not load, or an override it refuses.
  static func main(_ arguments: [String]) throws -> Int32 {
    let args = try CommandLineArguments(
      arguments,
      valued: [
        "--behaviour": "--behaviour", "--set": "--set", "--against": "--against",
        "--against-set": "--against-set", "--format": "--format", "--jobs": "--jobs", "--shard": "--shard",
        "--shards": "--shards", "-o": "-o", "--output": "-o",
      ])
    guard !args.positionals.isEmpty else { throw UsageError(message: "replay needs a corpus file") }
    for file in args.positionals where file != "-" { try Output.requireExisting(file) }
    guard let reference = args.value("--behaviour") else {
      throw UsageError(message: "replay needs --behaviour B (a preset's name or a behaviour file)")
    }
    let format = try args.format(of: ["table", "jsonl"])
    let jobs = try ScenarioArguments.jobs(args)
    var sides = [try Side(reference, option: "--behaviour", overrides: try args.overrides())]
    if args.has("--against") || args.has("--against-set") {
      let other = args.value("--against") ?? reference
      sides.append(
        try Side(
          other, option: "--against", overrides: try args.overrides() + (try args.overrides("--against-set")))
      )
    }
    let replay = CorpusReplay(files: args.positionals, sides: sides.map { ($0.source, $0.overrides) })
    let shard = try Shard.given(args, environment: ProcessInfo.processInfo.environment)
    if shard == nil, let output = args.value("-o") {
      throw UsageError(message: "-o \(output) writes a shard's part: give --shard i/n as well")
    }
    if let shard {
      let setup = ReplaySetup(replay: replay, labels: sides.map(\.label), format: format)
      return try setup.writePart(shard: shard, output: args.value("-o"), jobs: jobs)
    }
    let report = Mutex(ReplayReport(labels: sides.map(\.label), format: format))
    replay.run(jobs: jobs) { entry in
      switch entry {
      case .replayed(let replay): Output.write(report.withLock { $0.add(replay) })
      case .bad(let error): Output.writeError(report.withLock { $0.add(bad: error.description) })
      }
    }
    return ReplayReport.end(report.withLock { $0.finish(files: args.positionals) })
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
