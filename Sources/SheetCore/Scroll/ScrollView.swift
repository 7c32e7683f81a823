/// A scroll view inside the sheet's content, as the host describes it: where its frame lies within the
/// sheet and how tall its content is. The machine keeps its offset (``SheetMachine/scrollOffset``) and
/// routes each pan frame that began inside its frame to the sheet or to it (see <doc:TheStateMachine>).
public struct ScrollView: Sendable, Equatable {
  /// The scrollable content's height, points (`UIScrollView.contentSize.height`), in
  /// [0, ``SheetLimits/maximumCoordinate``].
  public var contentHeight: Double
  /// How far the frame starts inside the sheet's leading edge (a bottom sheet's top edge), points, in
  /// [0, ``SheetLimits/maximumScreenExtent``] (a header or grabber above the list).
  public var top: Double
  /// The frame's height, points, in [0, ``SheetLimits/maximumScreenExtent``]; nil: the rest of the
  /// sheet's visible height at each frame, `max(0, h - top)`, where a keyboard that is up ends it (the
  /// machine lays the frame out in the part of the sheet the keyboard leaves uncovered).
  public var height: Double?

  /// Creates a scroll view description.
  /// - Parameters:
  ///   - contentHeight: The content's height, points.
  ///   - top: The frame's distance inside the sheet's leading edge, points.
  ///   - height: The frame's height, points; nil: the rest of the sheet's visible height.
  public init(contentHeight: Double, top: Double = 0, height: Double? = nil) {
    self.contentHeight = contentHeight
    self.top = top
    self.height = height
  }

  /// The frame's height for a sheet of height `sheetHeight`: ``height``, or `max(0, sheetHeight - top)`.
  /// - Parameter sheetHeight: The height the frame is laid out in, points: the machine passes the part of
  ///   the sheet the keyboard leaves uncovered (``KeyboardGeometry/uncovered(sheetHeight:keyboard:geometry:)``).
  /// - Returns: Points, >= 0.
  public func frameHeight(sheetHeight: Double) -> Double {
    height ?? max(0, sheetHeight - top)
  }

  /// The largest offset at rest, `max(0, contentHeight - frameHeight)` (0: the content fits and does not
  /// scroll).
  /// - Parameter sheetHeight: The height the frame is laid out in, points (see ``frameHeight(sheetHeight:)``).
  /// - Returns: Points, >= 0.
  public func maxOffset(sheetHeight: Double) -> Double {
    max(0, contentHeight - frameHeight(sheetHeight: sheetHeight))
  }
}
