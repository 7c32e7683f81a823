import Foundation
import SheetCore
import SheetScript
import SheetTrace

/// A failing fuzz run, shrunk, and the scenario that makes it again: its set-up (the screen, the
/// behaviour, the content, the author's properties when one of theirs failed), every call the run
/// made and every check as an expectation, the failing one last.
package struct FuzzFinding: Sendable {
  /// The run's index.
  package var run: Int
  /// The failing run as it was drawn.
  package var original: FuzzCase
  /// The shrunk case.
  package var shrunk: FuzzCase
  /// How the shrunk case fails (the same property).
  package var failure: FuzzFailure
  /// The runs the shrink made.
  package var shrinkRuns: Int

  /// A finding.
  package init(
    run: Int, original: FuzzCase, shrunk: FuzzCase, failure: FuzzFailure,
    shrinkRuns: Int
  ) {
    self.run = run
    self.original = original
    self.shrunk = shrunk
    self.failure = failure
    self.shrinkRuns = shrinkRuns
  }

  /// The scenario of the shrunk case: the shrunk case run once more with its transcript.
  /// - Parameters:
  ///   - target: The behaviour (its ``FuzzTarget/reference`` as the scenario names it), screen and
  ///     properties.
  ///   - properties: The author's properties, loaded.
  ///   - seed: The fuzz's seed (for the header).
  ///   - command: The command line that found it (for the header).
  /// - Returns: The scenario's text.
  package func scenario(
    _ target: FuzzTarget, properties: FuzzUserProperties?, seed: UInt64, command: String
  ) -> String {
    var user: FuzzUserProperties?
    if case .user = failure.property { user = properties }
    let comments = [
      "-- scenario: sheet fuzz: \(LuaLiteral.oneLine(failure.property.sentence))",
      "-- Found by `\(LuaLiteral.oneLine(command))` (seed \(seed), run \(run)), shrunk from "
        + "\(original.steps.count) steps to \(shrunk.steps.count); `sheet run` fails it the same way.",
      "-- Seen: \(LuaLiteral.oneLine(failure.detail))",
    ]
    return shrunk.scenario(target, properties: properties, comments: comments, writesProperties: user != nil)
      .text
  }

  /// Whether a scenario run fails the way the finding does: the property's expectation failed, or, for
  /// a failure a scenario reports itself, the script error, the limit or the `settle()` that did not
  /// come to rest.
  /// - Parameter result: The run of the written scenario.
  /// - Returns: Whether it fails the same way.
  package func replays(_ result: ScenarioResult) -> Bool {
    let expectation = "expectation failed: \(failure.property.sentence)"
    if result.failures.contains(where: { $0.message == expectation }) { return true }
    switch failure.property {
    case .noError:
      return result.scriptErrors > 0 || result.scriptError?.contains("the run reached") == true
    case .rests, .rotation, .reload, .monotone:
      return result.scriptError?.contains("did not come to rest within 60 s") == true
    default:
      return false
    }
  }

  /// The path of `file` relative to the folder `folder` (both made absolute from the current folder),
  /// for a written scenario to name its behaviour file; the absolute path when they share nothing but
  /// the root.
  /// - Parameters:
  ///   - file: The behaviour file.
  ///   - folder: The scenario's folder.
  /// - Returns: The relative path (`../behaviours/bad.lua`).
  package static func relativePath(of file: String, from folder: String) -> String {
    let target = URL(fileURLWithPath: file).standardizedFileURL.pathComponents
    let base = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL.pathComponents
    var common = 0
    while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
    // nothing shared but the root: the absolute path
    if common <= 1 { return URL(fileURLWithPath: file).standardizedFileURL.path }
    let ups = Array(repeating: "..", count: base.count - common)
    return (ups + target[common...]).joined(separator: "/")
  }
}
