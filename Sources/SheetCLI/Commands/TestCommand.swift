import SheetScript

/// `sheet test [PATH]... [--set name=value]...`.
enum TestCommand {
  /// Runs every scenario in the paths and prints failures and the count.
  /// - Parameter arguments: The words after `test`.
  /// - Returns: 0 when no scenario failed, 1 otherwise.
  /// - Throws: `UsageError` for bad arguments or a missing path.
  static func main(_ arguments: [String]) throws -> Int32 {
    let args = try CommandLineArguments(arguments, valued: ["--set": "--set", "--fps": "--fps"])
    let paths = args.positionals.isEmpty ? ["scripts/scenarios"] : args.positionals
    for path in paths { try Output.requireExisting(path) }
    let options = try ScenarioArguments.options(args)
    let files = ScenarioRunner.scenarioFiles(in: paths)
    var passed = 0
    var failed = 0
    for file in files {
      let result = ScenarioRunner.run(file: file, options: options)
      if result.passed {
        passed += 1
        Output.print("ok    \(file) (\(result.expectationsPassed) expectations)")
      } else {
        failed += 1
        Output.print("FAIL  \(file)")
        for failure in result.failures {
          Output.print("      \(failure.description)")
        }
      }
    }
    Output.print("\(passed) passed, \(failed) failed")
    return failed == 0 ? 0 : 1
  }
}
