/// The legal state changes, and what each state does with each input: the one place that says so.
public enum TransitionTable {
  /// What a state does with an input.
  public enum Response: String, Sendable, CaseIterable {
    /// The input applies now.
    case accepted
    /// The input is remembered and applies when the state ends (recorded as
    /// ``SheetEvent/queued(input:state:)``).
    case queued
    /// The input falls through, as it would in an app with no sheet able to take it (recorded as
    /// ``SheetEvent/ignored(input:state:)``; nothing else changes).
    case ignored
  }

  /// Every legal `(from, to)` pair.
  public static let legal: [(SheetState, SheetState)] = [
    (.hidden, .presenting),
    (.presenting, .resting), (.presenting, .dragging), (.presenting, .dismissing), (.presenting, .settling),
    (.resting, .dragging), (.resting, .settling), (.resting, .dismissing),
    (.dragging, .settling), (.dragging, .dismissing), (.dragging, .resting),
    (.settling, .resting), (.settling, .dragging), (.settling, .dismissing), (.settling, .settling),
    (.dismissing, .dismissed), (.dismissing, .dragging),
    (.dismissed, .presenting),
  ]

  /// Whether `from -> to` is legal.
  /// - Parameters:
  ///   - from: The old state.
  ///   - to: The new state.
  /// - Returns: true when listed in ``legal``.
  public static func isLegal(from: SheetState, to: SheetState) -> Bool {
    legal.contains { $0.0 == from && $0.1 == to }
  }

  /// What `state` does with `input`. No input is ever refused with an error for a state reason: the
  /// machine records what it did not apply and carries on, so a host can forward every touch and request
  /// without knowing the state.
  ///
  /// | input | accepted | queued | ignored |
  /// | --- | --- | --- | --- |
  /// | present | hidden, dismissed | | presenting, resting, dragging, settling, dismissing |
  /// | dismiss | presenting, resting, settling | dragging | hidden, dismissing, dismissed |
  /// | snap, tap, back, accessibility_action | presenting, resting, settling | | hidden, dragging, dismissing, dismissed |
  /// | pan_began | presenting, resting, settling, dismissing | | hidden, dragging, dismissed |
  /// | pan_changed, pan_ended, pan_cancelled | dragging | | every other state |
  /// | resize, content, scroll_view, scroll_to, keyboard | every state | | |
  ///
  /// Why, in the terms of a UIKit (or FloatingPanel) user:
  /// - **present** while on screen or leaving is ignored, as UIKit ignores presenting a controller that
  ///   is already presented or whose dismissal is under way (it only logs a warning). An app re-presents
  ///   once the state is `dismissed`; presenting at the end of a dismissal nobody asked to undo would
  ///   bring back a sheet the user just sent away.
  /// - **dismiss** during a drag is queued: the sheet goes when the finger lifts (or the pan is
  ///   cancelled), in place of the release decision. A dismissal is a lifecycle request (the flow is done,
  ///   the content is gone): dropping it would leave on screen a sheet the app believes closed, while
  ///   applying it at once would pull the sheet from under the finger. A second `dismiss` while one is
  ///   queued, and a `dismiss` while dismissing, hidden or dismissed, is ignored: the sheet is already on
  ///   its way out, or gone.
  /// - **snap** during a drag is ignored, not applied after the release: the finger owns the sheet, and
  ///   a stale request applied after the user's own fling would overrule the gesture (the release's
  ///   decision says where it goes). While hidden, dismissing or dismissed there is no detent to go to,
  ///   and a snap must not bring back a sheet that is leaving.
  /// - **tap** falls through where no sheet can take it: hidden or dismissed (nothing on screen),
  ///   dismissing (the backdrop is fading out) and dragging (a tap cannot be recognised while a pan is).
  /// - **back** and **accessibility_action** are taken as a snap is: during a drag the finger owns the
  ///   sheet, and hidden, dismissing or dismissed there is nothing to collapse or dismiss (Android's back
  ///   then goes to the app).
  /// - **pan_began** on a hidden or dismissed sheet falls through, like a touch outside the gesture area:
  ///   the finger drives nothing, and its later phases change nothing without an event (the host's
  ///   finger rules, ``SheetHost/touchDown(finger:x:y:time:)``). While dragging, a second pan_began is
  ///   ignored and the tracked pan goes on (the machine follows one pan).
  /// - **pan_changed / pan_ended / pan_cancelled** without a pan are ignored.
  /// - Parameters:
  ///   - input: The input.
  ///   - state: The state.
  /// - Returns: Whether the input applies now, is queued or is ignored.
  public static func response(to input: SheetInput, in state: SheetState) -> Response {
    let onScreen = state == .presenting || state == .resting || state == .settling
    switch input {
    case .present: return state == .hidden || state == .dismissed ? .accepted : .ignored
    case .dismiss: return onScreen ? .accepted : state == .dragging ? .queued : .ignored
    case .snap, .tap, .back, .accessibilityAction: return onScreen ? .accepted : .ignored
    case .panBegan: return onScreen || state == .dismissing ? .accepted : .ignored
    case .panChanged, .panEnded, .panCancelled: return state == .dragging ? .accepted : .ignored
    case .resize, .content, .scrollView, .scrollTo, .keyboard: return .accepted
    }
  }

  /// Whether `state` applies `input` at once (see ``response(to:in:)``).
  /// - Parameters:
  ///   - input: The input.
  ///   - state: The state.
  /// - Returns: true when the response is ``Response/accepted``.
  public static func accepts(_ input: SheetInput, in state: SheetState) -> Bool {
    response(to: input, in: state) == .accepted
  }
}
