/// JSONValue's parser: RFC 8259 read byte by byte, strictly (no trailing comma, no comment, no
/// single quote, no leading zero or plus sign, no bare control character in a string, valid UTF-8
/// and surrogate pairs), nesting at most a given depth, each failure with its byte offset.
extension JSONValue {
  struct Parser {
    private let bytes: UnsafeRawBufferPointer
    private let nesting: Int
    private var at = 0

    init(_ bytes: UnsafeRawBufferPointer, nesting: Int) {
      self.bytes = bytes
      self.nesting = nesting
    }

    /// The text's one value, with only whitespace around it.
    mutating func document() throws(Failure) -> JSONValue {
      let value = try self.value(depth: 0)
      skipSpace()
      guard at == bytes.count else { throw .notJSON(offset: at) }
      return value
    }

    private var current: UInt8? { at < bytes.count ? bytes[at] : nil }

    private mutating func skipSpace() {
      while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { at += 1 }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
      skipSpace()
      guard let byte = current else { throw .notJSON(offset: at) }
      switch byte {
      case UInt8(ascii: "{"): return try object(depth: depth + 1)
      case UInt8(ascii: "["): return try array(depth: depth + 1)
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"): return try literal("true", .bool(true))
      case UInt8(ascii: "f"): return try literal("false", .bool(false))
      case UInt8(ascii: "n"): return try literal("null", .null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
      default: throw .notJSON(offset: at)
      }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(Failure) -> JSONValue {
      let count = word.utf8CodeUnitCount
      guard at + count <= bytes.count else { throw .notJSON(offset: at) }
      for k in 0..<count where bytes[at + k] != word.utf8Start[k] { throw .notJSON(offset: at + k) }
      at += count
      return value
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
      guard depth <= nesting else { throw .tooDeep(depth) }
      at += 1
      var elements: [JSONValue] = []
      skipSpace()
      if current == UInt8(ascii: "]") {
        at += 1
        return .array(elements)
      }
      while true {
        elements.append(try value(depth: depth))
        skipSpace()
        switch current {
        case UInt8(ascii: ",")?: at += 1
        case UInt8(ascii: "]")?:
          at += 1
          return .array(elements)
        default: throw .notJSON(offset: at)
        }
      }
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
      guard depth <= nesting else { throw .tooDeep(depth) }
      at += 1
      var fields: [String: JSONValue] = [:]
      skipSpace()
      if current == UInt8(ascii: "}") {
        at += 1
        return .object(fields)
      }
      while true {
        skipSpace()
        guard current == UInt8(ascii: "\"") else { throw .notJSON(offset: at) }
        let key = try string()
        skipSpace()
        guard current == UInt8(ascii: ":") else { throw .notJSON(offset: at) }
        at += 1
        fields[key] = try value(depth: depth)
        skipSpace()
        switch current {
        case UInt8(ascii: ",")?: at += 1
        case UInt8(ascii: "}")?:
          at += 1
          return .object(fields)
        default: throw .notJSON(offset: at)
        }
      }
    }

    /// A string from its opening quote: the bytes between the quotes validated as UTF-8 when there is no
    /// escape, else decoded escape by escape.
    private mutating func string() throws(Failure) -> String {
      at += 1
      let start = at
      while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 {
        at += 1
      }
      guard let stop = current else { throw .notJSON(offset: at) }
      if stop == UInt8(ascii: "\"") {
        at += 1
        return try Self.text(UnsafeRawBufferPointer(rebasing: bytes[start..<(at - 1)]), offset: start)
      }
      var decoded = Array(bytes[start..<at])
      while true {
        guard let byte = current, byte >= 0x20 else { throw .notJSON(offset: at) }
        at += 1
        switch byte {
        case UInt8(ascii: "\""):
          return try Self.text(decoded, offset: start)
        case UInt8(ascii: "\\"): try escape(into: &decoded)
        default: decoded.append(byte)
        }
      }
    }

    /// UTF-8 bytes as a string; refused when they are not valid UTF-8.
    private static func text(_ bytes: some Sequence<UInt8>, offset: Int) throws(Failure) -> String {
      guard let text = String(validating: bytes, as: UTF8.self) else { throw .notJSON(offset: offset) }
      return text
    }

    /// One escape after its backslash, appended as UTF-8.
    private mutating func escape(into decoded: inout [UInt8]) throws(Failure) {
      guard let byte = current else { throw .notJSON(offset: at) }
      at += 1
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
      case UInt8(ascii: "b"): decoded.append(0x08)
      case UInt8(ascii: "f"): decoded.append(0x0C)
      case UInt8(ascii: "n"): decoded.append(0x0A)
      case UInt8(ascii: "r"): decoded.append(0x0D)
      case UInt8(ascii: "t"): decoded.append(0x09)
      case UInt8(ascii: "u"):
        let start = at - 2
        var code = try hex4()
        if (0xD800...0xDBFF).contains(code) {
          guard current == UInt8(ascii: "\\"), at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "u") else {
            throw .notJSON(offset: start)
          }
          at += 2
          let low = try hex4()
          guard (0xDC00...0xDFFF).contains(low) else { throw .notJSON(offset: start) }
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw .notJSON(offset: start) }
        decoded.append(contentsOf: String(Character(scalar)).utf8)
      default: throw .notJSON(offset: at - 1)
      }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
      guard at + 4 <= bytes.count else { throw .notJSON(offset: at) }
      var code: UInt32 = 0
      for _ in 0..<4 {
        let byte = bytes[at]
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: throw .notJSON(offset: at)
        }
        code = code << 4 | UInt32(digit)
        at += 1
      }
      return code
    }

