/// A place in a script: the chunk's file as Lua names it (`short_src`: `behaviour.lua`,
/// `scenarios/tour.lua`, `[string "..."]`) and a line, 0 when the line is not known.
///
/// Every error and trace that names a place carries one; its text is `file:line` (the file alone when
/// the line is unknown), as Lua's own messages write it.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The chunk's file or name.
  public var file: String
  /// The line, 1 or more; 0 when unknown.
  public var line: Int

  /// A place.
  /// - Parameters:
  ///   - file: The chunk's file or name.
  ///   - line: The line (0: unknown).
  public init(file: String, line: Int) {
    self.file = file
    self.line = line
  }

  /// A place written `file:line` (the file alone: an unknown line), as tests and messages write it.
  /// - Parameter text: The text.
  public init(stringLiteral text: String) {
    self = SourceLocation(parsing: text) ?? SourceLocation(file: text, line: 0)
  }

  /// `file:line`, or the file alone when the line is unknown.
  public var description: String { line > 0 ? "\(file):\(line)" : file }

  /// Reads `file:line` (a trailing `: ` allowed, as a message's prefix ends): the line is the digits
  /// after the last colon. nil when the text has no such line.
  /// - Parameter text: The text.
  public init?(parsing text: String) {
    guard let parsed = Self.parseByBytes(text) ?? Self.parseByCharacters(text) else { return nil }
    self = parsed
  }

  /// ``init(parsing:)`` read by characters: any text.
  static func parseByCharacters(_ text: String) -> SourceLocation? {
    let trimmed = text.hasSuffix(": ") ? String(text.dropLast(2)) : text
    guard let colon = trimmed.lastIndex(of: ":"), let line = Int(trimmed[trimmed.index(after: colon)...]),
      line >= 0
    else { return nil }
    return SourceLocation(file: String(trimmed[..<colon]), line: line)
  }

  /// ``init(parsing:)`` of the usual text, read as bytes without walking it by characters (a scenario's
  /// every located call reads one); nil for any other text, which is read by characters.
  static func parseByBytes(_ text: String) -> SourceLocation? {
    text.utf8.withContiguousStorageIfAvailable(Self.parse(bytes:)) ?? nil
  }

  /// The usual text read as bytes, without walking it by characters: a file whose last byte is ASCII,
  /// then `:`, ASCII digits and an optional `: `. nil for any other text, which the general path reads.
  private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation? {
    var end = bytes.count
    if end >= 2, bytes[end - 2] == UInt8(ascii: ":"), bytes[end - 1] == UInt8(ascii: " ") { end -= 2 }
    var start = end
    while start > 0, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[start - 1]) { start -= 1 }
    guard start < end, start >= 2, bytes[start - 1] == UInt8(ascii: ":"), bytes[start - 2] < 0x80 else {
      return nil
    }
    var line = 0
    for digit in bytes[start..<end] {
      let (tens, overflow) = line.multipliedReportingOverflow(by: 10)
      let (sum, carry) = tens.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
      if overflow || carry { return nil }
      line = sum
    }
    let file = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<(start - 1)]), as: UTF8.self)
    return SourceLocation(file: file, line: line)
  }

  /// Splits a message that starts with `file:line: ` (Lua's own form, `luaL_where`'s) into the place
  /// and the rest: the place ends at the first colon followed by digits and a colon, before any line
  /// break (a file's name may hold spaces: `my behaviours/b.lua:3: boom`).
  /// - Parameter message: The message.
  /// - Returns: The place and what follows it (a space after the colon dropped), or nil without such a
  ///   start.
  public static func split(_ message: String) -> (location: SourceLocation, rest: String)? {
    let bytes = Array(message.utf8)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") { return nil }
      if byte == UInt8(ascii: ":"), index > 0 {
        var end = index + 1
        while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
        if end > index + 1, end < bytes.count, bytes[end] == UInt8(ascii: ":"),
          let line = Int(String(decoding: bytes[(index + 1)..<end], as: UTF8.self))
        {
          var start = end + 1
          if start < bytes.count, bytes[start] == UInt8(ascii: " ") { start += 1 }
          let file = String(decoding: bytes[..<index], as: UTF8.self)
          return (SourceLocation(file: file, line: line), String(decoding: bytes[start...], as: UTF8.self))
        }
      }
      index += 1
    }
    return nil
  }
}
