extension Trace {
  /// The trace as JSON Lines: one object a line, each with `t` (seconds) and `kind` (`frame` or `event`).
  ///
  /// Frames carry `state`, `detent`, `target` (where the running transition goes; `null` when none runs,
  /// like a missing `detent`), `height`, `backdrop` and `dh_dt` (the height's rate of change, pt/s, + =
  /// growing), then `keyboard` (points) when a keyboard was shown in the run and `scroll` (the scroll
  /// view's content offset) on a frame with a scroll view, in that order; events carry `event` and
  /// their fields. A frame with a non-finite number is left out and a
  /// non-finite event value is written as a string (`"nan"`), so every number is a finite JSON number.
  /// - Returns: The text, ending with a newline when the trace is not empty.
  public func jsonLines() -> String {
    var out = ""
    let keyboard = hasKeyboard
    for entry in entries {
      switch entry {
      case .frame(let frame):
        guard frame.isFinite else { continue }
        out += "{\"t\":\(TraceNumber.format(frame.time, decimals: 6)),\"kind\":\"frame\""
        out += ",\"state\":\(Self.jsonString(frame.state))"
        out += ",\"detent\":\(frame.detent.map { Self.jsonString($0) } ?? "null")"
        out += ",\"target\":\(frame.target.map { Self.jsonString($0) } ?? "null")"
        out += ",\"height\":\(TraceNumber.format(frame.height))"
        out += ",\"backdrop\":\(TraceNumber.format(frame.backdrop, decimals: 5))"
        out += ",\"dh_dt\":\(TraceNumber.format(frame.velocity, decimals: 3))"
        if keyboard { out += ",\"keyboard\":\(TraceNumber.format(frame.keyboard ?? 0))" }
        if let scroll = frame.scroll { out += ",\"scroll\":\(TraceNumber.format(scroll))" }
        out += "}\n"
      case .event(let event):
        out += "{\"t\":\(TraceNumber.format(event.time, decimals: 6)),\"kind\":\"event\""
        out += ",\"event\":\(Self.jsonString(event.name))"
        for field in event.fields {
          out += ",\(Self.jsonString(field.key)):\(Self.json(field.value))"
        }
        out += "}\n"
      }
    }
    return out
  }

  /// A trace value as JSON.
  /// - Parameter value: The value.
  /// - Returns: Its JSON text.
  static func json(_ value: TraceValue) -> String {
    switch value {
    case .number(let number):
      number.isFinite ? TraceNumber.format(number, decimals: 6) : jsonString(TraceNumber.format(number))
    case .integer(let integer): String(integer)
    case .string(let string): jsonString(string)
    case .bool(let bool): bool ? "true" : "false"
    case .null: "null"
    }
  }

  /// A string as a JSON string literal, with quotes, backslashes and control characters escaped.
  /// - Parameters:
  ///   - text: The text.
  ///   - forHTML: Whether `<` and the line and paragraph separators (U+2028, U+2029) are escaped too,
  ///     so the literal can stand inside a page's `<script>` (`sheet preview`'s replies).
  /// - Returns: The quoted literal.
  package static func jsonString(_ text: String, forHTML: Bool = false) -> String {
    var out = "\""
    out.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "<" where forHTML: out += "\\u003c"
      case let c where c.value < 0x20 || (forHTML && (c.value == 0x2028 || c.value == 0x2029)):
        let hex = String(c.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
