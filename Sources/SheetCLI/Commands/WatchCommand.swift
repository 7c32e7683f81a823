import Foundation
import SheetScenario
import SheetScript

/// `sheet watch SCENARIO [--behaviour FILE] [--interval SECONDS] [--max-runs N]`.
enum WatchCommand {
  /// Runs a scenario, then re-runs it whenever it or its behaviour file changes.
  /// - Parameter arguments: The words after `watch`.
  /// - Returns: 0 when stopped by `--max-runs` with the last run passing, 1 when it failed.
  /// - Throws: `UsageError` for bad arguments.
  static func main(_ arguments: [String]) throws -> Int32 {
    let args = try CommandLineArguments(
      arguments,
      valued: [
        "--behaviour": "--behaviour", "--behavior": "--behaviour", "--interval": "--interval",
        "--max-runs": "--max-runs", "--set": "--set", "--fps": "--fps",
      ])
    let file = try ScenarioArguments.singleFile(args)
    var options = try ScenarioArguments.options(args)
    if let behaviour = args.value("--behaviour") {
      try Output.requireExisting(behaviour)
      options.behaviourPath = behaviour
    }
    let interval = Double(args.value("--interval") ?? "0.2") ?? -1
    guard interval > 0 else {
      throw UsageError(message: "--interval expects seconds, got '\(args.value("--interval") ?? "")'")
    }
    let maxRuns = Int(args.value("--max-runs") ?? "0") ?? -1
    guard maxRuns >= 0 else {
      throw UsageError(message: "--max-runs expects a count, got '\(args.value("--max-runs") ?? "")'")
    }

    var watcher = FileWatcher()
    var lastGood: ScenarioResult?
    var runs = 0
    var lastPassed = false
    var watched = [file] + (options.behaviourPath.map { [$0] } ?? [])
    while true {
      runs += 1
      // Stamped before the run, so a save made while it runs still counts as a change.
      let before = FileWatcher.stamps(watched)
      let result = ScenarioRunner.run(file: file, options: options)
      lastPassed = result.passed || result.checkedNothing
      report(result, run: runs, lastGood: lastGood)
      if result.scriptError == nil { lastGood = result }
      watched = [file] + result.behaviourFiles + (options.behaviourPath.map { [$0] } ?? [])
      watcher.watch(watched, baseline: before)
      if maxRuns > 0 && runs >= maxRuns { break }
      watcher.waitForChange(interval: interval)
    }
    return lastPassed ? 0 : 1
  }

  /// Prints one run's outcome; a broken run also names the last good result it keeps.
  private static func report(_ result: ScenarioResult, run: Int, lastGood: ScenarioResult?) {
    Output.print("[run \(run)] \(result.file): \(result.summary)")
    for failure in result.failures {
      Output.print("  \(failure.description)")
    }
    if result.scriptError != nil, let lastGood {
      Output.print("  keeping the last good result: \(lastGood.summary)")
    }
  }
}

/// Polls files for changes of modification time or size.
struct FileWatcher {
  private var stamps: [String: String] = [:]

  /// Starts watching these files, remembering how they were (from `baseline`) or are now.
  /// - Parameters:
  ///   - paths: The files.
  ///   - baseline: Stamps taken earlier; a file that changed since then counts as changed.
  mutating func watch(_ paths: [String], baseline: [String: String] = [:]) {
    stamps = [:]
    for path in paths { stamps[path] = baseline[path] ?? Self.stamp(path) }
  }

  /// The files' stamps as they are now.
  /// - Parameter paths: The files.
  /// - Returns: Each file's stamp.
  static func stamps(_ paths: [String]) -> [String: String] {
    var result: [String: String] = [:]
    for path in paths { result[path] = stamp(path) }
    return result
  }

  /// Blocks until one of the watched files changes and then holds still for one interval (an editor's
  /// save may truncate and write in steps).
  /// - Parameter interval: Seconds between polls.
  func waitForChange(interval: Double) {
    var current = stamps
    while current == stamps {
      Thread.sleep(forTimeInterval: interval)
      current = Self.stamps(Array(stamps.keys))
    }
    while true {
      Thread.sleep(forTimeInterval: interval)
      let next = Self.stamps(Array(stamps.keys))
      if next == current { return }
      current = next
    }
  }

  /// A file's modification time and size as text; empty when it is missing.
  private static func stamp(_ path: String) -> String {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return "" }
    let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    return "\(date):\(size)"
  }
}
