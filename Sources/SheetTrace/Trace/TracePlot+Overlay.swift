import SheetCore

extension TracePlot {
  /// A point of a height curve: seconds since the scenario started, and the height in points.
  public struct Point: Sendable, Equatable {
    /// Seconds since the scenario started.
    public var time: Double
    /// The height, pt.
    public var height: Double

    /// Creates a point.
    /// - Parameters:
    ///   - time: Seconds.
    ///   - height: Points.
    public init(time: Double, height: Double) {
      self.time = time
      self.height = height
    }
  }

  /// One curve of an overlay: a label for the legend and its points.
  public struct Series: Sendable, Equatable {
    /// The legend's text (a behaviour's name).
    public var label: String
    /// The points, in time order.
    public var points: [Point]

    /// Creates a series.
    /// - Parameters:
    ///   - label: The legend's text.
    ///   - points: The points.
    public init(label: String, points: [Point]) {
      self.label = label
      self.points = points
    }
  }

  /// One panel of an overlay: a title (a scenario) and its curves (one per behaviour).
  public struct Panel: Sendable, Equatable {
    /// The panel's title.
    public var title: String
    /// The curves, drawn in order, each in its own colour.
    public var series: [Series]

    /// Creates a panel.
    /// - Parameters:
    ///   - title: The title.
    ///   - series: The curves.
    public init(title: String, series: [Series]) {
      self.title = title
      self.series = series
    }
  }

  /// The colours of an overlay's curves, in order (a 17th curve takes the first again): distinct hues
  /// that stay apart on white.
  package static let overlayColours = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
    "#7f7f7f", "#bcbd22", "#393b79", "#ad494a", "#637939", "#e7ba52", "#7b4173", "#3182bd",
  ]

  /// The colour of the `index`-th curve of a panel.
  public static func overlayColour(_ index: Int) -> String {
    overlayColours[index % overlayColours.count]
  }

  /// Renders panels stacked top to bottom, each ``height`` pixels tall: the height curves of a panel
  /// overlaid on one time and height scale (its longest run and highest height), one colour per series,
  /// with a legend naming each series in its colour. Points with a non-finite number are left out.
  /// - Parameter panels: The panels.
  /// - Returns: The SVG document's text.
  public func overlay(_ panels: [Panel]) -> String {
    let total = height * Double(max(panels.count, 1))
    var svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.n(width))\" height=\"\(Self.n(total))\""
    svg += " viewBox=\"0 0 \(Self.n(width)) \(Self.n(total))\" font-family=\"sans-serif\" font-size=\"12\">\n"
    svg += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    for (index, panel) in panels.enumerated() {
      svg += "<g transform=\"translate(0 \(Self.n(height * Double(index))))\">\n"
      svg += overlayPanel(panel)
      svg += "</g>\n"
    }
    return svg + "</svg>\n"
  }

  /// One panel's axes, curves and legend, in the panel's own coordinates.
  private func overlayPanel(_ panel: Panel) -> String {
    let curves = panel.series.map { series in
      (label: series.label, points: series.points.filter { $0.time.isFinite && $0.height.isFinite })
    }
    let tMax = max(curves.compactMap { $0.points.last?.time }.max() ?? 0, 0.1)
    let hMax = Self.niceCeiling(max(curves.flatMap { $0.points.map(\.height) }.max() ?? 0, 1))
    let plotW = width - left - right, plotH = height - top - bottom
    let x = { (t: Double) in self.left + t / tMax * plotW }
    let yH = { (h: Double) in self.top + plotH - min(max(h / hMax, 0), 1) * plotH }
    var svg = "<text x=\"\(Self.n(left))\" y=\"24\" font-size=\"16\">\(Self.escape(panel.title))</text>\n"
    svg += axes(tMax: tMax, hMax: hMax, x: x, yH: yH, yB: yH, backdropAxis: false)
    for (index, curve) in curves.enumerated() {
      svg += polyline(
        curve.points.map { (x($0.time), yH($0.height)) }, colour: Self.overlayColour(index),
        label: curve.label)
    }
    // The legend: a line per series in the plot area's top right corner, over the curves.
    let legendX = width - right - 8
    for (index, curve) in curves.enumerated() {
      let y = top + 16 + 15 * Double(index)
      svg += "<text x=\"\(Self.n(legendX))\" y=\"\(Self.n(y))\" fill=\"\(Self.overlayColour(index))\""
      let label = Self.fit("— " + curve.label, within: plotW / 2, fontSize: 12)
      svg += " text-anchor=\"end\"\(Self.halo)>\(Self.escape(label))</text>\n"
    }
    return svg
  }
}
