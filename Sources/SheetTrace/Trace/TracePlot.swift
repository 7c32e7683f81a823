import SheetCore

/// Draws a trace as a standalone SVG: height and backdrop over time (and the scroll offset, on the
/// height axis, when a frame has one), detent guide lines (one per detent height, over the time it
/// held), event markers, and with ``showsIndex`` a panel below of the fractional detent index. Every
/// label stays inside the picture, and frames and guides with a non-finite number are left out, so every
/// coordinate is a finite number.
public struct TracePlot: Sendable {
  /// The picture's width in pixels.
  public var width: Double = 960
  /// The height in pixels of the picture's main panel (the whole picture, unless ``showsIndex`` adds
  /// the index panel below it).
  public var height: Double = 540
  /// Whether the picture adds a panel below of the fractional detent index over the same time axis
  /// (``TraceFrame/index``; ``indexPanelHeight`` pixels tall).
  public var showsIndex = false
  /// The events marked with a vertical line.
  public var markedEvents: Set<String> = [
    "present", "dismiss", "gesture", "release", "decision", "snap", "tap", "resize", "reload",
    "script_error", "scroll_handoff", "dismiss_attempt",
  ]

  /// The margins around the plot area, pixels.
  package var left = 72.0, right = 72.0, top = 56.0, bottom = 64.0

  /// Creates a plot with the default size.
  public init() {}

