/// Finds the line where a field of a behaviour's table is written, for error messages.
///
/// Lua keeps no line numbers for table fields, so this reads the source text: it finds the first line
/// that assigns the path's first key, then, from there, each following key (`name =`) or list entry
/// (the n-th line that opens a table with `{`). It is a best effort: when a step is not found it keeps
/// the line found so far. A behaviour written inside a larger file (a scenario's inline table) is looked
/// up from the line it starts at, then from the top.
package struct SourceLocator {
  private let source: String
  private let firstLine: Int

  /// The text searched (a scenario's whole text for an inline table).
  package var text: String { source }
  /// The 1-based line the behaviour starts at.
  package var startLine: Int { firstLine }

  /// Creates a locator over a chunk's text; the text is split into lines only when a line is asked for
  /// (an error), so loading a valid behaviour costs nothing here.
  /// - Parameters:
  ///   - source: The behaviour's text (a scenario's whole text for an inline table).
  ///   - firstLine: The 1-based line the behaviour starts at within `source`.
  package init(_ source: String, firstLine: Int = 1) {
    self.source = source
    self.firstLine = max(1, firstLine)
  }

  /// The 1-based line of a field path.
  /// - Parameter path: Keys (`String`) and list positions (`Int`, 1-based), outermost first.
  /// - Returns: The line where the field is written, or the first line when its first key is not found.
  package func line(of path: [PathComponent]) -> Int {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let start = min(firstLine - 1, max(0, lines.count - 1))
    if let line = line(of: path, in: lines, from: start) { return line }
    if start > 0, let line = line(of: path, in: lines, from: 0) { return line }
    return firstLine
  }

  /// The line of a field path searched from `start` (0-based), or `nil` when its first key is not there.
  private func line(of path: [PathComponent], in lines: [Substring], from start: Int) -> Int? {
    var current = start
    var found = false
    for component in path {
      switch component {
      case .key(let key):
        if let index = firstLine(in: lines, from: current, where: { Self.assigns(key, in: $0) }) {
          current = index
          found = true
        } else if !found {
          return nil
        }
      case .index(let position):
        var seen = 0
        var index = current + 1
        while index < lines.count {
          if lines[index].drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("{") {
            seen += 1
            if seen == position {
              current = index
              break
            }
          }
          index += 1
        }
      }
    }
    return current + 1
  }

  private func firstLine(in lines: [Substring], from start: Int, where predicate: (Substring) -> Bool) -> Int?
  {
    var index = start
    while index < lines.count {
      if predicate(lines[index]) { return index }
      index += 1
    }
    return nil
  }

  /// Whether a line assigns `key` (`key =`, not `key ==`), as a whole word.
  private static func assigns(_ key: String, in line: Substring) -> Bool {
    var search = line[...]
    while let range = search.range(of: key) {
      let before = range.lowerBound == line.startIndex ? " " : line[line.index(before: range.lowerBound)]
      let rest = line[range.upperBound...].drop(while: { $0 == " " })
      if !(before.isLetter || before.isNumber || before == "_"), rest.hasPrefix("="), !rest.hasPrefix("==") {
        return true
      }
      search = line[range.upperBound...]
    }
    return false
  }
}

/// One step of a field path: a key or a 1-based list position.
extension SourceLocator {
  /// Parses a written path (`.detents[2].height`) into its steps.
  package static func components(of text: String) -> [PathComponent] {
    var steps: [PathComponent] = []
    var rest = Substring(text)
    while let first = rest.first {
      if first == "." {
        rest = rest.dropFirst()
        let name = rest.prefix { $0 != "." && $0 != "[" }
        steps.append(.key(String(name)))
        rest = rest.dropFirst(name.count)
      } else if first == "[", let close = rest.firstIndex(of: "]"),
        let index = Int(rest[rest.index(after: rest.startIndex)..<close])
      {
        steps.append(.index(index))
        rest = rest[rest.index(after: close)...]
      } else {
        break
      }
    }
    return steps
  }
}

package enum PathComponent: Equatable, CustomStringConvertible {
  case key(String)
  case index(Int)

  /// The step as written in a path: `.name` or `[n]`.
  package var description: String {
    switch self {
    case .key(let key): key
    case .index(let position): "[\(position)]"
    }
  }

  /// A whole path as text, for example `detents[2].height`.
  /// - Parameter path: The components, outermost first.
  /// - Returns: The dotted path.
  package static func text(_ path: [PathComponent]) -> String {
    var out = ""
    for component in path {
      switch component {
      case .key(let key): out += out.isEmpty ? key : ".\(key)"
      case .index: out += component.description
      }
    }
    return out
  }
}
