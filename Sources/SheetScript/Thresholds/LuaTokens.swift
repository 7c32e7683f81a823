/// A Lua chunk's tokens, with their byte ranges and lines: what ``ThresholdWriter`` edits the source
/// text by, so that comments, strings and layout are read past and kept as written.
///
/// The lexical rules are Lua 5.4's (the reference manual's §3.1, `llex.c`): short strings end at their
/// quote with `\` escaping the next byte, long strings and long comments end at a closing bracket of the
/// same level (`]==]` for `[==[`), a comment (`--`) runs to the end of its line unless it opens a long
/// bracket, and a numeral takes digits, letters, `.` and an exponent's sign (`read_numeral`). Bytes that
/// are none of these (an operator, a non-ASCII byte) are single-byte symbols, except `==`, `~=`, `<=`,
/// `>=`, `..` and `...`, kept whole so that `=` is never read inside them. One pass over the bytes, no
/// recursion: the cost is linear in the text's length.
package struct LuaTokens {
  /// What a token is.
  package enum Kind: Equatable {
    /// A name (`thresholds`, `S`, a keyword).
    case name
    /// A numeral (`1500`, `0.4`, `1e-3`, `0x10`).
    case number
    /// A short or long string literal, quotes and brackets included.
    case string
    /// An operator or punctuation, as its text (`=`, `{`, `==`, `..`).
    case symbol(String)
  }

  /// One token: its kind, its bytes `[start, end)` and the 1-based line it starts on.
  package struct Token: Equatable {
    package var kind: Kind
    package var start: Int
    package var end: Int
    package var line: Int
  }

  /// Why the text could not be read as tokens: what was left open and the line it opened on.
  package struct Unterminated: Error, Equatable {
    /// `a string`, `a long string`, `a long comment`.
    package var what: String
    /// The 1-based line it opened on.
    package var line: Int
  }

  /// The text's bytes.
  package let bytes: [UInt8]
  /// The tokens, in order (comments and white space are not tokens).
  package private(set) var tokens: [Token] = []

  /// Reads a text's tokens.
  /// - Parameter text: Lua source.
  /// - Throws: ``Unterminated`` for a string, long string or long comment that does not end.
  package init(_ text: String) throws(Unterminated) {
    bytes = Array(text.utf8)
    var reader = Reader(bytes: bytes)
    while let token = try reader.next() { tokens.append(token) }
  }

  /// The text of a token.
  package func text(_ token: Token) -> String {
    String(decoding: bytes[token.start..<token.end], as: UTF8.self)
  }

  /// Whether the token at `index` is the symbol `symbol`.
  package func isSymbol(_ index: Int, _ symbol: String) -> Bool {
    tokens.indices.contains(index) && tokens[index].kind == .symbol(symbol)
  }

  /// Whether the token at `index` is the name `name`.
  package func isName(_ index: Int, _ name: String) -> Bool {
    guard tokens.indices.contains(index), tokens[index].kind == .name else { return false }
    let token = tokens[index]
    return token.end - token.start == name.utf8.count
      && bytes[token.start..<token.end].elementsEqual(name.utf8)
  }
}

extension LuaTokens {
  /// The scanner: a position in the bytes and the line it is on.
  private struct Reader {
    let bytes: [UInt8]
    var position = 0
    var line = 1

    /// The symbols read as two or three bytes.
    static let longSymbols: [[UInt8]] = ["...", "==", "~=", "<=", ">=", ".."].map { Array($0.utf8) }

    func byte(at offset: Int) -> UInt8? {
      bytes.indices.contains(offset) ? bytes[offset] : nil
    }

    /// The next token, or nil at the end.
    mutating func next() throws(Unterminated) -> Token? {
      try skipSpaceAndComments()
      guard let first = byte(at: position) else { return nil }
      let start = position
      let startLine = line
      let kind: Kind
      if Self.isNameStart(first) {
        while let b = byte(at: position), Self.isNameStart(b) || Self.isDigit(b) { position += 1 }
        kind = .name
      } else if Self.isDigit(first)
        || (first == UInt8(ascii: ".") && byte(at: position + 1).map(Self.isDigit) == true)
      {
        readNumeral()
        kind = .number
      } else if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
        try readShortString(quote: first)
        kind = .string
      } else if first == UInt8(ascii: "["), let level = longBracketLevel(at: position) {
        try readLongBracket(level: level, what: "a long string")
        kind = .string
      } else if let symbol = Self.longSymbols.first(where: { matches($0) }) {
        position += symbol.count
        kind = .symbol(String(decoding: symbol, as: UTF8.self))
      } else {
        position += 1
        kind = .symbol(String(decoding: [first], as: UTF8.self))
      }
      return Token(kind: kind, start: start, end: position, line: startLine)
    }

