import SheetCore
import SheetScript
import SheetTrace

/// A step's gestures on the sheet's own axis: a step's travel, grab and velocity are along the axis
/// the sheet moves on (screen y for a bottom or top sheet, screen x for a side sheet) and its cross
/// travel or position across it, so the same step drags a side sheet along x as it drags a bottom
/// sheet along y.
extension FuzzSheet {
  /// The sheet's geometry now (the screen's before the sheet exists).
  var geometry: SheetGeometry { driver?.machine.geometry ?? screen.geometry }

  /// Whether the sheet moves along screen x (a side sheet).
  var isSide: Bool { geometry.edge.isHorizontal }

  /// The coordinate along the sheet's axis `grab` points inside its leading edge (negative: outside
  /// it, on the backdrop): screen y, screen x for a side sheet.
  func grabAlong(_ grab: Double) -> Double {
    let g = geometry
    let inward = g.edge.isAtAxisEnd ? 1.0 : -1.0
    return g.leadingEdgeY(sheetHeight: driver?.machine.height ?? 0) + grab * inward
  }

  /// A point along and across the sheet's axis as a screen point; a position across left nil stays
  /// nil (the driver's default, the screen's centre across the axis).
  func screenPoint(along: Double, across: Double?) -> (x: Double?, y: Double?) {
    isSide ? (along, across) : (across, along)
  }

  /// A drag of `along` on the sheet's axis (and `across` it) landing `grab` points inside the leading
  /// edge, released at `velocity` along the axis when given.
  func dragGesture(
    along: Double, across: Double, duration: Double, grab: Double, release: Bool, velocity: Double?
  ) -> DragGesture {
    let at = grabAlong(grab)
    guard isSide else {
      return DragGesture(
        dy: along, duration: duration, at: at, release: release, velocity: velocity, dx: across)
    }
    return DragGesture(
      dy: across, duration: duration, release: release, dx: along, atX: at, velocityX: velocity)
  }

  /// A flick of `along` on the sheet's axis at `velocity`, landing at `at` on it (``grabAlong(_:)``; a
  /// side sheet's as `dx`, `velocity_x` and `at_x`).
  func flick(along: Double, velocity: Double, at: Double) -> ScenarioAction {
    guard isSide else {
      return .flick(dy: along, velocity: velocity, at: at, dx: 0, velocityX: nil, atX: nil)
    }
    return .flick(dy: 0, velocity: 0, at: nil, dx: along, velocityX: velocity, atX: at)
  }

  /// A finger's move of `along` on the sheet's axis from where it is (from 10 pt inside the leading
  /// edge when it is not down), keeping its place across the axis.
  func touchMove(finger: Int, along: Double, time: Double?) -> ScenarioAction {
    let touch = driver?.touch(finger)
    guard isSide else {
      return .touchMove(finger: finger, x: nil, y: (touch?.y ?? grabAlong(10)) + along, time: time)
    }
    let y = touch?.y ?? driver?.grabPoint.y ?? geometry.height / 2
    return .touchMove(finger: finger, x: (touch?.x ?? grabAlong(10)) + along, y: y, time: time)
  }

  /// The accessibility action a step names by its place: among those the sheet offers now (asked of
  /// a copy of the host, so the asking records nothing), or, when it offers none, among every name
  /// (one not offered changes nothing, which is checked too).
  func accessibilityAction(at place: Int) -> AccessibilityAction.Name {
    var host = driver?.host
    let offered = host?.accessibilityActions().actions.map(\.name) ?? []
    let names = offered.isEmpty ? AccessibilityAction.Name.allCases : offered
    return names[((place % names.count) + names.count) % names.count]
  }
}
