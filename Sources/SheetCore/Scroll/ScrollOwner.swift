/// Who moves with a pan frame that began inside the scroll view: the sheet or the scroll view's content.
/// The raw value is what traces print (`scroll_handoff to=scroll`) and what `on_scroll` returns.
public enum ScrollOwner: String, Sendable, CaseIterable {
  /// The sheet follows the finger (its height changes).
  case sheet
  /// The scroll view's content follows the finger (its offset changes).
  case scroll
}
