import SheetCore

/// The project's one JSON writer: objects and arrays written value by value into UTF-8 bytes, or only
/// counted (``init(counting:)``), byte for byte the same length.
///
/// Everything JSON the project writes comes through it: a trace's JSON Lines (and so the host API's
/// `Event.jsonLine`), the trace limits' byte counts, `sheet compare --format jsonl`, `sheet bench --json`
/// and the live preview's replies.
///
/// Numbers are written two ways: a trace's numbers with at most N decimals (``number(_:decimals:)``,
/// C's `%.Nf` with the trailing zeros cut, ``TraceNumber``), and other numbers as the shortest text that
/// reads back as the same `Double` (``number(_:)``). A non-finite number is never written as a JSON
/// number.
public struct JSONWriter {
  /// The bytes written (empty when counting).
  public private(set) var bytes: [UInt8] = []
  /// The bytes written or counted so far.
  public private(set) var count = 0
  /// Whether bytes are only counted.
  public let counting: Bool
  /// Whether the next value or key needs a comma before it.
  private var separate = false
  /// Whether strings escape `<` and U+2028 / U+2029 too, so the text can stand inside a page's
  /// `<script>` (the preview's replies).
  public var forHTML = false

  /// A writer.
  /// - Parameter counting: Whether bytes are only counted, not kept.
  public init(counting: Bool = false) {
    self.counting = counting
  }

  /// The text written.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  // MARK: Structure

  /// Starts an object (as a value: a comma first when one is due).
  public mutating func beginObject() {
    value(open: UInt8(ascii: "{"))
  }

  /// Ends an object.
  public mutating func endObject() {
    byte(UInt8(ascii: "}"))
    separate = true
  }

  /// Starts an array (as a value).
  public mutating func beginArray() {
    value(open: UInt8(ascii: "["))
  }

  /// Ends an array.
  public mutating func endArray() {
    byte(UInt8(ascii: "]"))
    separate = true
  }

  /// Writes an object's key (the value comes next).
  /// - Parameter name: The key.
  public mutating func key(_ name: String) {
    if separate { byte(UInt8(ascii: ",")) }
    quoted(name)
    byte(UInt8(ascii: ":"))
    separate = false
  }

  /// Writes an object's key that is a plain literal (letters, digits and `_`: nothing to escape).
  /// - Parameter name: The key.
  public mutating func key(literal name: StaticString) {
    if separate { byte(UInt8(ascii: ",")) }
    count += name.utf8CodeUnitCount + 3
    if !counting {
      bytes.append(UInt8(ascii: "\""))
      name.withUTF8Buffer { bytes.append(contentsOf: $0) }
      bytes.append(UInt8(ascii: "\""))
      bytes.append(UInt8(ascii: ":"))
    }
    separate = false
  }

  /// Ends a line (JSON Lines): a newline, and the next value starts afresh.
  public mutating func newline() {
    byte(UInt8(ascii: "\n"))
    separate = false
  }

  // MARK: Values

  /// A string.
  public mutating func string(_ text: String) {
    if separate { byte(UInt8(ascii: ",")) }
    quoted(text)
    separate = true
  }

  /// A string, or `null`.
  public mutating func string(_ text: String?) {
    if let text { string(text) } else { null() }
  }

  /// A trace's number: at most `decimals` digits after the point, trailing zeros cut; a non-finite one
  /// as a string (`"nan"`).
  public mutating func number(_ value: Double, decimals: Int) {
    guard value.isFinite else { return string(TraceNumber.format(value)) }
    if separate { byte(UInt8(ascii: ",")) }
    if counting {
      count += TraceNumber.formattedLength(value, decimals: decimals)
    } else {
      let before = bytes.count
      TraceNumber.append(value, decimals: decimals, to: &bytes)
      count += bytes.count - before
    }
    separate = true
  }

  /// A number as the shortest text that reads back as the same `Double` (a whole number below 10^15
  /// without a fraction); `null` when it is nil or not finite.
  public mutating func number(_ value: Double?) {
    raw(Self.shortest(value))
  }

  /// ``number(_:)``'s text: the shortest that reads back as the same `Double`, `null` for nil or a
  /// non-finite value.
  public static func shortest(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }

  /// A whole number.
  public mutating func integer(_ value: Int) {
    raw(String(value))
  }

  /// `true` or `false`.
  public mutating func bool(_ value: Bool) {
    raw(value ? "true" : "false")
  }

  /// `null`.
  public mutating func null() {
    raw("null")
  }

  /// A value already written as JSON elsewhere.
  public mutating func raw(_ json: String) {
    if separate { byte(UInt8(ascii: ",")) }
    append(json.utf8)
    separate = true
  }

  // MARK: Fields (a key and its value)

  /// A string field, `null` when nil.
  public mutating func field(_ name: String, _ value: String?) {
    key(name)
    string(value)
  }

