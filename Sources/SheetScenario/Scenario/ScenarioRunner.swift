import Foundation
import LuaHost
import SheetScript
import SheetTrace

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
  /// Whether the result's trace keeps the sheet's frames and events (true by default). False, for a
  /// caller that reads only the outcome (`sheet tune`): they are counted toward the trace limits as if
  /// kept, the trace keeps only the script errors and the scenario's own events (expectations, prints,
  /// reloads), and the pass or fail, the failures and the script errors are the same.
  public var keepsFrames = true
  /// When set, the run records the drags its sheet follows as gesture corpus records (origin
  /// `scenario`), at most this many, into ``ScenarioResult/gestures`` (`sheet corpus from-scenario`).
  package var gestureLimit: Int?

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
    run(file: file, options: options, warm: nil)
  }

  /// ``run(file:options:)`` with the run's states restored from a worker's warm states, or made and kept
  /// there (``WarmStates``): the same result, without building the same states again.
  /// - Parameter warm: The worker's warm states (nil: fresh states).
  package static func run(file: String, options: ScenarioOptions, warm: WarmStates?) -> ScenarioResult {
    let text: String
    do throws(SourceFile.Failure) {
      if let warm { text = try warm.text(of: file) } else { text = try SourceFile.read(file) }
    } catch {
      return failed(file, error.description)
    }
    let result: ScenarioResult
    do {
      result = try ScenarioSession(file: file, options: options, warm: warm, text: text).run(text: text)
    } catch {
      result = failed(file, error.description)
    }
    warm?.settle()  // the session is gone: a state its run grew gives its pages back now
    if result.limitUndecided {  // only a run that keeps its frames counts them exactly
      var exact = options
      exact.keepsFrames = true
      return run(file: file, options: exact, warm: warm)
    }
    return result
  }

  /// The result of a scenario that could not start: no trace, the error as its only failure.
  private static func failed(_ file: String, _ message: String) -> ScenarioResult {
    var result = ScenarioResult(file: file, trace: Trace(title: ScenarioSession.title(file)))
    result.scriptError = message
    result.failures.append(
      ScenarioFailure(location: SourceLocation(file: file, line: 0), message: "error: \(message)"))
    return result
  }

  /// What every scenario file starts with: its first line is a comment that begins `-- scenario`
  /// (then the end of the line, a space, a tab or a colon), so `sheet test` can tell a scenario from a
  /// behaviour or a module beside it without running either.
  public static let marker = "-- scenario"

  /// The rule in words, for messages.
  public static let rule = "a scenario's first line starts with '\(marker)'"

  /// Whether a file's text follows the scenario rule (a UTF-8 byte-order mark before it is allowed).
  /// - Parameter text: The file's text.
  /// - Returns: `true` when its first line starts with ``marker``.
  public static func isScenario(text: String) -> Bool {
    var scalars = text.unicodeScalars[...]
    if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
    let mark = marker.unicodeScalars
    guard scalars.starts(with: mark) else { return false }
    guard let next = scalars.dropFirst(mark.count).first else { return true }
    return [" ", "\t", ":", "\n", "\r"].contains(next)
  }

  /// Whether a file follows the scenario rule: `nil` when it cannot be read as a source file (the run
  /// reports why).
  /// - Parameter file: The file's path.
  /// - Returns: Whether its first line starts with ``marker``.
  public static func isScenario(file: String) -> Bool? {
    do throws(SourceFile.Failure) {
      return isScenario(text: try SourceFile.read(file))
    } catch {
      return nil
    }
  }

  /// The `.lua` files found in some files and folders, sorted into scenarios and the rest.
  public struct Found: Sendable, Equatable {
    /// The scenarios to run: files that follow the rule, and files that cannot be read (their run says
    /// why), in order: each folder's sorted, without duplicates.
    public var scenarios: [String] = []
    /// `.lua` files found in a folder that do not follow the rule (behaviours, modules), sorted.
    public var skipped: [String] = []
    /// Files named explicitly that do not follow the rule.
    public var refused: [String] = []
  }

  /// Finds the scenarios in the given files and folders: every `*.lua` below a folder (recursively) whose
  /// first line starts with ``marker``; a file named explicitly is a scenario only when it follows the
  /// rule too (``Found/refused`` otherwise).
  /// - Parameter paths: Files and folders.
  /// - Returns: The scenarios, the skipped files and the refused ones.
  public static func find(in paths: [String]) -> Found {
    var found = Found()
    var seen = Set<String>()
    let manager = FileManager.default
    for path in paths {
      var isFolder: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
      guard isFolder.boolValue else {
        guard seen.insert(path).inserted else { continue }
        if isScenario(file: path) == false {
          found.refused.append(path)
        } else {
          found.scenarios.append(path)
        }
        continue
      }
      let base = path.hasSuffix("/") ? String(path.dropLast()) : path
      var files: [String] = []
      if let walker = manager.enumerator(atPath: base) {
        while let relative = walker.nextObject() as? String {
          let folder = walker.fileAttributes?[.type] as? FileAttributeType == .typeDirectory
          if relative.hasSuffix(".lua"), !folder { files.append("\(base)/\(relative)") }
        }
      }
      for file in files.sorted() where seen.insert(file).inserted {
        if isScenario(file: file) == false {
          found.skipped.append(file)
        } else {
          found.scenarios.append(file)
        }
      }
    }
    return found
  }
}
