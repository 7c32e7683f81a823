/// A gesture corpus: a file of ``GestureRecord``s in JSON Lines, read a line at a time
/// (``GestureLogReader``) so that memory stays flat whatever its length. The bounds every line is read
/// within are here; the format and its version rules are the article "Gesture corpora".
public enum GestureLog {
  /// The longest line read, bytes (1 MiB); a longer one is reported and skipped.
  public static let maximumLineBytes = 1 << 20
  /// The most touch samples one gesture may have.
  public static let maximumTouches = 10_000
  /// The most scroll and keyboard inputs one gesture may have.
  public static let maximumInputs = 1_000
  /// The most thresholds a line may name.
  public static let maximumThresholds = 256
  /// The longest name (origin, behaviour, hash, detent, intent), bytes.
  public static let nameLength = 256
  /// The longest gesture, seconds from the touch-down (touch and input times, settle times).
  public static let maximumDuration = 600.0
  /// The deepest nesting of a line (the touches' arrays inside the line's object: 3).
  public static let nesting = 3
  /// The versions a `version` field may hold at all (one this sheet reads is ``GestureRecord/version``).
  static let versions: ClosedRange<Double> = 1...1_000_000
  /// The frame rates a gesture may be recorded at, frames per second.
  public static let frameRates: ClosedRange<Double> = 1...1000
  /// The origins of real users' gestures; every other origin (`scenario`, `synthetic`) is made by a
  /// program and is reported as such.
  public static let userOrigins: Set<String> = ["host", "preview"]

  /// A range as messages print it: `0...600`.
  static func describe(_ range: ClosedRange<Double>) -> String {
    "\(JSONWriter.shortest(range.lowerBound))...\(JSONWriter.shortest(range.upperBound))"
  }

  /// Whether a name holds no control character (Unicode's `Cc`: U+0000 to U+001F and U+007F to U+009F),
  /// so that a report can print it to a terminal as it is.
  public static func isPrintable(_ name: String) -> Bool {
    // Printable ASCII (every name a corpus is likely to hold) is decided from its bytes: a Unicode
    // property lookup per character took 3.6 % of a replay (perf, 2,000 synthetic gestures).
    if name.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return true }
    return !name.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }

  /// A text from a file as a message shows it, safe for a terminal: each control character (`Cc`) as
  /// `\u` and four hex digits (a newline or an escape in a file never reaches the terminal raw).
  /// - Parameter text: The text.
  /// - Returns: The text, its control characters escaped.
  public static func escapingControls(_ text: String) -> String {
    guard !isPrintable(text) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar.properties.generalCategory == .control {
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// A JSON value as messages quote it: short, one line.
  package static func describe(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let flag): "\(flag)"
    case .number(let number): JSONWriter.shortest(number)
    case .string(let text):
      "'" + escapingControls(String(text.prefix(40))) + (text.count > 40 ? "...'" : "'")
    case .array(let elements):
      elements.count <= 4
        ? "[" + elements.map(describe).joined(separator: ", ") + "]" : "an array of \(elements.count)"
    case .object: "an object"
    }
  }

  /// Reads one line: a JSON object holding a record of this version.
  /// - Parameter bytes: The line, without its newline.
  /// - Returns: The record.
  /// - Throws: A problem naming the field.
  package static func record(_ bytes: UnsafeRawBufferPointer) throws(GestureLogError.Problem) -> GestureRecord
  {
    let value: JSONValue
    do throws(JSONValue.Failure) {
      value = try JSONValue.read(bytes, nesting: nesting)
    } catch {
      switch error {
      case .tooDeep(let depth):
        throw GestureLogError.Problem(nil, "JSON nested \(depth) levels deep, at most \(nesting)")
      case .notJSON(let offset): throw GestureLogError.Problem(nil, "not JSON at byte \(offset)")
      }
    }
    guard case .object(let fields) = value else {
      throw GestureLogError.Problem(nil, "expected a JSON object, got \(describe(value))")
    }
    return try GestureRecord(json: fields)
  }
}
