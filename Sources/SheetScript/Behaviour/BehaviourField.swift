import SheetCore

/// The top-level fields a behaviour table may set: every case's raw value is the field's name, and this
/// list is the one place the names are written. ``BehaviourSpec`` reads these fields (and refuses any
/// other), `sheet check` lists the ``callbacks`` a file defines, and `expect_script_error` accepts their names.
package enum BehaviourField: String, CaseIterable, Sendable {
  case name
  case description
  case edge
  case cornerRadius = "corner_radius"
  case grabber
  case pannable
  case gestureArea = "gesture_area"
  case backdropMax = "backdrop_max"
  case tapToDismiss = "tap_to_dismiss"
  case allowDismiss = "allow_dismiss"
  case presentDetent = "present_detent"
  case largestUndimmedDetent = "largest_undimmed_detent"
  case backdropFollowsHeight = "backdrop_follows_height"
  case prefersScrollingExpands = "prefers_scrolling_expands_when_scrolled_to_edge"
  case detents
  case thresholds
  case onDrag = "on_drag"
  case onRelease = "on_release"
  case backdrop
  case onTap = "on_tap"
  case onResize = "on_resize"
  case onState = "on_state"
  case onDismissAttempt = "on_dismiss_attempt"
  case back
  case onBack = "on_back"
  case accessibility
  case reduced
  case onScroll = "on_scroll"
  case animations
  case keyboard
  case onKeyboard = "on_keyboard"
  case behind

  /// Whether the field can be a function the sheet calls while it moves: the callbacks (`on_drag`, ...,
  /// `backdrop`) always are, `detents` and `animations` may be. A script error names the field it came from.
  package var isCallback: Bool {
    switch self {
    case .detents, .onDrag, .onRelease, .backdrop, .onTap, .onResize, .onState, .onDismissAttempt, .onBack,
      .accessibility, .onScroll, .animations, .onKeyboard, .behind:
      true
    default: false
    }
  }

  /// The fields that can be callbacks, in order.
  package static let callbacks = allCases.filter(\.isCallback)

  /// Every field's name, in order.
  package static let allNames = allCases.map(\.rawValue)
  /// ``allNames`` as a set, for telling a known field from an unknown one.
  package static let nameSet = Set(allNames)

  /// The field whose code (or table) gives the result the core checks under `callback`: the one place
  /// the core's names for its checks meet the behaviour's field names.
  /// - Parameter callback: The core's check.
  package init(checking callback: PolicyCallback) {
    switch callback {
    case .detents: self = .detents
    case .dragHeight: self = .onDrag
    case .release: self = .onRelease
    case .backdrop: self = .backdrop
    case .animation: self = .animations
    case .resizeTarget: self = .onResize
    case .tap: self = .onTap
    case .keyboardTarget: self = .onKeyboard
    case .behind: self = .behind
    case .back: self = .onBack
    case .accessibilityActions: self = .accessibility
    }
  }
}

extension PathComponent {
  /// A behaviour's top-level field as the first step of a path.
  package static func field(_ field: BehaviourField) -> PathComponent { .key(field.rawValue) }
}
