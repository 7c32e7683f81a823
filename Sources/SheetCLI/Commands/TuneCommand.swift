import Dispatch
import Foundation
import SheetScenario
import SheetScript
import Synchronization

/// `sheet tune PATH --param name=from..to:step [--param ...] [--jobs N] [--max-runs N] [--explain]
/// [--write FILE] [--shard i/n | --shards N] [-o PART]`.
enum TuneCommand {
  /// Runs the scenarios for every point of the parameter grid and prints the outcomes; or, for a shard
  /// (`--shard`, or a job engine's variables), makes the shard's runs and writes its part for `sheet
  /// merge` (``ShardPart``).
  /// - Parameter arguments: The words after `tune`.
  /// - Returns: 0 when at least one point passes every scenario (and, with `--write`, the file took the
  ///   nearest one), 1 when none does or the file refused it (the table and the verdict are printed
  ///   either way); for a shard, 0 once its part is written.
  /// - Throws: `UsageError` for bad arguments, a bad range (or a value outside the range of a threshold the default
  ///   policy reads) or a grid over the run cap, before any run; for a threshold no scenario's behaviour
  ///   declares, after one probing run per scenario and before the sweep.
  static func main(_ arguments: [String]) throws -> Int32 {
    let args = try CommandLineArguments(
      arguments,
      valued: [
        "--param": "--param", "--set": "--set", "--jobs": "--jobs", "--fps": "--fps",
        "--max-runs": "--max-runs", "--write": "--write", "--shard": "--shard", "--shards": "--shards",
        "-o": "-o", "--output": "-o",
      ], flags: ["--explain"])
    guard !args.positionals.isEmpty else { throw UsageError(message: "tune needs a scenario file or folder") }
    let found = try ScenarioArguments.scenarios(in: args.positionals)
    guard !found.scenarios.isEmpty else {
      throw UsageError(
        message: "no scenarios in \(args.positionals.joined(separator: " ")) (\(ScenarioRunner.rule))")
    }
    let parameters = try (args.options["--param"] ?? []).map(SweepParameter.parse)
    guard !parameters.isEmpty else {
      throw UsageError(message: "tune needs at least one --param name=from..to:step")
    }
    let jobs = try ScenarioArguments.jobs(args)
    var maximumRuns = Sweep.defaultMaximumRuns
    if let text = args.value("--max-runs") {
      guard let value = Int(text), (1...Sweep.largestMaximumRuns).contains(value) else {
        throw UsageError(
          message: "--max-runs expects a count of runs from 1 to \(Sweep.largestMaximumRuns), got '\(text)'")
      }
      maximumRuns = value
    }
    let shard = try Shard.given(args, environment: ProcessInfo.processInfo.environment)
    if shard == nil, let output = args.value("-o") {
      throw UsageError(message: "-o \(output) writes a shard's part: give --shard i/n as well")
    }
    let sweep = Sweep(
      files: found.scenarios, parameters: parameters,
      options: try ScenarioArguments.options(args))
    try sweep.requireRuns(atMost: maximumRuns)
    let behaviours = try sweep.requireDeclaredThresholds(jobs: jobs)
    let writeBack = try args.value("--write").map { file throws(UsageError) in
      try TuneWriteBack(file: file, parameters: parameters)
    }
    if let shard {
      let setup = TuneSetup(
        sweep: sweep, specs: args.options["--param"] ?? [], explain: args.has("--explain"),
        write: args.value("--write"))
      return try setup.writePart(
        shard: shard, behaviours: behaviours, output: args.value("-o"), jobs: jobs)
    }
    let report = Mutex(TuneReport(sweep, explain: args.has("--explain"), writeBack: writeBack))
    Output.write(report.withLock { $0.start() })
    sweep.run(jobs: jobs, progress: ProgressLine(total: sweep.runCount ?? 0).report) { _, outcome in
      Output.write(report.withLock { $0.add(outcome) })
    }
    let finished = report.withLock { $0.finish() }
    Output.write(finished.text)
    return finished.status
  }
}

/// A progress line on standard error, shown only once a run has taken more than a second, and only when
/// standard output is not a terminal (there the rows themselves show the progress).
final class ProgressLine: Sendable {
  private let total: Int
  private let start = ContinuousClock.now
  private let state = Mutex((done: 0, shownAt: Duration.zero))

  /// Creates a progress line for `total` runs.
  /// - Parameter total: The number of runs.
  init(total: Int) { self.total = total }

  /// Counts one finished run and refreshes the line at most every half second.
  func report() {
    guard isatty(STDOUT_FILENO) == 0 else { return }
    let elapsed = ContinuousClock.now - start
    let line: String? = state.withLock { state in
      state.done += 1
      let finished = state.done == total
      guard elapsed > .seconds(1), finished || elapsed - state.shownAt > .milliseconds(500) else {
        return nil
      }
      state.shownAt = elapsed
      return "\rtune: \(state.done)/\(total) runs" + (finished ? "\n" : "")
    }
    if let line { Output.writeError(line) }
  }
}
