/// Where a touch lands.
public enum TouchRegion: String, Sendable, CaseIterable {
  /// Outside the sheet (the dimmed view).
  case backdrop
  /// On the sheet, outside the configured band.
  case sheet
  /// Inside the configured band (``GestureArea/band(_:includesBackdrop:)``) at the sheet's leading edge.
  case gestureArea
}