  /// Renders the trace.
  /// - Parameter trace: The trace to draw.
  /// - Returns: The SVG document's text.
  public func svg(_ trace: Trace) -> String {
    let frames = trace.frames.filter(\.isFinite)  // a non-finite frame is cut, never drawn as `null`
    let tMax = max(frames.last?.time ?? 0, 0.1)
    let hData = max(
      frames.map(\.height).max() ?? 0, trace.guides.map(\.height).max() ?? 0,
      frames.compactMap(\.scroll).max() ?? 0)
    let hMax = Self.niceCeiling(max(hData, 1))
    let plotW = width - left - right, plotH = height - top - bottom
    let x = { (t: Double) in self.left + t / tMax * plotW }
    let yH = { (h: Double) in self.top + plotH - min(max(h / hMax, 0), 1) * plotH }
    let yB = { (b: Double) in self.top + plotH - min(max(b, 0), 1) * plotH }

    let pictureHeight = height + (showsIndex ? Self.indexPanelHeight : 0)
    var svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    svg +=
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.n(width))\" height=\"\(Self.n(pictureHeight))\""
    svg +=
      " viewBox=\"0 0 \(Self.n(width)) \(Self.n(pictureHeight))\" font-family=\"sans-serif\" font-size=\"12\">\n"
    svg += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    svg += "<text x=\"\(Self.n(left))\" y=\"24\" font-size=\"16\">\(Self.escape(trace.title))</text>\n"
    svg += axes(tMax: tMax, hMax: hMax, x: x, yH: yH, yB: yB)
    let scrolled = frames.filter { $0.scroll != nil }
    let curves = [
      (frames.map { (x($0.time), yH($0.height)) }, "#1f5fbf", "height"),
      (frames.map { (x($0.time), yB($0.backdrop)) }, "#d9822b", "backdrop"),
      (scrolled.map { (x($0.time), yH($0.scroll ?? 0)) }, "#2e8b57", "scroll offset"),
    ]
    var obstacles = Obstacles()
    for curve in curves { obstacles.add(curve: curve.0) }
    let guideLines = guides(trace.guides, tMax: tMax, x: x, yH: yH, obstacles: &obstacles)
    let marks = markers(trace.events, x: x, obstacles: &obstacles)
    svg += guideLines.lines + marks.lines
    for (points, colour, label) in curves { svg += polyline(points, colour: colour, label: label) }
    svg += guideLines.labels + marks.labels
    svg += "<text x=\"\(Self.n(width - right - 180))\" y=\"24\" fill=\"#1f5fbf\">— height (pt, left)</text>\n"
    svg += "<text x=\"\(Self.n(width - right - 180))\" y=\"40\" fill=\"#d9822b\">— backdrop (right)</text>\n"
    if !scrolled.isEmpty {
      svg +=
        "<text x=\"\(Self.n(width - right - 360))\" y=\"24\" fill=\"#2e8b57\">— scroll offset (pt, left)</text>\n"
    }
    if showsIndex { svg += indexPanel(frames, tMax: tMax, x: x) }
    return svg + "</svg>\n"
  }

  /// The frame, ticks and labels of the axes: time, height, and the backdrop's unless `backdropAxis` is
  /// false (an overlay of heights only).
  package func axes(
    tMax: Double, hMax: Double, x: (Double) -> Double, yH: (Double) -> Double, yB: (Double) -> Double,
    backdropAxis: Bool = true, timeLabel: String = "time (s)"
  ) -> String {
    let x0 = Self.n(left), x1 = Self.n(width - right), y0 = Self.n(top), y1 = Self.n(height - bottom)
    var svg = "<rect x=\"\(x0)\" y=\"\(y0)\" width=\"\(Self.n(width - left - right))\""
    svg += " height=\"\(Self.n(height - top - bottom))\" fill=\"none\" stroke=\"#333\"/>\n"
    let tStep = Self.niceStep(tMax / 8)
    var t = 0.0
    while t <= tMax + 1e-9 {
      svg +=
        "<line x1=\"\(Self.n(x(t)))\" y1=\"\(y1)\" x2=\"\(Self.n(x(t)))\" y2=\"\(Self.n(height - bottom + 5))\""
      svg += " stroke=\"#333\"/><text x=\"\(Self.n(x(t)))\" y=\"\(Self.n(height - bottom + 20))\""
      svg += " text-anchor=\"middle\">\(TraceNumber.format(t, decimals: 3))</text>\n"
      t += tStep
    }
    svg += "<text x=\"\(Self.n((left + width - right) / 2))\" y=\"\(Self.n(height - 16))\""
    svg += " text-anchor=\"middle\">\(Self.escape(timeLabel))</text>\n"
    let hStep = Self.niceStep(hMax / 6)
    var h = 0.0
    while h <= hMax + 1e-9 {
      svg += "<line x1=\"\(Self.n(left - 5))\" y1=\"\(Self.n(yH(h)))\" x2=\"\(x0)\" y2=\"\(Self.n(yH(h)))\""
      svg += " stroke=\"#333\"/><text x=\"\(Self.n(left - 8))\" y=\"\(Self.n(yH(h) + 4))\""
      svg += " text-anchor=\"end\">\(TraceNumber.format(h, decimals: 1))</text>\n"
      h += hStep
    }
    for step in 0...5 where backdropAxis {
      let b = Double(step) / 5
      svg +=
        "<line x1=\"\(x1)\" y1=\"\(Self.n(yB(b)))\" x2=\"\(Self.n(width - right + 5))\" y2=\"\(Self.n(yB(b)))\""
      svg += " stroke=\"#333\"/><text x=\"\(Self.n(width - right + 8))\" y=\"\(Self.n(yB(b) + 4))\">"
      svg += "\(TraceNumber.format(b, decimals: 1))</text>\n"
    }
    svg += "<text transform=\"translate(18 \(Self.n((top + height - bottom) / 2))) rotate(-90)\""
    svg += " text-anchor=\"middle\">height (pt)</text>\n"
    guard backdropAxis else { return svg }
    svg +=
      "<text transform=\"translate(\(Self.n(width - 14)) \(Self.n((top + height - bottom) / 2))) rotate(90)\""
    svg += " text-anchor=\"middle\">backdrop opacity</text>\n"
    return svg
  }

  /// The detent guides: a dashed line per detent height from when it began to when it ended (or the end
  /// of the plot), labelled `id height` (detents with the same height over the same time share one line:
  /// `normal, expanded 350`): at its right end above the line if that is free of curves and labels,
  /// else the first free place along it, above or below (``guideLabelPlaces(_:x1:x2:y:)``); a guide with
  /// no free place keeps its line, named in its `<title>`.
  /// - Returns: The lines (drawn under the curves) and the labels (drawn over them).
  private func guides(
    _ guides: [TraceGuide], tMax: Double, x: (Double) -> Double, yH: (Double) -> Double,
    obstacles: inout Obstacles
  ) -> (lines: String, labels: String) {
    var shared: [(guide: TraceGuide, ids: [String])] = []
    for guide in guides where guide.height.isFinite {
      if let i = shared.firstIndex(where: {
        $0.guide.height == guide.height && $0.guide.start == guide.start && $0.guide.end == guide.end
      }) {
        shared[i].ids.append(guide.id)
      } else {
        shared.append((guide, [guide.id]))
      }
    }
    var lines = ""
    var labels = ""
    for (guide, ids) in shared {
      let x1 = x(min(max(guide.start, 0), tMax))
      let x2 = x(min(max(guide.end ?? tMax, 0), tMax))
      guard x2 - x1 >= 0.5 else { continue }  // a height that held for no time
      let y = yH(guide.height)
      let label = "\(ids.joined(separator: ", ")) \(TraceNumber.format(guide.height, decimals: 1))"
      lines += "<line x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y))\""
      lines += " stroke=\"#999\" stroke-dasharray=\"6 4\"><title>\(Self.escape(label))</title></line>\n"
      let places = guideLabelPlaces(label, x1: x1, x2: x2, y: y)
      guard
        let chosen = obstacles.place(
          places.map { Box.text(label, x: $0.x, y: $0.y, fontSize: 12, anchor: "end") })
      else { continue }
      let (labelX, labelY) = places[chosen]
      labels +=
        "<text x=\"\(Self.n(labelX))\" y=\"\(Self.n(labelY))\" fill=\"#666\" text-anchor=\"end\"\(Self.halo)>"
      labels += "\(Self.escape(label))</text>\n"
    }
    return (lines, labels)
  }

  /// The places a guide's label may take (its right end's x, its baseline's y), best first: at the
  /// guide's right end, then every 24 px toward its left end, each just above the line and then just
  /// below it; every place inside the plot area.
  private func guideLabelPlaces(_ label: String, x1: Double, x2: Double, y: Double) -> [(
    x: Double, y: Double
  )] {
    let textWidth = Self.textWidth(label, fontSize: 12)
    let lowest = left + 4 + textWidth
    var places: [(x: Double, y: Double)] = []
    var end = x2 - 4
    repeat {
      let labelX = min(max(end, lowest), width - right - 4)
      for labelY in [y - 4, y + 14] {
        places.append((labelX, min(max(labelY, top + 14), height - bottom - 6)))
      }
      end -= 24
    } while end - textWidth >= x1 - 24 && end >= lowest
    return places
  }

  /// A label's width in pixels, estimated generously (0.6 em a character; the picture's sans-serif
  /// averages about 0.55 em).
  package static func textWidth(_ text: String, fontSize: Double) -> Double {
    Double(text.count) * fontSize * 0.6
  }

  /// Vertical lines with labels for the marked events. Events closer than a label's width share one
  /// line and one label (a release's gesture end, release and decision happen together). A label runs
  /// down along its line, right of it from the plot area's top if that is free of curves and labels,
  /// else at the first free place lower down, right or left of the line, cut shorter (with an ellipsis)
  /// when the whole words fit nowhere; the line keeps all its words in its `<title>`.
  /// - Returns: The lines (drawn under the curves) and the labels (drawn over them).
  private func markers(_ events: [TraceEvent], x: (Double) -> Double, obstacles: inout Obstacles)
    -> (lines: String, labels: String)
  {
    var groups: [(x: Double, events: [TraceEvent])] = []
    for event in events where markedEvents.contains(event.name) {
      let xe = x(event.time)
      if let last = groups.last, xe - last.x < 14 {
        groups[groups.count - 1].events.append(event)
      } else {
        groups.append((xe, [event]))
      }
    }
    var lines = ""
    var labels = ""
    for group in groups {
      let xe = Self.n(group.x)
      let failed = group.events.contains { $0.name == "script_error" }
      let colour = failed ? "#c0392b" : "#6a6a6a"
      let released = group.events.contains { $0.name == "release" }
      let words = group.events.compactMap { Self.markerLabel($0, released: released) }.joined(separator: ", ")
      lines += "<line x1=\"\(xe)\" y1=\"\(Self.n(top))\" x2=\"\(xe)\" y2=\"\(Self.n(height - bottom))\""
      lines += " stroke=\"\(colour)\" stroke-width=\"0.8\" stroke-dasharray=\"2 3\">"
      lines += "<title>\(Self.escape(words))</title></line>\n"
      // the whole words where they fit, else cut shorter until they fit between the curves
      var found: (label: String, x: Double, y: Double)?
      for length in [height - bottom - top - 8, 240, 160, 100, 60] where found == nil {
        let label = Self.fit(words, within: length, fontSize: 10)
        let places = markerLabelPlaces(label, x: group.x)
        if let chosen = obstacles.place(places.map { Box.turned(label, x: $0.x, y: $0.y, fontSize: 10) }) {
          found = (label, places[chosen].x, places[chosen].y)
        }
      }
      guard let (label, labelX, labelY) = found else { continue }
      labels += "<text transform=\"translate(\(Self.n(labelX)) \(Self.n(labelY))) rotate(90)\""
      labels += " font-size=\"10\" fill=\"\(colour)\"\(Self.halo)>\(Self.escape(label))</text>\n"
    }
    return (lines, labels)
  }

  /// The places a marker's label may take (the anchor of its turned text), best first: from the plot
  /// area's top down in steps of 16 px while it fits above the bottom, right of the line and then left of
  /// it.
  private func markerLabelPlaces(_ label: String, x: Double) -> [(x: Double, y: Double)] {
    let length = Self.textWidth(label, fontSize: 10)
    var places: [(x: Double, y: Double)] = []
    var y = top + 4
    repeat {
      places.append((x + 3, y))
      if x - 13 >= left { places.append((x - 11, y)) }
      y += 16
    } while y + length <= height - bottom - 4
    return places
  }

  /// The text cut (with an ellipsis) to fit a length in pixels at a font size.
  package static func fit(_ text: String, within length: Double, fontSize: Double) -> String {
    guard textWidth(text, fontSize: fontSize) > length else { return text }
    let characters = max(1, Int(length / (fontSize * 0.6)) - 1)
    return String(text.prefix(characters)) + "…"
  }

  /// A marked event's words: its name, then its phase, velocity or target when it has one; `nil` for a
  /// gesture's end next to its release, which says the same.
  private static func markerLabel(_ event: TraceEvent, released: Bool) -> String? {
    var label = event.name
    if case .string(let phase)? = event["phase"] {
      if released && phase == "ended" { return nil }
      label += " \(phase)"
    }
    if event.name == "release", case .number(let rate)? = event["dh_dt"], rate.isFinite {
      label += " dh/dt \(TraceNumber.format(rate, decimals: 0)) pt/s"
    }
    if case .string(let target)? = event["target"] { label += " \(target)" }
    if event.name == "scroll_handoff", case .string(let owner)? = event["to"] { label += " to \(owner)" }
    return label
  }

  /// A white outline drawn under a label's letters, so it stays readable over lines and curves.
  package static let halo =
    " stroke=\"white\" stroke-width=\"3\" stroke-linejoin=\"round\" paint-order=\"stroke\""

  /// A polyline through the points.
  package func polyline(_ points: [(Double, Double)], colour: String, label: String) -> String {
    guard !points.isEmpty else { return "" }
    let list = points.map { "\(Self.n($0.0)),\(Self.n($0.1))" }.joined(separator: " ")
    return "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\" points=\"\(list)\">"
      + "<title>\(label)</title></polyline>\n"
  }

  /// A coordinate with two decimals at most.
  package static func n(_ value: Double) -> String { TraceNumber.format(value, decimals: 2) }

  /// Text with XML's special characters escaped.
  package static func escape(_ text: String) -> String {
    var out = ""
    for c in text {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(c)
      }
    }
    return out
  }

  /// The smallest 1, 2 or 5 times a power of ten at least `raw`.
  /// - Parameter raw: The wanted step, positive.
  /// - Returns: A readable tick step.
  package static func niceStep(_ raw: Double) -> Double {
    guard raw > 0, raw.isFinite else { return 1 }
    var magnitude = 1.0
    while magnitude * 10 <= raw { magnitude *= 10 }
    while magnitude > raw { magnitude /= 10 }
    for factor in [1.0, 2, 5, 10] where factor * magnitude >= raw { return factor * magnitude }
    return 10 * magnitude
  }

  /// A round number at least `value`: a multiple of the tick step for a sixth of it.
  package static func niceCeiling(_ value: Double) -> Double {
    let step = niceStep(value / 6)
    return (value / step).rounded(.up) * step
  }
}
