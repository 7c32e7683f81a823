import LuaHost
import SheetCore

extension ScenarioAction {
  /// Parses `back()`, `accessibility_action 'expand'` and `reduce_motion(true)`.
  /// - Parameters:
  ///   - call: One of those calls.
  ///   - args: Its arguments.
  /// - Returns: The action.
  /// - Throws: `ScenarioRefusal` quoting the bad argument (an unknown action with the nearest name).
  static func parseAccessibility(_ call: ScenarioCall, _ args: ScenarioArguments) throws(ScenarioRefusal)
    -> ScenarioAction
  {
    switch call {
    case .accessibilityAction:
      let names = AccessibilityAction.Name.allCases.map(\.rawValue)
      guard case .string(let text)? = args.values.first else {
        throw ScenarioRefusal(message: "expected an action's name, got \(args.describe(args.values.first))")
      }
      guard let name = AccessibilityAction.Name(rawValue: text) else {
        let hint = NameSuggestion.nearest(to: text, in: names).map { " (did you mean '\($0)'?)" }
        throw ScenarioRefusal(
          message: "unknown accessibility action '\(text)'"
            + (hint ?? " (one of \(names.joined(separator: ", ")))"))
      }
      return .accessibilityAction(name)
    case .reduceMotion:
      guard case .boolean(let on)? = args.values.first else {
        throw ScenarioRefusal(message: "expected true or false, got \(args.describe(args.values.first))")
      }
      return .reduceMotion(on)
    default:
      return .back
    }
  }
}
