/// The screen edge a sheet is attached to.
///
/// `bottom` and `top` sheets move along screen y, `leading` and `trailing` (side) sheets along screen x.
/// The project has no layout direction: `leading` is the screen's left edge and `trailing` its right
/// edge, as in a left-to-right layout (FloatingPanel's `.left` / `.right` positions, vaul's `direction`
/// `'left'` / `'right'`).
public enum SheetEdge: String, Sendable, CaseIterable {
  /// The sheet rises from the bottom edge; its leading edge is at `y = H - h`.
  case bottom
  /// The sheet hangs from the top edge; its leading edge is at `y = h`.
  case top
  /// A side sheet attached to the screen's left edge; its leading edge is at `x = h`.
  case leading
  /// A side sheet attached to the screen's right edge; its leading edge is at `x = W - h`.
  case trailing

  /// Whether the sheet moves along screen x (`leading`, `trailing`) rather than screen y.
  public var isHorizontal: Bool { self == .leading || self == .trailing }

  /// Whether the sheet is attached at the end of its axis where coordinates are largest (`bottom`,
  /// `trailing`): its leading edge is at `extent - h`, and a finger moving toward larger coordinates
  /// shrinks it.
  public var isAtAxisEnd: Bool { self == .bottom || self == .trailing }

  /// The factor turning a velocity or translation along the sheet's axis (screen y, screen x for a side
  /// sheet) into a height change.
  ///
  /// Moving the finger down (right) shrinks a bottom (trailing) sheet and grows a top (leading) sheet.
  /// - Returns: -1 for `.bottom` and `.trailing`, +1 for `.top` and `.leading`.
  public var heightSign: Double { isAtAxisEnd ? -1 : 1 }
}
