/// Where a behaviour file that returns nothing should say `return`, for the error that tells its author.
extension SourceLocator {
  /// The place a missing `return` goes and what it could return.
  package struct MissingReturn: Equatable {
    /// The 1-based last line that is not blank (the end of the file, where `return` goes).
    package var line: Int
    /// The last name the file's top level gives a table (`local behaviour = {` or
    /// `local b = S.extend(`), which is likely what it meant to return; nil when none.
    package var name: String?
  }

  /// Where the text's `return` is missing: its last line that is not blank, and the last local its top
  /// level (a line that starts in the first column) assigns a table or an `extend` to.
  package var missingReturn: MissingReturn {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var last = 0
    var name: String?
    for (index, line) in lines.enumerated() {
      if line.contains(where: { !$0.isWhitespace }) { last = index }
      if let local = Self.tableLocal(line) { name = local }
    }
    return MissingReturn(line: startLine + last, name: name)
  }

  /// The 1-based first line that starts with `{` in its first column: a table the file's top level
  /// writes without `return` (nil when none does).
  package var bareTableLine: Int? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.firstIndex { $0.hasPrefix("{") }.map { startLine + $0 }
  }

  /// The name a top-level `local NAME = {` or `local NAME = S.extend(...)` line assigns.
  private static func tableLocal(_ line: Substring) -> String? {
    guard line.hasPrefix("local ") else { return nil }
    let rest = line.dropFirst("local ".count)
    let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    guard let first = name.first, !first.isNumber else { return nil }
    let value = rest.dropFirst(name.count).drop { $0 == " " }
    guard value.hasPrefix("=") else { return nil }
    let right = value.dropFirst().drop { $0 == " " }
    return right.hasPrefix("{") || right.contains(".extend(") ? String(name) : nil
  }
}
