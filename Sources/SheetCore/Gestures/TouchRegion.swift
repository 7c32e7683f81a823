/// Where a touch lands.
public enum TouchRegion: String, Sendable, CaseIterable {
  /// Outside the sheet (the dimmed view).
  case backdrop
  /// On the sheet, outside the configured band.
  case sheet
  /// Inside the configured band (``GestureArea/band(_:includesBackdrop:)``) at the sheet's leading edge.
  case gestureArea

  /// The region as events, traces and scripts name it: `backdrop`, `sheet` or `gesture_area`.
  public var name: String {
    switch self {
    case .backdrop: "backdrop"
    case .sheet: "sheet"
    case .gestureArea: "gesture_area"
    }
  }
}
