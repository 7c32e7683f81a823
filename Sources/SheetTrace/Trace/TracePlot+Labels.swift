/// Where a plot's labels go: never over a curve. A label's box is estimated as ``TracePlot/textWidth(_:fontSize:)``
/// wide and 1 em tall around its baseline (0.8 em above, 0.2 em below) with a margin, and each label takes
/// the first of its candidate places whose box meets no curve and no label placed before it; a label
/// with no such place is left out (its line stays). The white halo under a label's letters then covers
/// grid, guide and marker lines only, never a curve.
extension TracePlot {
  /// A label's box in the picture's pixels.
  package struct Box: Equatable, Sendable {
    package var minX, minY, maxX, maxY: Double

    package init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
      self.minX = minX
      self.minY = minY
      self.maxX = maxX
      self.maxY = maxY
    }

    /// The box of a horizontal label of `text` at (x, y) (its baseline), by its anchor.
    package static func text(
      _ text: String, x: Double, y: Double, fontSize: Double, anchor: String = "start"
    ) -> Box {
      let width = TracePlot.textWidth(text, fontSize: fontSize)
      let left = anchor == "end" ? x - width : anchor == "middle" ? x - width / 2 : x
      return Box(minX: left, minY: y - 0.8 * fontSize, maxX: left + width, maxY: y + 0.2 * fontSize)
    }

    /// The box of a label turned a quarter clockwise (`rotate(90)`) at (x, y): its letters run down
    /// from y and stand to the right of x.
    package static func turned(_ text: String, x: Double, y: Double, fontSize: Double) -> Box {
      Box(
        minX: x - 0.2 * fontSize, minY: y, maxX: x + 0.8 * fontSize,
        maxY: y + TracePlot.textWidth(text, fontSize: fontSize))
    }

    /// The box grown by `margin` on every side.
    package func grown(_ margin: Double) -> Box {
      Box(minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin)
    }

    /// Whether two boxes overlap.
    package func overlaps(_ other: Box) -> Bool {
      minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// Whether the segment from `a` to `b` passes through the box (Liang–Barsky clipping of the segment
    /// to the box: it meets the box when some part of it is left after clipping).
    package func meets(_ a: (Double, Double), _ b: (Double, Double)) -> Bool {
      let dx = b.0 - a.0, dy = b.1 - a.1
      var low = 0.0, high = 1.0
      for (p, q) in [(-dx, a.0 - minX), (dx, maxX - a.0), (-dy, a.1 - minY), (dy, maxY - a.1)] {
        if p == 0 {
          if q < 0 { return false }  // parallel to this edge and outside it
        } else {
          let r = q / p
          if p < 0 { low = max(low, r) } else { high = min(high, r) }
          if low > high { return false }
        }
      }
      return true
    }
  }

  /// The curves labels must keep off, as polylines in pixels, and the labels placed so far.
  package struct Obstacles {
    /// Each curve's points, left to right (x never decreases along a curve: time runs forward).
    private var curves: [[(Double, Double)]] = []
    /// The boxes of the labels placed.
    package private(set) var placed: [Box] = []
    /// The room kept between a label and a curve, pixels (a curve's stroke is 2 px, a label's halo 3).
    package static let clearance = 2.5

    package init() {}

    /// Adds a curve.
    package mutating func add(curve points: [(Double, Double)]) {
      if !points.isEmpty { curves.append(points) }
    }

    /// Whether a box is free: it meets no curve and overlaps no placed label.
    package func isFree(_ box: Box) -> Bool {
      let wide = box.grown(Self.clearance)
      if placed.contains(where: { $0.overlaps(box) }) { return false }
      for curve in curves {
        // the segments whose x range can reach the box: from the last point left of it to the first right of it
        var start = Self.firstIndex(in: curve) { $0.0 >= wide.minX }
        start = max(start - 1, 0)
        var i = start
        while i + 1 < curve.count {
          if curve[i].0 > wide.maxX { break }
          if wide.meets(curve[i], curve[i + 1]) { return false }
          i += 1
        }
        if curve.count == 1, wide.meets(curve[0], curve[0]) { return false }
      }
      return true
    }

    /// Takes the first free box of the candidates (in order of preference) and keeps it as placed.
    /// - Returns: Its index among the candidates, or nil when none is free.
    package mutating func place(_ candidates: [Box]) -> Int? {
      guard let index = candidates.firstIndex(where: isFree) else { return nil }
      placed.append(candidates[index])
      return index
    }

    /// The first index whose point satisfies `predicate`, in a curve sorted by it (binary search).
    private static func firstIndex(in curve: [(Double, Double)], where predicate: ((Double, Double)) -> Bool)
      -> Int
    {
      var low = 0, high = curve.count
      while low < high {
        let middle = (low + high) / 2
        if predicate(curve[middle]) { high = middle } else { low = middle + 1 }
      }
      return low
    }
  }
}
