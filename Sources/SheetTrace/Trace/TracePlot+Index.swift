/// The index panel of a plot (``TracePlot/showsIndex``): the fractional detent index over the main
/// panel's time axis, so an animation that follows the sheet can be read against the height above it.
extension TracePlot {
  /// The index panel's height in pixels, added below the main panel.
  public static let indexPanelHeight = 200.0

  /// The index curve's colour.
  package static let indexColour = "#8e44ad"

  /// The index panel's plot area: from 16 px below the main panel to 40 px above the picture's bottom
  /// (room for the time ticks' labels), between the main panel's left and right margins.
  package var indexArea: (top: Double, bottom: Double) {
    (height + 16, height + Self.indexPanelHeight - 40)
  }

  /// The index axis's range: from -1 (hidden) to the largest index a frame reached, rounded up to a
  /// whole detent (at least 0, the lowest detent).
  /// - Parameter frames: The frames drawn.
  /// - Returns: The lowest and highest index the axis shows.
  package static func indexRange(_ frames: [TraceFrame]) -> (low: Double, high: Double) {
    (-1, max(0, (frames.map(\.index).max() ?? 0).rounded(.up)))
  }

  /// The panel: its frame, a grid line and label at every whole index (one per detent; every second or
  /// fifth when there are many), the main panel's time ticks, the axis title, and the curve, one point
  /// a frame at the main curves' x.
  /// - Parameters:
  ///   - frames: The frames drawn (finite).
  ///   - tMax: The time axis's end, seconds.
  ///   - x: The main panel's time-to-pixel map.
  /// - Returns: The panel's SVG elements.
  func indexPanel(_ frames: [TraceFrame], tMax: Double, x: (Double) -> Double) -> String {
    let (top, bottom) = indexArea
    let range = Self.indexRange(frames)
    let y = { (i: Double) in
      bottom - (min(max(i, range.low), range.high) - range.low) / (range.high - range.low) * (bottom - top)
    }
    var svg = "<rect x=\"\(Self.n(left))\" y=\"\(Self.n(top))\" width=\"\(Self.n(width - left - right))\""
    svg += " height=\"\(Self.n(bottom - top))\" fill=\"none\" stroke=\"#333\"/>\n"
    let step = max(1, Self.niceStep((range.high - range.low) / 6))
    var i = range.low
    while i <= range.high + 1e-9 {
      svg += "<line x1=\"\(Self.n(left - 5))\" y1=\"\(Self.n(y(i)))\" x2=\"\(Self.n(width - right))\""
      svg +=
        " y2=\"\(Self.n(y(i)))\" stroke=\"#ddd\"/><text x=\"\(Self.n(left - 8))\" y=\"\(Self.n(y(i) + 4))\""
      svg += " text-anchor=\"end\">\(TraceNumber.format(i, decimals: 0))</text>\n"
      i += step
    }
    let tStep = Self.niceStep(tMax / 8)
    var t = 0.0
    while t <= tMax + 1e-9 {
      svg += "<line x1=\"\(Self.n(x(t)))\" y1=\"\(Self.n(bottom))\" x2=\"\(Self.n(x(t)))\""
      svg += " y2=\"\(Self.n(bottom + 5))\" stroke=\"#333\"/><text x=\"\(Self.n(x(t)))\""
      svg +=
        " y=\"\(Self.n(bottom + 20))\" text-anchor=\"middle\">\(TraceNumber.format(t, decimals: 3))</text>\n"
      t += tStep
    }
    svg += "<text transform=\"translate(18 \(Self.n((top + bottom) / 2))) rotate(-90)\""
    svg += " text-anchor=\"middle\">detent index</text>\n"
    svg += polyline(
      frames.map { (x($0.time), y($0.index)) }, colour: Self.indexColour, label: "detent index")
    return svg
  }
}
