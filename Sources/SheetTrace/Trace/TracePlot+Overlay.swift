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

  /// One curve of an overlay: a label for the legend, its points, and its releases and detents.
  public struct Series: Sendable, Equatable {
    /// The legend's text (a behaviour's name).
    public var label: String
    /// The points, in time order.
    public var points: [Point]
    /// The releases, in order: the curves of a panel are aligned at them.
    public var releases: [Release]
    /// The detents' heights over time, drawn as guides in the curve's colour.
    public var guides: [TraceGuide]

    /// Creates a series.
    /// - Parameters:
    ///   - label: The legend's text.
    ///   - points: The points.
    ///   - releases: Its releases (none: drawn at its own times).
    ///   - guides: Its detents' heights over time.
    public init(label: String, points: [Point], releases: [Release] = [], guides: [TraceGuide] = []) {
      self.label = label
      self.points = points
      self.releases = releases
      self.guides = guides
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
  /// overlaid on one height scale and one time scale on which every curve's k-th release is drawn at
  /// one time, one colour per series; each release marked by a line labelled `release k`;
  /// each curve's detents as dashed guides in its colour, labelled `id height` in the right margin; a
  /// legend naming each series in its colour above the plot. Every label stands outside the plot area,
  /// so none covers a curve. Points with a non-finite number are left out.
  /// - Parameter panels: The panels.
  /// - Returns: The SVG document's text.
  public func overlay(_ panels: [Panel]) -> String {
    let total = height * Double(max(panels.count, 1))
    var plot = self
    plot.right = Self.overlayRight
    let rows = panels.map { plot.legendRows($0.series.map(\.label)).count }.max() ?? 1
    plot.top = Self.legendTop + Self.legendLine * Double(max(rows, 1) - 1) + 30
    var svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.n(width))\" height=\"\(Self.n(total))\""
    svg += " viewBox=\"0 0 \(Self.n(width)) \(Self.n(total))\" font-family=\"sans-serif\" font-size=\"12\">\n"
    svg += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    for (index, panel) in panels.enumerated() {
      svg += "<g transform=\"translate(0 \(Self.n(height * Double(index))))\">\n"
      svg += plot.overlayPanel(panel)
      svg += "</g>\n"
    }
    return svg + "</svg>\n"
  }

  /// An overlay's right margin, pixels: room for the guides' labels.
  static let overlayRight = 160.0
  /// The baseline of the legend's first line, and the distance between its lines, pixels.
  static let legendTop = 44.0, legendLine = 16.0

  /// The legend's entries (`— label`, cut to half the plot's width) in lines that fit the plot's width,
  /// each entry with its series' index.
  private func legendRows(_ labels: [String]) -> [[(index: Int, text: String, x: Double)]] {
    var rows: [[(index: Int, text: String, x: Double)]] = [[]]
    var x = left
    for (index, label) in labels.enumerated() {
      let text = Self.fit("— " + label, within: (width - left - right) / 2, fontSize: 12)
      let entry = Self.textWidth(text, fontSize: 12) + 16
      if x + entry > width - right + 60, !(rows.last?.isEmpty ?? true) {
        rows.append([])
        x = left
      }
      rows[rows.count - 1].append((index, text, x))
      x += entry
    }
    return rows
  }

  /// One panel's axes, guides, release marks, curves and legend, in the panel's own coordinates.
  private func overlayPanel(_ panel: Panel) -> String {
    let alignment = Alignment(panel.series.map(\.releases))
    let curves = panel.series.enumerated().map { index, series in
      alignment.points(series.points.filter { $0.time.isFinite && $0.height.isFinite }, of: index)
    }
    let guideHeights = panel.series.flatMap { $0.guides.map(\.height) }.filter(\.isFinite)
    let tMax = max(curves.compactMap { $0.last?.time }.max() ?? 0, alignment.releases.last ?? 0, 0.1)
    let hMax = Self.niceCeiling(max((curves.flatMap { $0.map(\.height) } + guideHeights).max() ?? 0, 1))
    let plotW = width - left - right, plotH = height - top - bottom
    let x = { (t: Double) in self.left + min(max(t / tMax, 0), 1) * plotW }
    let yH = { (h: Double) in self.top + plotH - min(max(h / hMax, 0), 1) * plotH }
    var svg = "<text x=\"\(Self.n(left))\" y=\"24\" font-size=\"16\">\(Self.escape(panel.title))</text>\n"
    let aligned = panel.series.count > 1 && !alignment.releases.isEmpty
    svg += axes(
      tMax: tMax, hMax: hMax, x: x, yH: yH, yB: yH, backdropAxis: false,
      timeLabel: aligned ? "time (s), each curve shifted to draw its k-th release at release k" : "time (s)")
    svg += overlayGuides(
      panel, alignment: alignment, lastTimes: curves.map { $0.last?.time ?? tMax }, x: x, yH: yH)
    svg += releaseMarks(alignment.releases, x: x)
    for (index, curve) in curves.enumerated() {
      svg += polyline(
        curve.map { (x($0.time), yH($0.height)) }, colour: Self.overlayColour(index),
        label: panel.series[index].label)
    }
    for (row, entries) in legendRows(panel.series.map(\.label)).enumerated() {
      let y = Self.legendTop + Self.legendLine * Double(row)
      for entry in entries {
        svg +=
          "<text x=\"\(Self.n(entry.x))\" y=\"\(Self.n(y))\" fill=\"\(Self.overlayColour(entry.index))\">"
        svg += "\(Self.escape(entry.text))</text>\n"
      }
    }
    return svg
  }

  /// Each curve's detent guides, dashed in its colour over the (drawn) time each height held, and their
  /// labels in the right margin at their heights: `id height`, the ids of every curve's detents at one
  /// height together (grey when they are several curves'), moved down to keep 13 px apart.
  private func overlayGuides(
    _ panel: Panel, alignment: Alignment, lastTimes: [Double], x: (Double) -> Double, yH: (Double) -> Double
  ) -> String {
    var svg = ""
    var labels: [(y: Double, height: Double, ids: [String], series: Set<Int>)] = []
    for (index, series) in panel.series.enumerated() {
      for guide in series.guides where guide.height.isFinite && guide.start.isFinite {
        let x1 = x(alignment.time(guide.start, of: index))
        let x2 = x(guide.end.map { alignment.time($0, of: index) } ?? lastTimes[index])
        guard x2 - x1 >= 0.5 else { continue }
        let y = yH(guide.height)
        svg += "<line x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y))\""
        svg += " stroke=\"\(Self.overlayColour(index))\" stroke-opacity=\"0.6\" stroke-dasharray=\"6 4\">"
        svg +=
          "<title>\(Self.escape("\(series.label): \(guide.id) \(TraceNumber.format(guide.height, decimals: 1))"))</title></line>\n"
        if let i = labels.firstIndex(where: { abs($0.height - guide.height) < 0.05 }) {
          if !labels[i].ids.contains(guide.id) { labels[i].ids.append(guide.id) }
          labels[i].series.insert(index)
        } else {
          labels.append((y, guide.height, [guide.id], [index]))
        }
      }
    }
    var below = -Double.infinity
    for label in labels.sorted(by: { $0.y < $1.y }) {
      let y = max(label.y + 4, below + 13)
      guard y <= height - bottom + 4 else { break }  // no room left beside the plot area
      below = y
      let text = Self.fit(
        "\(label.ids.joined(separator: ", ")) \(TraceNumber.format(label.height, decimals: 1))",
        within: right - 12, fontSize: 11)
      let colour = label.series.count == 1 ? Self.overlayColour(label.series.first ?? 0) : "#666"
      svg +=
        "<text x=\"\(Self.n(width - right + 6))\" y=\"\(Self.n(y))\" font-size=\"11\" fill=\"\(colour)\">"
      svg += "\(Self.escape(text))</text>\n"
    }
    return svg
  }

  /// A dotted line at each release's drawn time across the plot area, labelled `release k` above it
  /// (`k` alone where that does not fit, nothing where neither does).
  private func releaseMarks(_ releases: [Double], x: (Double) -> Double) -> String {
    var svg = ""
    var free = -Double.infinity  // where the last label ended
    for (k, time) in releases.enumerated() {
      let xr = x(time)
      svg +=
        "<line x1=\"\(Self.n(xr))\" y1=\"\(Self.n(top))\" x2=\"\(Self.n(xr))\" y2=\"\(Self.n(height - bottom))\""
      svg +=
        " stroke=\"#6a6a6a\" stroke-width=\"0.8\" stroke-dasharray=\"2 3\"><title>release \(k + 1)</title></line>\n"
      for text in ["release \(k + 1)", "\(k + 1)"] {
        let half = Self.textWidth(text, fontSize: 10) / 2
        guard xr - half >= free + 4, xr + half <= width - 4 else { continue }
        svg += "<text x=\"\(Self.n(xr))\" y=\"\(Self.n(top - 6))\" font-size=\"10\" fill=\"#6a6a6a\""
        svg += " text-anchor=\"middle\">\(Self.escape(text))</text>\n"
        free = xr + half
        break
      }
    }
    return svg
  }
}
