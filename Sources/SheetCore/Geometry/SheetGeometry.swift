/// The screen a sheet lives on: size, safe area and the attached edge.
///
/// y grows downward, x rightward; a sheet's height `h` is its visible extent from the attached edge along
/// its own axis (0 = hidden): screen y for `bottom` and `top`, screen x for `leading` and `trailing`.
public struct SheetGeometry: Sendable, Equatable {
  /// Screen width in points.
  public var width: Double
  /// Screen height `H` in points; also the screen extent every reported height is clamped to.
  public var height: Double
  /// Safe-area insets.
  public var safeArea: SafeArea
  /// The edge the sheet is attached to. The machine overwrites it with its configuration's edge.
  public var edge: SheetEdge

  /// Creates a geometry.
  /// - Parameters:
  ///   - width: Screen width in points.
  ///   - height: Screen height in points.
  ///   - safeArea: Safe-area insets.
  ///   - edge: Attached edge.
  public init(width: Double, height: Double, safeArea: SafeArea = SafeArea(), edge: SheetEdge = .bottom) {
    self.width = width
    self.height = height
    self.safeArea = safeArea
    self.edge = edge
  }

  /// The reference screen of the presets and examples: 390 x 844, safe area 47 / 34.
  public static let reference = SheetGeometry(
    width: 390, height: 844, safeArea: SafeArea(top: 47, bottom: 34))

  /// The height a sheet can use: `H - safeTop` for a bottom sheet, `H - safeBottom` for a top sheet,
  /// the width `W` for a side sheet (``SafeArea`` has no insets along x).
  ///
  /// This is seed 000's `E` (safe-area height plus the bottom inset).
  public var availableHeight: Double {
    switch edge {
    case .bottom: height - safeArea.top
    case .top: height - safeArea.bottom
    case .leading, .trailing: width
    }
  }

  /// The screen's extent along the sheet's axis, points: `H` for a bottom or top sheet, `W` for a side
  /// sheet. Every height is at most this.
  public var extent: Double { edge.isHorizontal ? width : height }

  /// The screen's extent across the sheet's axis, points: `W` for a bottom or top sheet, `H` for a side
  /// sheet.
  public var crossExtent: Double { edge.isHorizontal ? height : width }

  /// The coordinate along the sheet's axis of the sheet's leading edge (the edge facing the screen's
  /// middle): screen y for a bottom or top sheet, screen x for a side sheet.
  /// - Parameter sheetHeight: The sheet's height `h`.
  /// - Returns: `extent - h` for a bottom or trailing sheet, `h` for a top or leading sheet.
  public func leadingEdgeY(sheetHeight: Double) -> Double {
    edge.isAtAxisEnd ? extent - sheetHeight : sheetHeight
  }

  /// A screen point (or a screen velocity) seen along the sheet's axis.
  /// - Parameters:
  ///   - x: Screen x.
  ///   - y: Screen y.
  /// - Returns: `along` (screen y; screen x for a side sheet) and `cross` (the other coordinate).
  public func axisPoint(x: Double, y: Double) -> (along: Double, cross: Double) {
    edge.isHorizontal ? (x, y) : (y, x)
  }

  /// A point along and across the sheet's axis as a screen point (the inverse of ``axisPoint(x:y:)``).
  /// - Parameters:
  ///   - along: The coordinate along the sheet's axis.
  ///   - cross: The coordinate across it.
  /// - Returns: Screen x and y.
  public func screenPoint(along: Double, cross: Double) -> (x: Double, y: Double) {
    edge.isHorizontal ? (along, cross) : (cross, along)
  }

  /// The safe-area insets at the two ends of the sheet's axis: ``safeArea`` for a bottom or top sheet,
  /// none for a side sheet (``SafeArea`` holds insets along y only).
  public var axisSafeArea: SafeArea { edge.isHorizontal ? SafeArea() : safeArea }

  /// Whether the machine accepts this screen: every field finite, the size positive and at most
  /// ``SheetLimits/maximumScreenExtent``, the insets non-negative, at most ``SheetLimits/maximumInset`` and
  /// each smaller than the height (see ``SheetLimits/check(_:)``).
  public var isValid: Bool {
    do throws(SheetError) {
      try SheetLimits.check(self)
      return true
    } catch {
      return false
    }
  }
}
