import Foundation

/// A plot's parts as the tests read them back from its SVG: its curves, its labels' boxes, and the
/// pixel of a value on its axes, each in the coordinates of the panel it is drawn in (an overlay stacks
/// panels as `<g transform="translate(0 Y)">` groups, one after another).
extension SVGDocument {
  /// A label: its text and its box, estimated generously (0.6 em a character, 1 em tall around the
  /// baseline: 0.8 above, 0.2 below; a `rotate(90)` label runs down from its anchor, its letters right
  /// of it).
  public struct Label {
    public var text: String
    public var panel: Int
    public var minX, minY, maxX, maxY: Double
  }

  /// A curve: its panel, its colour and its points.
  public struct Curve {
    public var panel: Int
    public var colour: String
    public var points: [(x: Double, y: Double)]
  }

  /// The panel each element is drawn in: how many `g` elements opened before it (0 for a single plot).
  private var panels: [Int] {
    var panel = -1
    return elements.map { element in
      if element.name == "g" { panel += 1 }
      return max(panel, 0)
    }
  }

  /// Every `polyline`, with its points.
  public var curves: [Curve] {
    zip(elements, panels).compactMap { element, panel in
      guard element.name == "polyline", let list = element.attributes["points"] else { return nil }
      let points = list.split(separator: " ").compactMap { pair -> (x: Double, y: Double)? in
        let xy = pair.split(separator: ",").compactMap { Double($0) }
        return xy.count == 2 ? (xy[0], xy[1]) : nil
      }
      return Curve(panel: panel, colour: element.attributes["stroke"] ?? "", points: points)
    }
  }

  /// Every `text`, with its box.
  public var labels: [Label] {
    zip(elements, panels).compactMap { element, panel in
      guard element.name == "text" else { return nil }
      let size = Double(element.attributes["font-size"] ?? "12") ?? 12
      let length = Double(element.text.count) * size * 0.6
      if let transform = element.attributes["transform"] {
        let numbers = transform.split { !"0123456789.-".contains($0) }.compactMap { Double($0) }
        guard numbers.count >= 3, numbers[2] == 90 else { return nil }  // the axes' titles
        return Label(
          text: element.text, panel: panel, minX: numbers[0] - 0.2 * size, minY: numbers[1],
          maxX: numbers[0] + 0.8 * size, maxY: numbers[1] + length)
      }
      let x = Double(element.attributes["x"] ?? "") ?? 0
      let y = Double(element.attributes["y"] ?? "") ?? 0
      let anchor = element.attributes["text-anchor"] ?? "start"
      let left = anchor == "end" ? x - length : anchor == "middle" ? x - length / 2 : x
      return Label(
        text: element.text, panel: panel, minX: left, minY: y - 0.8 * size, maxX: left + length,
        maxY: y + 0.2 * size)
    }
  }

  /// The labels whose box a curve of their panel passes through (every segment walked in steps of at
  /// most a quarter pixel), each as `text (curve colour)`.
  public func labelsOverCurves() -> [String] {
    let curves = curves
    var found: [String] = []
    for label in labels {
      for curve in curves where curve.panel == label.panel {
        if Self.passes(curve.points, through: label) {
          found.append("\(label.text) (\(curve.colour))")
          break
        }
      }
    }
    return found
  }

  private static func passes(_ points: [(x: Double, y: Double)], through label: Label) -> Bool {
    for (a, b) in zip(points, points.dropFirst()) {
      if max(a.x, b.x) < label.minX || min(a.x, b.x) > label.maxX { continue }
      let steps = max(1, Int((max(abs(b.x - a.x), abs(b.y - a.y)) * 4).rounded(.up)))
      for step in 0...steps {
        let f = Double(step) / Double(steps)
        let x = a.x + (b.x - a.x) * f, y = a.y + (b.y - a.y) * f
        if x >= label.minX && x <= label.maxX && y >= label.minY && y <= label.maxY { return true }
      }
    }
    return false
  }

  /// The pixel of a value on an axis, from two of its tick labels: the height axis's (`text-anchor` end,
  /// left of the plot: their y is the value's pixel + 4) or the time axis's (`text-anchor` middle, below
  /// it: their x is the value's pixel), in `panel`.
  /// - Returns: A function from a value to its pixel, or nil when the axis has fewer than two ticks.
  public func axis(_ which: Axis, panel: Int = 0) -> ((Double) -> Double)? {
    let ticks = zip(elements, panels).compactMap { element, p -> (value: Double, pixel: Double)? in
      guard p == panel, element.name == "text", let value = Double(element.text) else { return nil }
      switch which {
      case .height:
        guard element.attributes["text-anchor"] == "end", let y = Double(element.attributes["y"] ?? "")
        else { return nil }
        return (value, y - 4)
      case .time:
        guard element.attributes["text-anchor"] == "middle", element.attributes["font-size"] == nil,
          let x = Double(element.attributes["x"] ?? "")
        else { return nil }
        return (value, x)
      }
    }
    guard let first = ticks.first, let last = ticks.last, last.value != first.value else { return nil }
    let scale = (last.pixel - first.pixel) / (last.value - first.value)
    return { first.pixel + ($0 - first.value) * scale }
  }

  /// An axis of a plot.
  public enum Axis { case height, time }
}