    func matches(_ symbol: [UInt8]) -> Bool {
      position + symbol.count <= bytes.count
        && bytes[position..<position + symbol.count].elementsEqual(symbol)
    }

    /// Skips white space, line comments and long comments, counting lines.
    mutating func skipSpaceAndComments() throws(Unterminated) {
      while let b = byte(at: position) {
        if b == UInt8(ascii: "\n") {
          line += 1
          position += 1
        } else if b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\r") || b == 0x0B
          || b == 0x0C
        {
          position += 1
        } else if b == UInt8(ascii: "-"), byte(at: position + 1) == UInt8(ascii: "-") {
          position += 2
          if byte(at: position) == UInt8(ascii: "["), let level = longBracketLevel(at: position) {
            try readLongBracket(level: level, what: "a long comment")
          } else {
            while let c = byte(at: position), c != UInt8(ascii: "\n") { position += 1 }
          }
        } else {
          return
        }
      }
    }

    /// The level of a long bracket opening at `offset` (`[[` is 0, `[==[` is 2), or nil.
    func longBracketLevel(at offset: Int) -> Int? {
      var level = 0
      var index = offset + 1
      while byte(at: index) == UInt8(ascii: "=") {
        level += 1
        index += 1
      }
      return byte(at: index) == UInt8(ascii: "[") ? level : nil
    }

    /// Reads a long bracket from its opening to its closing bracket of the same level.
    mutating func readLongBracket(level: Int, what: String) throws(Unterminated) {
      let openLine = line
      position += level + 2
      while let b = byte(at: position) {
        if b == UInt8(ascii: "\n") { line += 1 }
        if b == UInt8(ascii: "]") {
          var index = position + 1
          var equals = 0
          while byte(at: index) == UInt8(ascii: "=") {
            equals += 1
            index += 1
          }
          if equals == level, byte(at: index) == UInt8(ascii: "]") {
            position = index + 1
            return
          }
        }
        position += 1
      }
      throw Unterminated(what: what, line: openLine)
    }

    /// Reads a quoted string; a backslash escapes the next byte (a newline included, as `\` followed by
    /// a line break continues the string); an unescaped line break ends it unfinished.
    mutating func readShortString(quote: UInt8) throws(Unterminated) {
      let openLine = line
      position += 1
      while let b = byte(at: position) {
        if b == quote {
          position += 1
          return
        }
        if b == UInt8(ascii: "\n") { break }
        if b == UInt8(ascii: "\\") {
          position += 1
          if byte(at: position) == UInt8(ascii: "\n") { line += 1 }
        }
        position += 1
      }
      throw Unterminated(what: "a string", line: openLine)
    }

    /// Reads a numeral as `read_numeral` does: digits, letters, `.` and a sign right after an exponent
    /// mark (`e`/`E`, or `p`/`P` in a hexadecimal numeral).
    mutating func readNumeral() {
      let hex =
        byte(at: position) == UInt8(ascii: "0")
        && (byte(at: position + 1) == UInt8(ascii: "x") || byte(at: position + 1) == UInt8(ascii: "X"))
      let marks: [UInt8] =
        hex ? [UInt8(ascii: "p"), UInt8(ascii: "P")] : [UInt8(ascii: "e"), UInt8(ascii: "E")]
      while let b = byte(at: position) {
        if marks.contains(b), let sign = byte(at: position + 1),
          sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-")
        {
          position += 2
        } else if Self.isNameStart(b) || Self.isDigit(b) || b == UInt8(ascii: ".") {
          position += 1
        } else {
          return
        }
      }
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    static func isNameStart(_ b: UInt8) -> Bool {
      (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
        || b == UInt8(ascii: "_")
    }
  }
}
