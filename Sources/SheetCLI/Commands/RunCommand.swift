import Foundation
import SheetScenario
import SheetScript

/// `sheet run FILE [--format table|jsonl|csv] [--set name=value]... [--fps N] [-o OUT]`.
enum RunCommand {
  /// Runs a scenario and prints its trace.
  /// - Parameter arguments: The words after `run`.
  /// - Returns: 0 when every expectation passed or the scenario checked nothing, 1 otherwise.
  /// - Throws: `UsageError` for bad arguments (a `--set` outside its threshold's range, or naming a
  ///   threshold the behaviour does not declare), an `-o` naming a file the run reads, or one that
  ///   cannot be written.
  static func main(_ arguments: [String]) throws -> Int32 {
    let args = try CommandLineArguments(
      arguments,
      valued: ["--format": "--format", "--set": "--set", "--fps": "--fps", "-o": "-o", "--output": "-o"])
    let file = try ScenarioArguments.singleFile(args)
    let options = try ScenarioArguments.options(args)
    let format = try args.format(of: ["table", "jsonl", "csv"])
    let output = args.value("-o")
    try ScenarioArguments.refuseOverwriting(output, scenario: file)
    let result = ScenarioRunner.run(file: file, options: options)
    try ScenarioArguments.requireAcceptedOverrides(result)
    let text =
      switch format {
      case "jsonl": result.trace.jsonLines()
      case "csv": result.trace.csv()
      default: result.trace.table() + result.summary + "\n"
      }
    try ScenarioArguments.refuseOverwriting(output, behavioursOf: result)
    try Output.emit(text, to: output)
    return report(result, summaryShown: format == "table" && output == nil)
  }

  /// Prints a run's failures on standard error, each once, and gives the exit status: 0 for a run that
  /// passed or only checked nothing (said on standard error unless the summary on standard output says it).
  /// - Parameters:
  ///   - result: The run's result.
  ///   - summaryShown: Whether standard output ends with the run's summary.
  /// - Returns: The exit status.
  static func report(_ result: ScenarioResult, summaryShown: Bool) -> Int32 {
    if result.checkedNothing {
      if !summaryShown { Output.error("\(result.file): \(result.summary)") }
      return 0
    }
    for failure in result.failures {
      Output.error(failure.description)
    }
    return result.passed ? 0 : 1
  }
}

/// Argument checks shared by the commands that run scenarios.
enum ScenarioArguments {
  /// The one scenario file a command takes, which must exist and follow the scenario rule.
  /// - Parameter args: The parsed arguments.
  /// - Returns: The file's path.
  /// - Throws: `UsageError` when there is not exactly one, it does not exist, or it is not a scenario.
  static func singleFile(_ args: CommandLineArguments) throws(UsageError) -> String {
    guard args.positionals.count == 1, let file = args.positionals.first else {
      throw UsageError(message: "expected one scenario file, got \(args.positionals.count)")
    }
    try Output.requireExisting(file)
    if ScenarioRunner.isScenario(file: file) == false { throw notAScenario(file) }
    return file
  }

  /// The scenarios in the files and folders given (which must exist), refusing a file named explicitly
  /// that is not a scenario.
  /// - Parameter paths: The files and folders.
  /// - Returns: What was found.
  /// - Throws: `UsageError` for a missing path or a named file that does not follow the rule.
  static func scenarios(in paths: [String]) throws(UsageError) -> ScenarioRunner.Found {
    for path in paths { try Output.requireExisting(path) }
    let found = ScenarioRunner.find(in: paths)
    if let file = found.refused.first { throw notAScenario(file) }
    return found
  }

  /// The refusal of a file that is not a scenario.
  static func notAScenario(_ file: String) -> UsageError {
    UsageError(
      message: "\(file) is not a scenario: \(ScenarioRunner.rule) (add it as the file's first line; "
        + "a behaviour is checked with `sheet check`)")
  }

  /// Refuses an `-o` that names the scenario file (checked before the run).
  /// - Parameters:
  ///   - output: The `-o` path, if given.
  ///   - scenario: The scenario file.
  /// - Throws: `UsageError` when they are the same file.
  static func refuseOverwriting(_ output: String?, scenario: String) throws(UsageError) {
    try OutputFile.refuseOverwriting(output, inputs: [(scenario, "the scenario")])
  }

  /// Refuses an `-o` that names a behaviour file the run loaded (checked after the run, before writing).
  /// - Parameters:
  ///   - output: The `-o` path, if given.
  ///   - result: The run's result, with the behaviour files it loaded.
  /// - Throws: `UsageError` when the output is one of them.
  static func refuseOverwriting(_ output: String?, behavioursOf result: ScenarioResult) throws(UsageError) {
    try OutputFile.refuseOverwriting(
      output,
      inputs: result.behaviourFiles.map { ($0, "a behaviour the scenario loads") }
        + result.modulesRead.map { ($0, "a module the run requires") })
  }

  /// Refuses a run whose behaviour refused a `--set` override (a name it does not declare): a usage
  /// error naming the behaviour's thresholds, reported instead of the run's output.
  /// - Parameter result: The run's result.
  /// - Throws: `UsageError` with the refusal.
  static func requireAcceptedOverrides(_ result: ScenarioResult) throws(UsageError) {
    if let refusal = result.overrideRefusal {
      throw UsageError(message: "--set \(refusal.name): \(refusal.message)")
    }
  }

  /// The worker threads `--jobs N` asks for (1 to 256), or every core.
  /// - Parameter args: The parsed arguments.
  /// - Returns: The count.
  /// - Throws: `UsageError` quoting a value that is not a count in range.
  static func jobs(_ args: CommandLineArguments) throws(UsageError) -> Int {
    guard let text = args.value("--jobs") else { return ProcessInfo.processInfo.activeProcessorCount }
    guard let value = Int(text), (1...256).contains(value) else {
      throw UsageError(message: "--jobs expects a count in 1...256, got '\(text)'")
    }
    return value
  }

  /// The scenario options given by `--set` and `--fps`.
  /// - Parameter args: The parsed arguments.
  /// - Returns: The options.
  /// - Throws: `UsageError` quoting a malformed value.
  static func options(_ args: CommandLineArguments) throws(UsageError) -> ScenarioOptions {
    var options = ScenarioOptions()
    options.overrides = try args.overrides()
    if let text = args.value("--fps") {
      guard let fps = Double(text), fps >= 1, fps <= 1000 else {
        throw UsageError(message: "--fps expects a number of frames per second in 1...1000, got '\(text)'")
      }
      options.fps = fps
    }
    return options
  }
}
