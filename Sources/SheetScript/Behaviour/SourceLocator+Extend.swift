extension SourceLocator {
  /// The line of the `S.extend` call an error message of `S.extend` came from, when Lua could not say:
  /// `return S.extend(...)` is a tail call, which leaves no caller line for the error to name.
  ///
  /// The messages put the offending name first in single quotes (`no preset named 'sistem'`, `unknown
  /// field 'detens'`, `threshold 'x' is ...`): the line is the first that holds that name as a whole
  /// word, from the first line that holds `extend(` (looked for from where the behaviour starts); else
  /// that line; else the behaviour's first line.
  /// - Parameter message: The error's message, `sheet.extend: ...`.
  /// - Returns: The 1-based line.
  package func line(ofExtendError message: String) -> Int {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let start = min(startLine - 1, max(0, lines.count - 1))
    let order = Array(start..<lines.count) + Array(0..<start)
    let call = order.first { lines[$0].contains("extend(") || lines[$0].contains("extend (") }
    guard let token = Self.firstQuoted(in: message) else { return (call ?? start) + 1 }
    let after = call.map { Array($0..<lines.count) } ?? order
    let index = after.first { Self.holds(word: token, in: lines[$0]) } ?? call ?? start
    return index + 1
  }

  /// The first text between single quotes in `message`, if any.
  private static func firstQuoted(in message: String) -> String? {
    guard let open = message.firstIndex(of: "'") else { return nil }
    let rest = message[message.index(after: open)...]
    guard let close = rest.firstIndex(of: "'"), close > rest.startIndex else { return nil }
    return String(rest[..<close])
  }

  /// Whether `line` holds `word` with no identifier character right before or after it.
  private static func holds(word: String, in line: Substring) -> Bool {
    let identifier = { (c: Character) in c.isLetter || c.isNumber || c == "_" }
    var search = line[...]
    while let range = search.range(of: word) {
      let before = range.lowerBound > line.startIndex ? line[line.index(before: range.lowerBound)] : " "
      let after = range.upperBound < line.endIndex ? line[range.upperBound] : " "
      if !identifier(before) && !identifier(after) { return true }
      search = line[range.upperBound...]
    }
    return false
  }
}