  /// A number field, the shortest text that reads back the same; `null` when nil or not finite.
  public mutating func field(_ name: String, _ value: Double?) {
    key(name)
    number(value)
  }

  /// A whole-number field.
  public mutating func field(_ name: String, _ value: Int) {
    key(name)
    integer(value)
  }

  /// A field of an array of strings.
  public mutating func field(_ name: String, _ values: [String]) {
    key(name)
    beginArray()
    for value in values { string(value) }
    endArray()
  }

  /// A truth-value field.
  public mutating func field(_ name: String, _ value: Bool) {
    key(name)
    bool(value)
  }

  // MARK: Bytes

  private mutating func value(open: UInt8) {
    if separate { byte(UInt8(ascii: ",")) }
    byte(open)
    separate = false
  }

  private mutating func byte(_ value: UInt8) {
    count += 1
    if !counting { bytes.append(value) }
  }

  private mutating func append(_ text: String.UTF8View) {
    count += text.count
    if !counting { bytes.append(contentsOf: text) }
  }

  /// A string literal, with quotes, backslashes and control characters escaped (and, for HTML, `<`,
  /// U+2028 and U+2029). Runs of bytes that need no escape are counted or copied whole.
  private mutating func quoted(_ text: String) {
    byte(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var start = 0
      var i = Self.plainPrefix(utf8, forHTML: forHTML)  // most texts are plain to their end
      while i < utf8.count {
        let b = utf8[i]
        let plain =
          b >= 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\")
          && !(forHTML && (b == UInt8(ascii: "<") || b == 0xE2))
        if plain {
          i += 1
          continue
        }
        if b == 0xE2 && !(i + 2 < utf8.count && utf8[i + 1] == 0x80 && (utf8[i + 2] | 1) == 0xA9) {
          i += 1  // another character starting with 0xE2: plain
          continue
        }
        run(utf8, start, i)
        switch b {
        case UInt8(ascii: "\""): escape(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): escape(UInt8(ascii: "\\"))
        case UInt8(ascii: "\n"): escape(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): escape(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): escape(UInt8(ascii: "t"))
        case UInt8(ascii: "<"): unicodeEscape(0x3c)
        case 0xE2:
          unicodeEscape(utf8[i + 2] == 0xA8 ? 0x2028 : 0x2029)
          i += 2
        default: unicodeEscape(UInt32(b))
        }
        i += 1
        start = i
      }
      run(utf8, start, utf8.count)
    }
    byte(UInt8(ascii: "\""))
  }

  /// How many leading bytes of `utf8` need no escape, read eight at a time: a word is plain when none
  /// of its bytes is below 0x20, a quote or a backslash (nor, for HTML, `<` or 0xE2). (A tune run counts
  /// the line of every event it drops; byte by byte, the strings' scan was its largest share.)
  package static func plainPrefix(_ utf8: UnsafeBufferPointer<UInt8>, forHTML: Bool) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    /// Whether some byte of `x` is zero (the classic test: its high bit set after the borrow).
    func hasZero(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
    /// Whether some byte of `x` is below `n` (n ≤ 128).
    func hasLess(_ x: UInt64, _ n: UInt64) -> Bool { (x &- ones &* n) & ~x & highs != 0 }
    var i = 0
    guard let base = utf8.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    while i + 8 <= utf8.count {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      if hasLess(word, 0x20) || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C)) { break }
      if forHTML && (hasZero(word ^ (ones &* 0x3C)) || hasZero(word ^ (ones &* 0xE2))) { break }
      i += 8
    }
    return i
  }

  /// Bytes `from..<to` of `utf8`, which need no escape.
  private mutating func run(_ utf8: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) {
    guard to > from else { return }
    count += to - from
    if !counting { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[from..<to])) }
  }

  /// The bytes `string(_:)` writes for `text` (`null` for nil), with the writer's defaults.
  public static func length(of text: String?) -> Int {
    var writer = JSONWriter(counting: true)
    writer.string(text)
    return writer.count
  }

  /// A string as a JSON string literal on its own.
  /// - Parameters:
  ///   - text: The text.
  ///   - forHTML: Whether `<`, U+2028 and U+2029 are escaped too.
  /// - Returns: The quoted literal.
  public static func quoted(_ text: String, forHTML: Bool = false) -> String {
    var writer = JSONWriter()
    writer.forHTML = forHTML
    writer.string(text)
    return writer.text
  }

  private mutating func escape(_ letter: UInt8) {
    byte(UInt8(ascii: "\\"))
    byte(letter)
  }

  /// `\u00XX`-style escape, lower-case hex, four digits.
  private mutating func unicodeEscape(_ scalar: UInt32) {
    let hex: [UInt8] = Array("0123456789abcdef".utf8)
    escape(UInt8(ascii: "u"))
    for shift in stride(from: 12, through: 0, by: -4) { byte(hex[Int((scalar >> UInt32(shift)) & 0xF)]) }
  }
}
