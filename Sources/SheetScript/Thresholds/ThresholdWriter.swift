import LuaHost

/// Writes tuned threshold values back into a behaviour's source, changing only those numbers: every
/// other byte (comments, spacing, the order of the fields, the other tables) stays as it was written.
///
/// The writer reads the text as Lua tokens (so a number inside a string or a comment is never taken for
/// a field) and finds the tables that declare thresholds: the argument of a `thresholds` call
/// (`S.thresholds { name = number, ... }`) and a table assigned to `thresholds` (`thresholds = { ... }`,
/// a behaviour table's or an `S.extend` call's field). For each value it changes the number literal of
/// that table's direct field (`name = 1500`, `name = -0.5`, `['name'] = 2`; a field of a table nested
/// inside it is not a threshold), written as the shortest text that reads back as the same number; a
/// value equal to what is written keeps its text (`1500.0` stays `1500.0`).
///
/// A threshold not written in the text (a preset's threshold that a file extending it tunes) is added to
/// the file's one thresholds table: a line of its own after the last field, with that field's
/// indentation (a `,` added after the last field when it has none), or, in a table written on one line,
/// before its `}`. With several tables the writer refuses, as it does a field written as an expression
/// (`2 * base`), a name in two tables, a text with no thresholds table, a text larger than
/// ``maximumBytes`` and a non-finite value. A refusal changes nothing. `sheet preview` writes its tuned
/// thresholds through ``write(_:toFile:loaded:)``.
public enum ThresholdWriter {
  /// The largest source the writer edits, bytes: `SourceFile.maximumBytes` (4 MiB), the largest
  /// source a behaviour loads from.
  public static let maximumBytes = SourceFile.maximumBytes

  /// One number the writer changed or added.
  public struct Change: Sendable, Equatable {
    /// The threshold.
    public var name: String
    /// The 1-based line of its number in the new text.
    public var line: Int
    /// The number's text as it was; nil for a field the writer added.
    public var old: String?
    /// The number's new text.
    public var new: String

    /// Creates a change record.
    /// - Parameters:
    ///   - name: The threshold.
    ///   - line: The line of its number in the new text.
    ///   - old: The number's text as it was, nil for an added field.
    ///   - new: The number's new text.
    public init(name: String, line: Int, old: String?, new: String) {
      self.name = name
      self.line = line
      self.old = old
      self.new = new
    }
  }

  /// The text with the values written in, and what changed.
  public struct Rewrite: Sendable, Equatable {
    /// The new source text.
    public var text: String
    /// The numbers changed or added, in the order of the text; empty when every value was already
    /// written.
    public var changes: [Change]
  }

  /// Writes threshold values into a behaviour's source text.
  /// - Parameters:
  ///   - values: Threshold values by name.
  ///   - text: The behaviour's source.
  ///   - file: The name messages use.
  /// - Returns: The new text and its changes.
  /// - Throws: ``ThresholdWriterError`` naming the file, the line and the threshold.
  public static func rewrite(_ values: [String: Double], in text: String, file: String)
    throws(ThresholdWriterError) -> Rewrite
  {
    guard text.utf8.count <= maximumBytes else {
      throw .tooLarge(file: file, bytes: text.utf8.count, limit: maximumBytes)
    }
    let names = values.keys.sorted()
    for name in names {
      if let value = values[name], !value.isFinite {
        throw .invalidValue(file: file, name: name, value: value)
      }
    }
    let tokens: LuaTokens
    do throws(LuaTokens.Unterminated) {
      tokens = try LuaTokens(text)
    } catch {
      throw .unterminated(file: file, line: error.line, what: error.what)
    }
    let tables = try ThresholdTable.find(in: tokens, file: file)
    guard let only = tables.first else { throw .noTable(file: file) }
    var edits: [Edit] = []
    var missing: [(name: String, new: String)] = []
    for name in names {
      guard let value = values[name] else { continue }
      switch try change(name, to: value, tables: tables, tokens: tokens, file: file) {
      case .some(.some(let edit)): edits.append(edit)
      case .some(.none): break
      case .none: missing.append((name, LuaLiteral.number(value)))
      }
    }
    if let first = missing.first {
      guard tables.count == 1 else { throw .cannotInsert(file: file, name: first.name, tables: tables.count) }
      edits.append(insertion(missing, into: only, tokens: tokens))
    }
    return apply(edits, to: tokens.bytes)
  }

  /// One replacement of bytes `[start, end)` (an insertion when they are equal), and the numbers it
  /// writes: each with the text that precedes it in `replacement` (for its line).
  private struct Edit {
    var start: Int
    var end: Int
    var replacement: String
    var numbers: [(name: String, old: String?, new: String, before: String)]
  }

