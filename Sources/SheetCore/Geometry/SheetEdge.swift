/// The screen edge a sheet is attached to.
public enum SheetEdge: String, Sendable, CaseIterable {
  /// The sheet rises from the bottom edge; its leading edge is at `y = H - h`.
  case bottom
  /// The sheet hangs from the top edge; its leading edge is at `y = h`.
  case top

  /// The factor turning a screen-y velocity or translation into a height change.
  ///
  /// Moving the finger down (positive y) shrinks a bottom sheet and grows a top sheet.
  /// - Returns: -1 for `.bottom`, +1 for `.top`.
  public var heightSign: Double { self == .bottom ? -1 : 1 }
}
