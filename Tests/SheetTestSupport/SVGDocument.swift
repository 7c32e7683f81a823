import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// An SVG (or any XML) document parsed into its elements, in document order, for tests that check a
/// plot's structure rather than its text.
public struct SVGDocument {
  /// One element: its name, its attributes and the text directly inside it.
  public struct Element {
    public var name: String
    public var attributes: [String: String]
    public var text: String
  }

  /// Every element, in the order it opens; the first is the root.
  public let elements: [Element]
  /// Every piece of character data, in order.
  public let texts: [String]

  /// The root element.
  public var root: Element? { elements.first }

  /// The elements with this name, in order.
  public func elements(named name: String) -> [Element] { elements.filter { $0.name == name } }

  /// Parses `data`; throws the parser's error when it is not well-formed XML.
  public init(_ data: Data) throws {
    let parser = XMLParser(data: data)
    let collector = Collector()
    parser.delegate = collector
    guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
    elements = collector.elements
    texts = collector.texts
  }

  /// Parses `text`.
  public init(_ text: String) throws { try self.init(Data(text.utf8)) }

  private final class Collector: NSObject, XMLParserDelegate {
    var elements: [Element] = []
    var texts: [String] = []
    /// The indices in `elements` of the elements open at this point of the parse.
    private var open: [Int] = []

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      open.append(elements.count)
      elements.append(Element(name: name, attributes: attributes, text: ""))
    }

    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
    ) {
      open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      texts.append(string)
      if let current = open.last { elements[current].text += string }
    }
  }
}