  /// The edit writing `value` for `name`: `.some(nil)` when its text already reads as `value`, nil when
  /// no table writes it.
  private static func change(
    _ name: String, to value: Double, tables: [ThresholdTable], tokens: LuaTokens, file: String
  ) throws(ThresholdWriterError) -> Edit?? {
    let found = tables.compactMap { table in table.fields.last { $0.name == name } }
    if found.count > 1 {
      throw .ambiguous(file: file, name: name, lines: found.map { tokens.tokens[$0.keyToken].line })
    }
    guard let field = found.first else { return nil }
    let all = tokens.tokens
    let first = all[field.valueTokens.lowerBound]
    let last = all[field.valueTokens.upperBound]
    let written = String(decoding: tokens.bytes[first.start..<last.end], as: UTF8.self)
    let count = field.valueTokens.count
    guard last.kind == .number,
      count == 1 || (count == 2 && tokens.isSymbol(field.valueTokens.lowerBound, "-"))
    else {
      throw .notANumber(file: file, line: all[field.keyToken].line, name: name, text: written)
    }
    if number(written) == value { return .some(nil) }
    let new = LuaLiteral.number(value)
    return Edit(
      start: first.start, end: last.end, replacement: new, numbers: [(name, written, new, "")])
  }

  /// The value of a number literal as Lua reads it, with its sign: `strtod`'s reading (decimal `1e3`,
  /// `.5`, hexadecimal `0x10`, `0x1p4`), which is Lua's for every float and every integer below 2^53.
  static func number(_ text: String) -> Double? {
    let compact = text.filter { !$0.isWhitespace }
    return compact.hasPrefix("-") ? Double(compact.dropFirst()).map { -$0 } : Double(compact)
  }

  /// The edit adding `name = value` fields to a table that does not hold them: lines of their own before
  /// a `}` that begins its line (with the last field's indentation, and a `,` added after the last field
  /// when it has none), else before the `}` on its line.
  private static func insertion(
    _ fields: [(name: String, new: String)], into table: ThresholdTable, tokens: LuaTokens
  )
    -> Edit
  {
    let all = tokens.tokens
    let bytes = tokens.bytes
    let keys = fields.map { LuaLiteral.key($0.name) }
    let close = all[table.close]
    let closeLine = lineStart(of: close.start, in: bytes)
    let closeBeginsLine = bytes[closeLine..<close.start].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    let comma = table.lastFieldEnd != nil && !table.lastFieldSeparated
    if closeBeginsLine, close.line > all[table.open].line {
      let indentFrom = lineStart(of: table.lastFieldEnd.map { all[$0].start } ?? close.start, in: bytes)
      var indent = String(decoding: bytes[indentFrom...].prefix { $0 == 0x20 || $0 == 0x09 }, as: UTF8.self)
      if table.lastFieldEnd == nil { indent += "  " }
      var lines = ""
      var numbers: [(name: String, old: String?, new: String, before: String)] = []
      for (field, key) in zip(fields, keys) {
        lines += indent + "\(key) = "
        numbers.append((field.name, nil, field.new, lines))
        lines += "\(field.new),\n"
      }
      guard comma, let end = table.lastFieldEnd else {
        return Edit(start: closeLine, end: closeLine, replacement: lines, numbers: numbers)
      }
      // the `,` after the last field and the new lines, as one edit: the bytes between stay as written
      let between = "," + String(decoding: bytes[all[end].end..<closeLine], as: UTF8.self)
      numbers = numbers.map { ($0.name, nil, $0.new, between + $0.before) }
      return Edit(start: all[end].end, end: closeLine, replacement: between + lines, numbers: numbers)
    }
    let at = table.lastFieldEnd.map { all[$0].end } ?? all[table.open].end
    var text = ""
    var numbers: [(name: String, old: String?, new: String, before: String)] = []
    for (index, (field, key)) in zip(fields, keys).enumerated() {
      text += (index > 0 || comma ? ", " : " ") + "\(key) = "
      numbers.append((field.name, nil, field.new, text))
      text += field.new
    }
    if table.lastFieldEnd == nil, bytes.indices.contains(at), bytes[at] != 0x20 { text += " " }
    return Edit(start: at, end: at, replacement: text, numbers: numbers)
  }

  /// The offset of the first byte of the line holding `offset`.
  private static func lineStart(of offset: Int, in bytes: [UInt8]) -> Int {
    var index = offset
    while index > 0, bytes[index - 1] != 0x0A { index -= 1 }
    return index
  }

  /// Applies the edits (they never overlap: one per field, and one insertion at the table's end) in the
  /// order of the text, and reports each number with its line in the new text.
  private static func apply(_ edits: [Edit], to bytes: [UInt8]) -> Rewrite {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.replacement.utf8.count })
    var changes: [Change] = []
    var position = 0
    var line = 1
    for edit in edits.sorted(by: { $0.start < $1.start }) {
      let kept = bytes[position..<edit.start]
      line += kept.count { $0 == 0x0A }
      out.append(contentsOf: kept)
      for number in edit.numbers {
        let at = line + number.before.utf8.count { $0 == 0x0A }
        changes.append(Change(name: number.name, line: at, old: number.old, new: number.new))
      }
      out.append(contentsOf: edit.replacement.utf8)
      line += edit.replacement.utf8.count { $0 == 0x0A }
      position = edit.end
    }
    out.append(contentsOf: bytes[position...])
    return Rewrite(text: String(decoding: out, as: UTF8.self), changes: changes)
  }
}
