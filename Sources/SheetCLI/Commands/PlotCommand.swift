import SheetScenario
import SheetScript
import SheetTrace

/// `sheet plot FILE -o OUT.svg [--index]`.
enum PlotCommand {
  /// Runs a scenario and writes its plot.
  /// - Parameter arguments: The words after `plot`.
  /// - Returns: 0 when the scenario passed or checked nothing, 1 otherwise (the plot is written either way).
  /// - Throws: `UsageError` for bad arguments, an `-o` naming a file the run reads, or one that cannot
  ///   be written.
  static func main(_ arguments: [String]) throws -> Int32 {
    let args = try CommandLineArguments(
      arguments, valued: ["-o": "-o", "--output": "-o", "--set": "--set", "--fps": "--fps"],
      flags: ["--index"])
    let file = try ScenarioArguments.singleFile(args)
    guard let output = args.value("-o") else {
      throw UsageError(message: "plot needs -o OUT.svg")
    }
    try ScenarioArguments.refuseOverwriting(output, scenario: file)
    let result = ScenarioRunner.run(file: file, options: try ScenarioArguments.options(args))
    try ScenarioArguments.requireAcceptedOverrides(result)
    try ScenarioArguments.refuseOverwriting(output, behavioursOf: result)
    var plot = TracePlot()
    plot.showsIndex = args.has("--index")
    try Output.emit(plot.svg(result.trace), to: output)
    let status = RunCommand.report(result, summaryShown: false)
    Output.print("wrote \(output)")
    return status
  }
}
