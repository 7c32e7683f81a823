import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `sheet plot`: a standalone SVG that parses as XML, the same bytes run to run.
@Suite struct PlotCommandTests {
  /// Collects element names and text while parsing.
  final class Collector: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var texts: [String] = []
    var root: (name: String, attributes: [String: String])?

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      if root == nil { root = (name, attributes) }
      elements.append(name)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      texts.append(string)
    }
  }

  @Test func theTourPlotIsAStandaloneSVG() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("tour.svg")
    let run = try SheetBinary.run(["plot", "scripts/scenarios/tour.lua", "-o", out.path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "wrote \(out.path)\n")
    let data = try Data(contentsOf: out)
    let parser = XMLParser(data: data)
    let collector = Collector()
    parser.delegate = collector
    #expect(parser.parse(), "\(String(describing: parser.parserError))")
    #expect(collector.root?.name == "svg")
    #expect(collector.root?.attributes["xmlns"] == "http://www.w3.org/2000/svg")
    #expect(collector.root?.attributes["viewBox"] != nil)
    #expect(collector.elements.filter { $0 == "polyline" }.count == 2, "height and backdrop")
    let text = collector.texts.joined(separator: "|")
    for label in ["tour.lua", "time (s)", "height (pt)", "backdrop opacity", "normal 500", "expanded 757"] {
      #expect(text.contains(label), "\(label)")
    }
    for event in ["present", "release", "decision", "resize"] {
      #expect(text.contains(event), "marks \(event)")
    }
  }

  @Test func twoPlotsAreTheSameBytes() throws {
    let folder = try TemporaryFolder()
    let first = folder.url.appendingPathComponent("a.svg")
    let second = folder.url.appendingPathComponent("b.svg")
    #expect(try SheetBinary.run(["plot", "scripts/scenarios/tour.lua", "-o", first.path]).status == 0)
    #expect(try SheetBinary.run(["plot", "scripts/scenarios/tour.lua", "-o", second.path]).status == 0)
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
    #expect(XMLParser(data: try Data(contentsOf: out)).parse())
  }
}
