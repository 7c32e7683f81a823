/// The scenario calls the host carries out, each yielding to it: every case's raw value is the Lua name,
/// and this list is the one place the names are written. The host registers a function per case, the
/// prelude wraps the names the host passes it (in this order), and ``ScenarioAction/parse(_:_:)``
/// switches over the cases; `.luacheckrc` and the README's scenario table are checked against it by
/// `ScenarioNamesTests`.
package enum ScenarioCall: String, CaseIterable, Sendable {
  case screen
  case behaviour
  case content
  case set
  case edge
  case present
  case dismiss
  case snapTo = "snap_to"
  case wait
  case settle
  case drag
  case flick
  case touchDown = "touch_down"
  case touchMove = "touch_move"
  case touchUp = "touch_up"
  case touchCancel = "touch_cancel"
  case tap
  case tapBackdrop = "tap_backdrop"
  case back
  case accessibilityAction = "accessibility_action"
  case reduceMotion = "reduce_motion"
  case resize
  case setContentHeight = "set_content_height"
  case scrollTo = "scroll_to"
  case keyboard
  case reload
  case expectScriptError = "expect_script_error"

  /// How the prelude wraps the host's function.
  package enum Wrapper: String, Sendable {
    /// Raises a refusal at the scenario's line and returns nothing.
    case plain
    /// Like `plain`, passing the scenario's line as a last argument (an inline behaviour's fields and an
    /// undeclared script error are looked up from there).
    case located
    /// Returns `true`, or `false` and the message, to the scenario instead of raising a refusal.
    case answered
  }

  /// How the prelude wraps this call.
  package var wrapper: Wrapper {
    switch self {
    case .behaviour, .expectScriptError: .located
    case .reload: .answered
    default: .plain
    }
  }

  /// Other names the same call is reachable by (`behavior`).
  package var aliases: [String] {
    self == .behaviour ? ["behavior"] : []
  }

  /// Every name the prelude makes from the calls: their own and their aliases, in order.
  package static let allNames = allCases.flatMap { [$0.rawValue] + $0.aliases }
}
