import Foundation
import SheetScript

/// A JSON object written field by field into one string: the replies the server sends. Numbers are
/// written as Swift prints them (the shortest text that reads back as the same `Double`), non-finite
/// ones as `null`.
struct JSONText {
  private(set) var text = "{"
  private var first = true

  /// Starts an object with its `type` field.
  init(type: String) {
    add("type", type)
  }

  private mutating func key(_ name: String) {
    if !first { text += "," }
    first = false
    text += Self.quoted(name) + ":"
  }

  mutating func add(_ name: String, _ value: String?) {
    key(name)
    text += value.map(Self.quoted) ?? "null"
  }

  mutating func add(_ name: String, _ value: Double?) {
    key(name)
    text += Self.number(value)
  }

  mutating func add(_ name: String, _ value: Int) {
    key(name)
    text += String(value)
  }

  mutating func add(_ name: String, _ value: Bool) {
    key(name)
    text += value ? "true" : "false"
  }

  /// A field whose value is already JSON (an array or object written elsewhere).
  mutating func add(_ name: String, raw json: String) {
    key(name)
    text += json
  }

  /// The finished object.
  var json: String { text + "}" }

  /// A number as JSON: finite ones as Swift prints them, others as `null`.
  static func number(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }

  /// A string as a JSON string literal, with quotes, backslashes and control characters escaped, and `<`
  /// and U+2028 / U+2029 too: never `</script>` in a reply, wherever it ends up (the trace's writer,
  /// `Trace.jsonString(_:forHTML:)`).
  static func quoted(_ value: String) -> String {
    Trace.jsonString(value, forHTML: true)
  }

  /// A JSON array of already-written elements.
  static func array(_ elements: [String]) -> String {
    "[" + elements.joined(separator: ",") + "]"
  }
}
