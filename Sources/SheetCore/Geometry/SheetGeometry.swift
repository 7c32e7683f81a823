/// The screen a sheet lives on: size, safe area and the attached edge.
///
/// y grows downward; a sheet's height `h` is its visible extent from the attached edge (0 = hidden).
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

  /// The height a sheet can use: `H - safeTop` for a bottom sheet, `H - safeBottom` for a top sheet.
  ///
  /// This is seed 000's `E` (safe-area height plus the bottom inset).
  public var availableHeight: Double {
    edge == .bottom ? height - safeArea.top : height - safeArea.bottom
  }

  /// The screen y of the sheet's leading edge (the edge facing the screen's middle).
  /// - Parameter sheetHeight: The sheet's height `h`.
  /// - Returns: `H - h` for a bottom sheet, `h` for a top sheet.
  public func leadingEdgeY(sheetHeight: Double) -> Double {
    edge == .bottom ? height - sheetHeight : sheetHeight
  }

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
