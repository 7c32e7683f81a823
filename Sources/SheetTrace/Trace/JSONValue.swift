/// The project's one JSON reader: a JSON value with numbers, booleans and strings kept apart (a `true`
/// is never read as 1), parsed byte by byte by ``read(_:nesting:)`` after a nesting check. The live
/// preview's messages, a gesture corpus's lines and a shard's part are read through it.
///
/// The parser is strict RFC 8259: a trailing comma (`[1,]`), a comment, a single-quoted string, a
/// leading zero or plus sign, a bare control character in a string, invalid UTF-8, a lone surrogate
/// escape and a number beyond the double's range are refused, with the byte offset where reading
/// stopped. Of an object's repeated keys the last is kept.
package enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// How deep arrays and objects nest in a JSON text: brackets counted outside strings (a string's
  /// escaped quote does not end it). Malformed text gets a depth too; the decoder refuses it after.
  /// - Parameter bytes: The text.
  /// - Returns: The deepest nesting.
  package static func nestingDepth(_ bytes: UnsafeRawBufferPointer) -> Int {
    var depth = 0
    var deepest = 0
    var inString = false
    var escaped = false
    for byte in bytes {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        deepest = max(deepest, depth)
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      default: break
      }
    }
    return deepest
  }

  /// Why a text was not read.
  package enum Failure: Error, Equatable {
    /// Arrays and objects nest deeper than allowed (the depth found).
    case tooDeep(Int)
    /// The text is not JSON: the 0-based byte offset where reading stopped.
    case notJSON(offset: Int)
  }

  /// Reads a JSON text nesting at most `nesting` levels, checked before the parser sees it (its
  /// recursion is bounded so, and by its own count of levels). The text's length is bounded by each
  /// caller (a preview message, a corpus line, a part's line).
  /// - Parameters:
  ///   - bytes: The UTF-8 text.
  ///   - nesting: The most levels of arrays and objects.
  /// - Returns: The value.
  /// - Throws: ``Failure``.
  package static func read(_ bytes: UnsafeRawBufferPointer, nesting: Int) throws(Failure) -> JSONValue {
    let depth = nestingDepth(bytes)
    guard depth <= nesting else { throw .tooDeep(depth) }
    var parser = Parser(bytes, nesting: nesting)
    return try parser.document()
  }
}
