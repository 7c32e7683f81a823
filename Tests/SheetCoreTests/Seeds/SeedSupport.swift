@testable import SheetCore

/// Builds a release input for a policy at a height (state dragging, detents resolved on `geometry`).
func releaseInput(
  _ policy: any SheetPolicy, geometry: SheetGeometry = reference, content: Double? = nil, start: Double,
  height: Double, translation: Double = 0, velocity: Double
) -> GestureInput {
  var g = geometry
  g.edge = policy.configuration.edge
  let detents = DetentResolution.resolve(
    policy.configuration.detents, in: DetentContext(geometry: g, contentHeight: content)
  ).ascending
  let sheet = SheetSnapshot(
    geometry: g, detents: detents, contentHeight: content, state: .dragging, height: height, detent: nil,
    backdrop: 0, time: 0)
  return GestureInput(
    sheet: sheet, startY: 400, y: 400 + translation, startHeight: start, startDetent: nil, velocity: velocity)
}
