/// Scenario text written by the package (`sheet preview`'s recordings, `sheet fuzz`'s findings): Lua
/// literals that read back to the values they were made from.
package enum ScenarioText {
  /// A number as Lua reads it back to the same `Double` (Swift prints the shortest such text).
  package static func number(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }

  /// A Lua string literal in single quotes.
  package static func quoted(_ text: String) -> String {
    var out = "'"
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "'": out += "\\'"
      case "\n": out += "\\n"
      default:
        if scalar.value < 0x20 { out += "\\\(scalar.value)" } else { out.unicodeScalars.append(scalar) }
      }
    }
    return out + "'"
  }

  /// A Lua table of named numbers, sorted by name (`{ dismiss_velocity = 1800 }`).
  package static func table(_ values: [String: Double]) -> String {
    let fields = values.keys.sorted().map { name in
      let key = Self.isIdentifier(name) ? name : "[\(quoted(name))]"
      return "\(key) = \(number(values[name] ?? 0))"
    }
    return "{ " + fields.joined(separator: ", ") + " }"
  }

  /// Whether a name is a Lua identifier (and not a keyword).
  package static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first,
      first == "_" || (first.isASCII && first.properties.isAlphabetic)
    else { return false }
    let keywords: Set = [
      "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in", "local",
      "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]
    return !keywords.contains(name)
      && name.unicodeScalars.allSatisfy {
        $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0)
      }
  }

  /// Text on one line (a comment cannot hold a newline).
  package static func oneLine(_ text: String) -> String {
    String(text.prefix(300).map { $0.isNewline ? " " : $0 })
  }

  /// A Lua long string holding `text` as it is: `[==[` ... `]==]` with enough `=` that the text cannot
  /// close it (a newline right after the opening bracket is skipped by Lua, so one is added).
  package static func longString(_ text: String) -> String {
    var level = 0
    while text.contains("]" + String(repeating: "=", count: level) + "]") { level += 1 }
    let equals = String(repeating: "=", count: level)
    return "[\(equals)[\n\(text)]\(equals)]"
  }
}
