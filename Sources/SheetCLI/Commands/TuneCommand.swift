import Dispatch
import Foundation
import SheetScenario
import SheetScript
import Synchronization

/// `sheet tune PATH --param name=from..to:step [--param ...] [--jobs N] [--max-runs N] [--explain]
/// [--write FILE]`.
enum TuneCommand {
  /// Runs the scenarios for every point of the parameter grid and prints the outcomes.
  /// - Parameter arguments: The words after `tune`.
  /// - Returns: 0 when at least one point passes every scenario (and, with `--write`, the file took the
  ///   nearest one), 1 when none does or the file refused it (the table and the verdict are printed
  ///   either way).
  /// - Throws: `UsageError` for bad arguments, a bad range (or a value outside the range of a threshold the default
  ///   policy reads) or a grid over the run cap, before any run; for a threshold no scenario's behaviour
  ///   declares, after one probing run per scenario and before the sweep.
  static func main(_ arguments: [String]) throws -> Int32 {
    let args = try CommandLineArguments(
      arguments,
      valued: [
        "--param": "--param", "--set": "--set", "--jobs": "--jobs", "--fps": "--fps",
        "--max-runs": "--max-runs", "--write": "--write",
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
    let sweep = Sweep(
      files: found.scenarios, parameters: parameters,
      options: try ScenarioArguments.options(args))
    try sweep.requireRuns(atMost: maximumRuns)
    try sweep.requireDeclaredThresholds(jobs: jobs)
    let writeBack = try args.value("--write").map { file throws(UsageError) in
      try TuneWriteBack(file: file, parameters: parameters)
    }
    let table = Mutex((table: SweepTable(sweep, explain: args.has("--explain")), writeBack: writeBack))
    Output.write(table.withLock { $0.table.start() })
    sweep.run(jobs: jobs, progress: ProgressLine(total: sweep.runCount ?? 0).report) { index, outcomes in
      Output.write(
        table.withLock { state in
          let passing = state.table.passingPoints
          let row = state.table.row(index, outcomes)
          if state.table.passingPoints > passing {  // the table's own rule: every scenario passed
            state.writeBack?.passed(index: index, point: sweep.point(at: index))
          }
          return row
        })
    }
    Output.write(table.withLock { $0.table.end() })
    let passing = table.withLock { $0.table.passingPoints } > 0
    guard let written = table.withLock({ $0.writeBack })?.write(sweep) else { return passing ? 0 : 1 }
    Output.write(written.text)
    return passing && written.written ? 0 : 1
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
