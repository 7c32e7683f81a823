import Foundation
import SheetTestSupport
import Testing

/// `sheet plot`: a standalone SVG that parses as XML, the same bytes run to run.
@Suite struct PlotCommandTests {
  @Test func theTourPlotIsAStandaloneSVG() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("tour.svg")
    let run = try SheetBinary.run(["plot", "Tests/Scenarios/tour.lua", "-o", out.path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "wrote \(out.path)\n")
    let svg = try SVGDocument(Data(contentsOf: out))
    #expect(svg.root?.name == "svg")
    #expect(svg.root?.attributes["xmlns"] == "http://www.w3.org/2000/svg")
    #expect(svg.root?.attributes["viewBox"] != nil)
    #expect(svg.elements(named: "polyline").count == 2, "height and backdrop")
    let text = svg.texts.joined(separator: "|")
    for label in ["tour.lua", "time (s)", "height (pt)", "backdrop opacity", "normal 500", "expanded 757"] {
      #expect(text.contains(label), "\(label)")
    }
    for event in ["present", "release", "decision", "resize"] {
      #expect(text.contains(event), "marks \(event)")
    }
  }

  /// `--index` adds the index panel below (200 px, its own curve and axis title); without it the
  /// picture has neither.
  @Test func theIndexOptionAddsTheIndexPanel() throws {
    let folder = try TemporaryFolder()
    let plain = folder.url.appendingPathComponent("plain.svg")
    let indexed = folder.url.appendingPathComponent("indexed.svg")
    #expect(try SheetBinary.run(["plot", "Tests/Scenarios/tour.lua", "-o", plain.path]).status == 0)
    let run = try SheetBinary.run(["plot", "Tests/Scenarios/tour.lua", "--index", "-o", indexed.path])
    #expect(run.status == 0, "\(run.stderr)")
    let without = try SVGDocument(Data(contentsOf: plain))
    let with = try SVGDocument(Data(contentsOf: indexed))
    #expect(without.root?.attributes["height"] == "540" && with.root?.attributes["height"] == "740")
    #expect(without.elements(named: "polyline").count == 2 && with.elements(named: "polyline").count == 3)
    #expect(!without.texts.contains("detent index") && with.texts.contains("detent index"))
  }

  /// Each row: a detent guide of the tour (its label) and the span it covers, in the picture's pixels.
  static let tourGuides: [(label: String, from: String, to: String, line: UInt)] = [
    ("normal 500", "72", "602.71", #line),  // portrait, until the rotation at 1.4417 s
    ("expanded 757", "72", "602.71", #line),
    ("normal, expanded 350", "602.71", "694.74", #line),  // landscape: both detents are E - 40 = 350
    ("normal 500", "694.74", "888", #line),  // portrait again, to the end
    ("expanded 757", "694.74", "888", #line),
  ]

  @Test func theTourDrawsAGuideWhereverADetentsHeightChanges() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("tour.svg")
    #expect(try SheetBinary.run(["plot", "Tests/Scenarios/tour.lua", "-o", out.path]).status == 0)
    let svg = try SVGDocument(Data(contentsOf: out))
    let dashed = svg.elements(named: "line").filter { $0.attributes["stroke-dasharray"] == "6 4" }
    let labels = svg.elements(named: "text").filter { $0.attributes["fill"] == "#666" }
    #expect(dashed.count == Self.tourGuides.count && labels.count == Self.tourGuides.count)
    for (index, row) in Self.tourGuides.enumerated() where index < min(dashed.count, labels.count) {
      #expect(labels[index].text == row.label, "line \(row.line)")
      #expect(dashed[index].attributes["x1"] == row.from, "line \(row.line)")
      #expect(dashed[index].attributes["x2"] == row.to, "line \(row.line)")
    }
    try Self.expectLabelsInside(svg)
  }

  /// Checks that every text element lies inside the viewBox, its extent estimated at 0.6 em a character
  /// (rotated marker labels run down from their anchor).
  static func expectLabelsInside(_ svg: SVGDocument) throws {
    let box = try #require(svg.root?.attributes["viewBox"]).split(separator: " ").compactMap {
      Double($0)
    }
    try #require(box.count == 4)
    for node in svg.elements(named: "text") {
      let size = Double(node.attributes["font-size"] ?? "12") ?? 12
      let extent = Double(node.text.count) * size * 0.6
      if let transform = node.attributes["transform"] {
        let numbers = transform.split { !"0123456789.-".contains($0) }.compactMap { Double($0) }
        guard numbers.count >= 3 else { continue }
        let (x, y, angle) = (numbers[0], numbers[1], numbers[2])
        let down = angle == 90 ? extent : 0
        #expect(x >= 0 && x + size <= box[2] && y >= 0 && y + down <= box[3], "\(node.text) at \(transform)")
      } else {
        let x = Double(node.attributes["x"] ?? "") ?? -1
        let y = Double(node.attributes["y"] ?? "") ?? -1
        let anchor = node.attributes["text-anchor"] ?? "start"
        let left = anchor == "end" ? x - extent : anchor == "middle" ? x - extent / 2 : x
        let right = anchor == "end" ? x : anchor == "middle" ? x + extent / 2 : x + extent
        #expect(left >= 0 && right <= box[2] && y - size >= 0 && y <= box[3], "\(node.text) at \(x), \(y)")
      }
    }
  }

  @Test func twoPlotsAreTheSameBytes() throws {
    let folder = try TemporaryFolder()
    let first = folder.url.appendingPathComponent("a.svg")
    let second = folder.url.appendingPathComponent("b.svg")
    #expect(try SheetBinary.run(["plot", "Tests/Scenarios/tour.lua", "-o", first.path]).status == 0)
    #expect(try SheetBinary.run(["plot", "Tests/Scenarios/tour.lua", "-o", second.path]).status == 0)
    let bytes = try Data(contentsOf: first)
    #expect(!bytes.isEmpty)
    #expect(bytes == (try Data(contentsOf: second)))
  }

  @Test func aFailingScenarioIsStillPlottedAndExitsOne() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("failing.lua", Fixture.failing)
    let out = folder.url.appendingPathComponent("failing.svg")
    let run = try SheetBinary.run(["plot", file, "-o", out.path])
    #expect(run.status == 1)
    #expect(run.stderr.contains("failing.lua:5:"))
    _ = try SVGDocument(Data(contentsOf: out))  // well-formed XML
  }
}
