/// A script error's message split into its words and its numbers, so that errors that differ only in
/// a number (the height of the frame that failed) are one kind.
///
/// A number is a decimal (`-12`, `0.5`, `1e+07`, `.5`), a hexadecimal (`0x1f`), `nan` or `inf` (with a
/// sign or not) standing alone: not inside a name (`p1`, `x2y`) and not a line number (the digits right
/// after a colon, as in `bad.lua:12:`), so an error at another line is another kind.
public struct ScriptErrorShape: Sendable, Equatable {
  /// The text between the numbers: one more piece than there are numbers.
  public private(set) var pieces: [String] = []
  /// The numbers, as written.
  public private(set) var values: [String] = []

  /// Splits a message.
  /// - Parameter message: The error's text.
  public init(_ message: String) {
    let characters = Array(message.unicodeScalars)
    var piece = String.UnicodeScalarView()
    var i = 0
    while i < characters.count {
      if let end = Self.numberEnd(characters, at: i) {
        pieces.append(String(piece))
        piece = String.UnicodeScalarView()
        values.append(String(String.UnicodeScalarView(characters[i..<end])))
        i = end
      } else {
        piece.append(characters[i])
        i += 1
      }
    }
    pieces.append(String(piece))
  }

  /// The message without its numbers (each marked by a control character no message holds), the same for
  /// every message of one kind.
  public var key: String { pieces.joined(separator: "\u{1}") }

  /// The pieces with these texts in the numbers' places.
  /// - Parameter fillers: One text per number.
  /// - Returns: The message.
  public func text(_ fillers: [String]) -> String {
    var out = pieces[0]
    for (index, filler) in fillers.enumerated() where index + 1 < pieces.count {
      out += filler + pieces[index + 1]
    }
    return out
  }

  /// Where a number that starts at `i` ends, or nil when none starts there.
  private static func numberEnd(_ s: [Unicode.Scalar], at i: Int) -> Int? {
    if i > 0 {
      let before = s[i - 1]
      if isWord(before) || before == "." || before == ":" { return nil }  // inside a name, or a line number
    }
    var j = i
    if s[j] == "-" || s[j] == "+" { j += 1 }
    guard j < s.count else { return nil }
    let end: Int
    if let word = ["nan", "inf"].first(where: { matches(s, at: j, $0) }) {
      end = j + word.count
    } else if matches(s, at: j, "0x"), j + 2 < s.count, s[j + 2].properties.isASCIIHexDigit {
      end = s[(j + 2)...].firstIndex { !$0.properties.isASCIIHexDigit } ?? s.count
    } else {
      var k = j
      while k < s.count, isDigit(s[k]) { k += 1 }
      let whole = k - j
      if k < s.count, s[k] == ".", k + 1 < s.count, isDigit(s[k + 1]) {
        k += 1
        while k < s.count, isDigit(s[k]) { k += 1 }
      } else if whole == 0 {
        return nil
      }
      if k + 1 < s.count, s[k] == "e" || s[k] == "E" {
        var e = k + 1
        if s[e] == "-" || s[e] == "+" { e += 1 }
        if e < s.count, isDigit(s[e]) {
          while e < s.count, isDigit(s[e]) { e += 1 }
          k = e
        }
      }
      end = k
    }
    if end < s.count, isWord(s[end]) { return nil }  // the start of a name (`3d`, `nano`)
    return end
  }

  private static func matches(_ s: [Unicode.Scalar], at i: Int, _ word: String) -> Bool {
    let scalars = Array(word.unicodeScalars)
    return i + scalars.count <= s.count && Array(s[i..<(i + scalars.count)]) == scalars
  }

  private static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

  private static func isWord(_ c: Unicode.Scalar) -> Bool {
    isDigit(c) || c == "_" || c.properties.isAlphabetic
  }
}
