import Foundation
import LuaHost

/// How to run a scenario: threshold overrides, frame rate, a replacement behaviour.
public struct ScenarioOptions: Sendable {
  /// Threshold overrides that win over the scenario's own `set { ... }`, applied in order.
  public var overrides: [(name: String, value: Double)] = []
  /// The frame rate, overriding the scenario's `screen { fps = }`.
  public var fps: Double?
  /// A behaviour file run in place of the scenario's behaviour (`sheet watch --behaviour`).
  public var behaviourPath: String?
  /// The run's limits (work, calls, simulated time, frames, trace size).
  public var limits = ScenarioLimits()

  /// Options with nothing overridden.
  public init() {}
}

/// Runs scenario files: Lua timelines of gestures and expectations over a behaviour.
public enum ScenarioRunner {
  /// Runs one scenario file; every error is captured in the result, nothing is thrown.
  /// - Parameters:
  ///   - file: The scenario's path.
  ///   - options: Overrides, frame rate, behaviour replacement.
  /// - Returns: The trace, the expectations' outcome and any error.
  public static func run(file: String, options: ScenarioOptions = ScenarioOptions()) -> ScenarioResult {
    let text: String
    do throws(SourceFile.Failure) {
      text = try SourceFile.read(file)
    } catch {
      return failed(file, error.description)
    }
    do {
      return try ScenarioSession(file: file, options: options).run(text: text)
    } catch {
      return failed(file, error.description)
    }
  }

  /// The result of a scenario that could not start: no trace, the error as its only failure.
  private static func failed(_ file: String, _ message: String) -> ScenarioResult {
    var result = ScenarioResult(file: file, trace: Trace(title: ScenarioSession.title(file)))
    result.scriptError = message
    result.failures.append(ScenarioFailure(file: file, line: 0, message: "error: \(message)"))
    return result
  }

  /// The scenario files in the given files and folders: `*.lua` found recursively, skipping folders
  /// named `fixtures` (behaviour files used by scenarios), sorted, without duplicates.
  /// - Parameter paths: Files and folders.
  /// - Returns: The files.
  public static func scenarioFiles(in paths: [String]) -> [String] {
    var files: [String] = []
    let manager = FileManager.default
    for path in paths {
      var isFolder: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
      guard isFolder.boolValue else {
        files.append(path)
        continue
      }
      let base = path.hasSuffix("/") ? String(path.dropLast()) : path
      var found: [String] = []
      if let walker = manager.enumerator(atPath: base) {
        while let relative = walker.nextObject() as? String {
          if relative.split(separator: "/").contains("fixtures") { continue }
          if relative.hasSuffix(".lua") { found.append("\(base)/\(relative)") }
        }
      }
      files += found.sorted()
    }
    var seen = Set<String>()
    return files.filter { seen.insert($0).inserted }
  }
}
