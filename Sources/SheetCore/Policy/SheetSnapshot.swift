/// A read-only view of the sheet handed to policy callbacks.
public struct SheetSnapshot: Sendable, Equatable {
  /// The screen.
  public var geometry: SheetGeometry
  /// Active detents, ascending by height.
  public var detents: [ResolvedDetent]
  /// The content's height, if known.
  public var contentHeight: Double?
  /// The state (for the backdrop at a transition's target: `.resting`).
  public var state: SheetState
  /// Height in points.
  public var height: Double
  /// The detent at rest, or the one the movement started from / heads to (see ``SheetMachine/detent``).
  public var detent: String?
  /// Backdrop opacity.
  public var backdrop: Double
  /// Machine time in seconds.
  public var time: Double
  /// The scroll view inside the content; nil without one.
  public var scroll: ScrollSnapshot? = nil

  /// The height of an active detent.
  /// - Parameter id: The detent's identifier.
  /// - Returns: Its height, or nil when inactive or unknown.
  public func height(of id: String) -> Double? {
    for d in detents where d.id == id { return d.height }
    return nil
  }
}

/// A pan in progress or being released, with the sheet it moves.
public struct GestureInput: Sendable, Equatable {
  /// The sheet (its `height` is the current height).
  public var sheet: SheetSnapshot
  /// Screen y where the pan began; during a pan that began in the scroll view, moved by the travel the
  /// scroll view took, so ``translation`` is the sheet's share.
  public var startY: Double
  /// Current screen y.
  public var y: Double
  /// Sheet height when the pan began.
  public var startHeight: Double
  /// The detent the sheet was at (or heading to) when the pan began.
  public var startDetent: String?
  /// Screen-y velocity (points per second, + = down): the estimate while dragging, the release velocity
  /// on release.
  public var velocity: Double

  /// `y - startY`.
  public var translation: Double { y - startY }
  /// The screen.
  public var geometry: SheetGeometry { sheet.geometry }
  /// Active detents, ascending.
  public var detents: [ResolvedDetent] { sheet.detents }
  /// The current height.
  public var height: Double { sheet.height }
}

/// The input of ``SheetPolicy/dragHeight(_:)``.
public typealias DragInput = GestureInput
/// The input of ``SheetPolicy/release(_:)``.
public typealias ReleaseInput = GestureInput
