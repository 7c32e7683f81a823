/// Cuts script-controlled text before it goes into a message or a trace, so that a value of megabytes
/// is quoted by its start and its length instead of in full.
package enum Quote {
  /// The most characters of a value a message quotes.
  package static let maximumCharacters = 200

  /// `text` itself when short, else its first `limit` characters and its length in bytes.
  /// - Parameters:
  ///   - text: The text.
  ///   - limit: The most characters kept.
  /// - Returns: The text, cut.
  package static func cut(_ text: String, limit: Int = maximumCharacters) -> String {
    guard text.utf8.count > limit else { return text }
    let kept = text.prefix(limit)
    if kept.utf8.count == text.utf8.count { return text }
    return "\(kept)... (\(text.utf8.count) bytes)"  // utf8.count is O(1): no pass over a huge value
  }
}
