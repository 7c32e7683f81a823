import Foundation

/// The project's one JSON reader: a JSON value with numbers, booleans and strings kept apart (a `true`
/// is never read as 1), decoded by Foundation's `JSONDecoder` after a nesting check. The live preview's
/// messages and a gesture corpus's lines are read through it.
package enum JSONValue: Decodable, Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    // The kinds are tried most common first (numbers, then arrays: a corpus line is mostly both), as
    // each kind that does not match costs a thrown error. The decoder reads `true` only as a Bool and
    // a number only as a number (JSONValueTests checks it).
    if container.decodeNil() {
      self = .null
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let elements = try? container.decode([JSONValue].self) {
      self = .array(elements)
    } else if let text = try? container.decode(String.self) {
      self = .string(text)
    } else if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

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
    /// The text is not JSON.
    case notJSON
  }

  /// Reads a JSON text nesting at most `nesting` levels, checked before the decoder sees it (its
  /// recursion is bounded so).
  /// - Parameters:
  ///   - bytes: The UTF-8 text.
  ///   - nesting: The most levels of arrays and objects.
  /// - Returns: The value.
  /// - Throws: ``Failure``.
  package static func read(_ bytes: UnsafeRawBufferPointer, nesting: Int) throws(Failure) -> JSONValue {
    let depth = nestingDepth(bytes)
    guard depth <= nesting else { throw .tooDeep(depth) }
    do {
      return try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    } catch {
      throw .notJSON
    }
  }
}
