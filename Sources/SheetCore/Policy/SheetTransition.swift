/// The kinds of animated transition a policy chooses an animation for.
public enum SheetTransition: String, Sendable, CaseIterable {
  /// From hidden (or dismissed) to the present detent.
  case present
  /// A release or programmatic snap to a detent or height other than the drag's start detent.
  case snap
  /// To height 0 (or by the slide distance).
  case dismiss
  /// A release whose target is the detent the drag started from.
  case restore
  /// After a resize, a content change or a policy replacement moved the detents.
  case resize
}
