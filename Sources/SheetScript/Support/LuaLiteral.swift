import SheetTrace

/// Values as Lua source text: what the tools write into Lua they generate (a recorded scenario's calls,
/// a behaviour's thresholds written back, the starter project `sheet init` makes), each reading back as
/// the same value.
package enum LuaLiteral {
  /// A number as the shortest text Lua reads back as the same `Double` (a whole number below 10^15
  /// without a fraction): `JSONWriter.shortest`, whose forms are Lua numerals too.
  /// - Parameter value: A finite number.
  /// - Returns: The numeral.
  package static func number(_ value: Double) -> String {
    JSONWriter.shortest(value)
  }

  /// A string literal in single quotes, escaping `\`, `'`, line breaks and control characters.
  /// - Parameter text: The string.
  /// - Returns: The literal.
  package static func quoted(_ text: String) -> String {
    var out = "'"
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "'": out += "\\'"
      case "\n": out += "\\n"
      default:
        if scalar.value < 0x20 {
          // three digits, so a digit after it is not read as part of the escape (`\0012` is "\u{1}2")
          let digits = String(scalar.value)
          out += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "'"
  }

  /// A table of named numbers, sorted by name (`{ dismiss_velocity = 1800 }`); a name that is not an
  /// identifier is written as a bracketed string key.
  /// - Parameter values: Numbers by name.
  /// - Returns: The table constructor.
  package static func table(_ values: [String: Double]) -> String {
    let fields = values.keys.sorted().map { name in
      "\(key(name)) = \(number(values[name] ?? 0))"
    }
    return "{ " + fields.joined(separator: ", ") + " }"
  }

  /// A field key: the name itself when it is an identifier, else `['name']`.
  package static func key(_ name: String) -> String {
    isName(name) ? name : "[\(quoted(name))]"
  }

  /// The words Lua 5.4 reserves (the reference manual's §3.1), which no name may be.
  package static let keywords: Set<String> = [
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in", "local",
    "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
  ]

  /// Whether `name` is a Lua name: ASCII letters, digits and `_`, not starting with a digit, not a
  /// keyword.
  package static func isName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first,
      first == "_" || (first.isASCII && first.properties.isAlphabetic)
    else { return false }
    return !keywords.contains(name)
      && name.unicodeScalars.allSatisfy {
        $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0)
      }
  }

  /// Text for a comment: on one line (a comment cannot hold a newline), at most 300 characters.
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
