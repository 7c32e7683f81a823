import Foundation
import SheetTestSupport
import SheetTrace
import Testing

@testable import SheetScenario

/// `sheet plot --index`: the index panel's curve, read back from the SVG, against the index worked out
/// here from each frame's height and the detent heights the trace's guides hold at its time.
@Suite struct PlotIndexTests {
  /// Each row: a shipped scenario whose index panel is checked, and the highest index its frames reach
  /// (from -1, hidden, at the first frame: the check covers the whole range, not one flat line).
  static let rows: [(file: String, highest: Double, line: UInt)] = [
    ("detent_index.lua", 2, #line),  // low 200, mid 400, high 600: the drag through 1.5 and -0.25
    ("system_resize.lua", 1, #line),  // detents that change height with the screen
    ("side_sheet.lua", 1, #line),  // a side sheet: heights along x
  ]

  /// The fractional detent index, worked out independently of the core: linear through (0, -1),
  /// (h0, 0), (h1, 1), ... over the heights in ascending order, clamped to [-1, n - 1]; of detents with
  /// the same height the higher index.
  static func index(height: Double, detents: [Double]) -> Double {
    let points = [(0.0, -1.0)] + detents.sorted().enumerated().map { ($0.element, Double($0.offset)) }
    guard let last = points.last, height < last.0 else { return points.last?.1 ?? -1 }
    var best = -1.0
    for (a, b) in zip(points, points.dropFirst()) where height >= a.0 && height < b.0 {
      best = a.1 + (height - a.0) / (b.0 - a.0)
    }
    return best
  }

  @Test(arguments: 0..<rows.count) func theIndexCurveFollowsTheHeightsOverTheDetents(_ row: Int) throws {
    let (file, highest, line) = Self.rows[row]
    let trace = ScenarioRunner.run(file: packageRoot.appendingPathComponent("Tests/Scenarios/\(file)").path)
      .trace
    var plot = TracePlot()
    plot.showsIndex = true
    let svg = try SVGDocument(plot.svg(trace))
    #expect(
      svg.root?.attributes["height"] == "\(Int(plot.height + TracePlot.indexPanelHeight))", "line \(line)")
    let curve = try #require(svg.curves.first { $0.colour == TracePlot.indexColour }, "line \(line)")
    let heights = try #require(svg.curves.first { $0.colour == "#1f5fbf" }, "line \(line)")
    // the axis from its labels below the main panel: each whole index's grid line 4 px above the
    // baseline of its label
    var ticks: [Double: Double] = [:]
    for text in svg.elements(named: "text") where text.attributes["text-anchor"] == "end" {
      guard let y = Double(text.attributes["y"] ?? ""), y > plot.height, let value = Double(text.text)
      else { continue }
      ticks[value] = y - 4
    }
    let low = try #require(ticks[-1], "line \(line)")
    let (top, topY) = try #require(ticks.max { $0.key < $1.key }, "line \(line)")
    let pixel = { (index: Double) in low + (min(index, top) + 1) / (top + 1) * (topY - low) }

    let frames = trace.frames.filter(\.isFinite)
    #expect(curve.points.count == frames.count && heights.points.count == frames.count, "line \(line)")
    var checked = 0
    var reached: [Double] = []
    for (k, frame) in frames.enumerated() where k < curve.points.count {
      #expect(curve.points[k].x == heights.points[k].x, "frame \(k): the main panel's time (line \(line))")
      // the detents at the frame's time; a frame on a guide's start or end is left out (which height
      // it saw depends on the order within the frame)
      let t = frame.time
      let guides = trace.guides.filter { $0.start <= t && ($0.end ?? .infinity) > t }
      guard
        !trace.guides.contains(where: { abs($0.start - t) < 1e-9 || abs(($0.end ?? .infinity) - t) < 1e-9 })
      else { continue }
      let expected = Self.index(height: frame.height, detents: guides.map(\.height))
      #expect(
        abs(curve.points[k].y - pixel(expected)) <= 0.011,
        "frame \(k) t \(t) h \(frame.height): index \(expected) at \(pixel(expected)), drawn \(curve.points[k].y) (line \(line))"
      )
      checked += 1
      reached.append(expected)
    }
    #expect(checked > frames.count / 2, "line \(line)")
    #expect(
      reached.max() == highest && (reached.min() ?? 0) < -0.5, "\(reached.max() ?? .nan) (line \(line))")
    #expect(reached.contains { $0 != $0.rounded() && $0 > 0 }, "between two detents (line \(line))")
  }

  @Test func withoutTheOptionThePlotIsAsBefore() throws {
    let trace = ScenarioRunner.run(
      file: packageRoot.appendingPathComponent("Tests/Scenarios/detent_index.lua").path
    ).trace
    let svg = try SVGDocument(TracePlot().svg(trace))
    #expect(svg.root?.attributes["height"] == "540")
    #expect(!svg.curves.contains { $0.colour == TracePlot.indexColour })
  }
}
