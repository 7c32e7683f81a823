/// The built-in rule for a pan frame that began inside the scroll view: who moves with the frame's
/// travel, the way Apple's sheets and FloatingPanel (an iOS panel library) hand a pan between the sheet
/// and its scroll view.
///
/// FloatingPanel's `Core.swift` lets the scroll view handle a pan only at the most expanded state
/// (`isScrollable(state:)`), and there only while its offset is away from the pinned edge or the finger
/// moves away from it (`shouldScrollViewHandleTouch`); a sheet drag that reaches the most expanded anchor
/// goes on scrolling the content (`shouldScrollingContentInMoving`). Apple's
/// `prefersScrollingExpandsWhenScrolledToEdge` (default true) makes a scroll toward the content's end at
/// a smaller detent expand the sheet first; false scrolls the content there.
public enum ScrollRouting {
  /// How a frame's travel is shared: `first` takes `firstAmount`, then `second` (when not nil) the rest.
  /// Amounts are in height units: positive grows the sheet (or moves the scroll view away from its
  /// pinned edge), negative shrinks it (or moves it toward the edge).
  public struct Split: Sendable, Equatable {
    /// Who moves first.
    public var first: ScrollOwner
    /// The first share, points.
    public var firstAmount: Double
    /// Who takes the rest at the hand-off point within the frame, if anyone.
    public var second: ScrollOwner?
    /// The rest, points (0 without a second).
    public var secondAmount: Double

    /// Creates a split.
    /// - Parameters:
    ///   - first: Who moves first.
    ///   - firstAmount: Its share, points.
    ///   - second: Who takes the rest.
    ///   - secondAmount: The rest, points.
    public init(
      _ first: ScrollOwner, _ firstAmount: Double, then second: ScrollOwner? = nil, _ secondAmount: Double = 0
    ) {
      self.first = first
      self.firstAmount = firstAmount
      self.second = second
      self.secondAmount = secondAmount
    }
  }

  /// Heights within this of the largest detent count as at it, points (float rounding of a drag's sums).
  public static let atDetentTolerance = 1e-9

  /// Splits one frame's travel between the sheet and the scroll view.
  ///
  /// 1. Growing the sheet (`grow > 0`, the finger moving away from the sheet's edge): with the scroll
  ///    view pulled past its pinned edge, it takes the travel (it returns to the edge); with content that
  ///    fits (`maxOffset == 0`), the sheet takes it; at the largest detent, or at a smaller one with
  ///    `prefersExpanding` false, the scroll view takes it; below the largest detent with
  ///    `prefersExpanding` true, the sheet takes it up to the largest detent and the scroll view the
  ///    rest; between detents with `prefersExpanding` false (the same pan moved the sheet off its
  ///    detent), the sheet takes it up to the next detent and the scroll view the rest, so the sheet is
  ///    never left hanging between detents while the content scrolls.
  /// 2. Shrinking (`grow < 0`): the scroll view takes it while it is away from its pinned edge, down to
  ///    the edge exactly, and the sheet the rest.
  /// - Parameters:
  ///   - grow: The frame's travel in height units (`heightSign · dy`), points.
  ///   - sheetHeight: The finger's sheet height before the frame (start height plus the sheet's share of
  ///     the travel so far, before the policy's drag mapping), points.
  ///   - largest: The largest active detent's height, points.
  ///   - nextDetent: The lowest active detent's height at or above `sheetHeight` (within
  ///     ``atDetentTolerance``), points; `largest` when there is none.
  ///   - position: The scroll view's (virtual) distance from its pinned edge, points.
  ///   - maxOffset: Its largest offset at rest, points.
  ///   - prefersExpanding: `prefers_scrolling_expands_when_scrolled_to_edge`.
  /// - Returns: The split.
  public static func split(
    grow: Double, sheetHeight: Double, largest: Double, nextDetent: Double, position: Double,
    maxOffset: Double, prefersExpanding: Bool
  ) -> Split {
    if grow < 0 {
      guard position > 0 else { return Split(.sheet, grow) }
      let scrolled = max(grow, -position)
      let rest = grow - scrolled
      return rest < 0 ? Split(.scroll, scrolled, then: .sheet, rest) : Split(.scroll, grow)
    }
    if position < 0 { return Split(.scroll, grow) }
    if maxOffset <= 0 { return Split(.sheet, grow) }
    let room = (prefersExpanding ? largest : min(nextDetent, largest)) - sheetHeight
    if room <= atDetentTolerance { return Split(.scroll, grow) }
    return grow > room ? Split(.sheet, room, then: .scroll, grow - room) : Split(.sheet, grow)
  }
}
