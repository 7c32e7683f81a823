/// Where pans may start.
public enum GestureArea: Sendable, Equatable {
  /// Anywhere on the screen.
  case screen
  /// Only on the sheet.
  case sheet
  /// Only in the band of this many points inside the sheet's leading edge, plus the backdrop when
  /// `includesBackdrop` (seed 001: everything above the content plus 28 pt into it).
  case band(Double, includesBackdrop: Bool)

  /// Classifies a touch.
  /// - Parameters:
  ///   - y: The touch's screen y.
  ///   - height: The sheet's current height.
  ///   - geometry: The screen.
  /// - Returns: The region under the touch.
  public func region(y: Double, height: Double, geometry: SheetGeometry) -> TouchRegion {
    let edgeY = geometry.leadingEdgeY(sheetHeight: height)
    let depth = geometry.edge.isAtAxisEnd ? y - edgeY : edgeY - y
    if depth < 0 || height <= 0 { return .backdrop }
    if case .band(let size, _) = self, depth <= size { return .gestureArea }
    return .sheet
  }

  /// Whether a pan starting in `region` is tracked.
  /// - Parameter region: Where the touch landed.
  /// - Returns: true when the area accepts it.
  public func accepts(_ region: TouchRegion) -> Bool {
    switch self {
    case .screen: true
    case .sheet: region != .backdrop
    case .band(_, let backdrop): region == .gestureArea || (backdrop && region == .backdrop)
    }
  }
}
