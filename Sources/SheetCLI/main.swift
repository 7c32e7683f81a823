import Foundation
import SheetScript

/// Runs one `sheet` command and returns its exit status.
/// - Parameter arguments: The words after `sheet`.
/// - Returns: 0 success, 1 a failure the command found, 2 a usage error.
func sheetMain(_ arguments: [String]) -> Int32 {
  guard let command = arguments.first else {
    Output.error(Usage.main)
    return 2
  }
  let rest = Array(arguments.dropFirst())
  let commands: [String: (help: String, run: ([String]) throws -> Int32)] = [
    "init": (Usage.initialize, InitCommand.main),
    "run": (Usage.run, RunCommand.main),
    "test": (Usage.test, TestCommand.main),
    "plot": (Usage.plot, PlotCommand.main),
    "compare": (Usage.compare, CompareCommand.main),
    "tune": (Usage.tune, TuneCommand.main),
    "watch": (Usage.watch, WatchCommand.main),
    "check": (Usage.check, CheckCommand.main),
    "presets": (Usage.presets, PresetsCommand.main),
    "bench": (Usage.bench, BenchCommand.main),
    "preview": (Usage.preview, PreviewCommand.main),
    "fuzz": (Usage.fuzz, FuzzCommand.main),
    "merge": (Usage.merge, MergeCommand.main),
    "replay": (Usage.replay, ReplayCommand.main),
    "corpus": (Usage.corpus, CorpusCommand.main),
    "fit": (Usage.fit, FitCommand.main),
  ]
  switch command {
  case "--version", "version":
    Output.print(SheetScriptVersion.banner)
    return 0
  case "--help", "-h", "help":
    if let topic = rest.first, let entry = commands[topic] {
      Output.print(entry.help)
    } else {
      Output.print(Usage.main)
    }
    return 0
  default:
    break
  }
  guard let entry = commands[command] else {
    Output.error("sheet: unknown command '\(command)'\n\n" + Usage.main)
    return 2
  }
  if rest.contains("--help") || rest.contains("-h") {
    Output.print(entry.help)
    return 0
  }
  do {
    return try entry.run(rest)
  } catch let error as UsageError {
    Output.error("sheet \(command): \(error.message)\n\n" + entry.help)
    return 2
  } catch {
    Output.error("sheet \(command): \(error)")
    return 1
  }
}

exit(sheetMain(Array(CommandLine.arguments.dropFirst())))