    /// A number as RFC 8259 spells it. Up to 19 significant digits are gathered as a whole number `m`
    /// with a decimal exponent `e`; when `m <= 2^53` and `|e| <= 22`, both `m` and `10^|e|` are exact
    /// doubles, so one multiplication or division rounds once and gives the correctly rounded value
    /// (Clinger, "How to read floating point numbers accurately", 1990). Otherwise the text goes to
    /// the standard library's correctly rounded conversion. A value out of the double's range is refused.
    private mutating func number() throws(Failure) -> Double {
      let start = at
      let negative = current == UInt8(ascii: "-")
      if negative { at += 1 }
      var mantissa: UInt64 = 0
      var digits = 0
      var exponent = 0
      func isDigit(_ byte: UInt8?) -> Bool { byte.map { (0x30...0x39).contains($0) } ?? false }
      guard isDigit(current) else { throw .notJSON(offset: at) }
      if current == UInt8(ascii: "0") {
        at += 1
        if isDigit(current) { throw .notJSON(offset: at) }
      } else {
        while let byte = current, isDigit(byte) {
          if digits < 19 {
            mantissa = mantissa * 10 + UInt64(byte - 0x30)
            if mantissa > 0 { digits += 1 }
          } else {
            exponent += 1
          }
          at += 1
        }
      }
      if current == UInt8(ascii: ".") {
        at += 1
        guard isDigit(current) else { throw .notJSON(offset: at) }
        while let byte = current, isDigit(byte) {
          if digits < 19 {
            mantissa = mantissa * 10 + UInt64(byte - 0x30)
            if mantissa > 0 { digits += 1 }
            exponent -= 1
          }
          at += 1
        }
      }
      var exact = true
      if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
        at += 1
        var sign = 1
        if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") {
          if current == UInt8(ascii: "-") { sign = -1 }
          at += 1
        }
        guard isDigit(current) else { throw .notJSON(offset: at) }
        var written = 0
        while let byte = current, isDigit(byte) {
          if written < 100_000 { written = written * 10 + Int(byte - 0x30) } else { exact = false }
          at += 1
        }
        exponent += sign * written
      }
      if digits >= 19 { exact = false }
      let value: Double
      if exact, mantissa <= 1 << 53, (-22...22).contains(exponent) {
        let scale = Self.powersOfTen[abs(exponent)]
        value = exponent < 0 ? Double(mantissa) / scale : Double(mantissa) * scale
      } else {
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
        guard let read = Double(text) else { throw .notJSON(offset: start) }
        return try finite(read, offset: start)
      }
      return try finite(negative ? -value : value, offset: start)
    }

    private func finite(_ value: Double, offset: Int) throws(Failure) -> Double {
      guard value.isFinite else { throw .notJSON(offset: offset) }
      return value
    }

    /// 10^0 to 10^22, each exact as a double.
    private static let powersOfTen: [Double] = (0...22).map { k in
      (0..<k).reduce(1.0) { value, _ in value * 10 }
    }
  }
}
