import SheetTrace

/// Lua source text for values, for the files the tools write: a scenario `sheet preview` records, the
/// starter project `sheet init` makes. Each reads back in Lua as the same value.
package enum LuaLiteral {
  /// A finite number as the shortest text that reads back as the same `Double` (a whole number below
  /// 10^15 without a fraction): `JSONWriter.shortest`'s text, which Lua reads too.
  package static func number(_ value: Double) -> String {
    JSONWriter.shortest(value)
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

  /// A table key: the name itself when it is an identifier, else `['name']`.
  package static func key(_ name: String) -> String {
    isIdentifier(name) ? name : "[\(quoted(name))]"
  }

  /// A Lua table of named numbers on one line, sorted by name (`{ dismiss_velocity = 1800 }`).
  package static func table(_ values: [String: Double]) -> String {
    let fields = values.keys.sorted().map { "\(key($0)) = \(number(values[$0] ?? 0))" }
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

  /// Text for a comment: on one line (a comment cannot hold a newline), at most 300 characters.
  package static func oneLine(_ text: String) -> String {
    String(text.prefix(300).map { $0.isNewline ? " " : $0 })
  }
}
