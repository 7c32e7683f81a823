import SheetScenario
import SheetScript
import SheetTrace

/// `sheet test [PATH]... [--set name=value]... [--fps N] [--list-skipped]`.
enum TestCommand {
  /// Runs every scenario in the paths and prints failures and the count.
  /// - Parameter arguments: The words after `test`.
  /// - Returns: 0 when at least one scenario ran and none failed, 1 otherwise.
  /// - Throws: `UsageError` for bad arguments, a missing path or a named file that is not a scenario.
  static func main(_ arguments: [String]) throws -> Int32 {
    let args = try CommandLineArguments(
      arguments, valued: ["--set": "--set", "--fps": "--fps"], flags: ["--list-skipped"])
    let paths = args.positionals.isEmpty ? ["Tests/Scenarios"] : args.positionals
    let found = try ScenarioArguments.scenarios(in: paths)
    let options = try ScenarioArguments.options(args)
    var passed = 0
    var failed = 0
    for file in found.scenarios {
      let result = ScenarioRunner.run(file: file, options: options)
      if result.passed {
        passed += 1
        let expected = result.expectedScriptErrors
        let scriptErrors = expected == 0 ? "" : ", " + Plural.count(expected, "expected script error")
        Output.print(
          "ok    \(file) (\(Plural.count(result.expectationsPassed, "expectation"))\(scriptErrors))")
      } else {
        failed += 1
        let empty = result.scriptError == nil && result.expectationsPassed + result.expectationsFailed == 0
        Output.print("FAIL  \(file)" + (empty ? " (no expectations)" : ""))
        for failure in result.failures {
          Output.print("      \(failure.description)")
        }
      }
    }
    report(skipped: found.skipped, list: args.has("--list-skipped"))
    if found.scenarios.isEmpty {
      Output.print("no scenarios in \(paths.joined(separator: " ")) (\(ScenarioRunner.rule))")
    }
    Output.print("\(passed) passed, \(failed) failed")
    return failed == 0 && passed > 0 ? 0 : 1
  }

  /// Says how many `.lua` files were not scenarios, and names them when asked.
  private static func report(skipped: [String], list: Bool) {
    guard !skipped.isEmpty else { return }
    if list {
      for file in skipped { Output.print("skip  \(file) (not a scenario)") }
    }
    let files =
      skipped.count == 1
      ? "1 .lua file that is not a scenario" : "\(skipped.count) .lua files that are not scenarios"
    Output.print(
      "skipped \(files) (no '\(ScenarioRunner.marker)' first line)"
        + (list ? "" : "; --list-skipped names them"))
  }
}
