/// The legal state changes and which inputs each state accepts.
public enum TransitionTable {
  /// The inputs of ``SheetMachine``.
  public enum Input: String, Sendable, CaseIterable {
    case present, dismiss, snap, panBegan, panChanged, panEnded, panCancelled, tap, resize, content
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

  /// Whether `state` accepts `input` (otherwise the machine throws ``SheetError/illegalTransition(event:state:)``).
  ///
  /// present: hidden, dismissed. dismiss, snap, tap: presenting, resting, settling. panBegan: presenting,
  /// resting, settling, dismissing. panChanged / panEnded / panCancelled: dragging (or after an ignored
  /// panBegan). resize, content: every state.
  /// - Parameters:
  ///   - input: The input.
  ///   - state: The state.
  /// - Returns: true when accepted.
  public static func accepts(_ input: Input, in state: SheetState) -> Bool {
    switch input {
    case .present: state == .hidden || state == .dismissed
    case .dismiss, .snap, .tap: state == .presenting || state == .resting || state == .settling
    case .panBegan: [.presenting, .resting, .settling, .dismissing].contains(state)
    case .panChanged, .panEnded, .panCancelled: state == .dragging
    case .resize, .content: true
    }
  }
}
