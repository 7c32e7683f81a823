import LuaHost
import SheetCore
import SheetScript
import SheetTrace

/// A behaviour's script errors in a scenario's trace: the `script_error` events its callbacks caused,
/// grouped by callback and message but for its numbers, and checked against the callbacks the scenario declared with
/// `expect_script_error`.
package enum ScenarioScriptErrors {
  /// The names `expect_script_error` accepts: the behaviour fields whose code runs while the sheet moves.
  package static let callbacks = BehaviourField.callbacks.map(\.rawValue)

  /// The behaviour field a script error's callback name belongs to: a core check's name (`release`) is the
  /// field it checks (`on_release`); a field's own name stands.
  package static func field(of callback: String) -> String {
    PolicyCallback(rawValue: callback).map { BehaviourField(checking: $0).rawValue } ?? callback
  }

  /// The most groups a scenario's failure list shows; the rest are counted in one more line.
  package static let listedGroups = 10

  /// Script errors of one kind (the trace's grouping, see `ScriptErrorGroup`).
  package typealias Group = ScriptErrorGroup

  /// The behaviour's script errors in a trace, grouped, in the order each first happened.
  package static func groups(in trace: Trace) -> [Group] { trace.scriptErrorGroups() }

  /// A group as a scenario failure at the behaviour's file and line (read from the message): its message
  /// with the numbers that differed as `…`, its count, times and a sample of those numbers.
  /// - Parameters:
  ///   - group: The group.
  ///   - scenario: The scenario file, used when the message names no place.
  /// - Returns: The failure.
  package static func failure(_ group: Group, scenario: String) -> ScenarioFailure {
    var text = group.pattern
    var location = SourceLocation(file: scenario, line: 0)
    if let (place, rest) = SourceLocation.split(text) {
      location = place
      text = rest
    }
    if !text.contains(group.field) && !text.contains(group.callback) { text += " (in \(group.field))" }
    return ScenarioFailure(location: location, message: "script error: \(text)\(group.summary)")
  }
}

extension ScriptErrorGroup {
  /// The behaviour field the callback belongs to (`release` is `on_release`'s check).
  package var field: String { ScenarioScriptErrors.field(of: callback) }
}
