/// A table constructor in a behaviour's source that declares thresholds, read from its tokens: where it
/// opens and closes, and its direct fields (a field of a table nested inside it is not one of them).
///
/// A behaviour declares its thresholds in one of two forms (<doc:WritingABehaviour>): as the argument of
/// a `thresholds` call, `S.thresholds { name = number, ... }` (or `S.thresholds({ ... })`), or as a table
/// assigned to a `thresholds` name or field, `thresholds = { ... }` (a behaviour table's field, an
/// `S.extend` call's). ``find(in:)`` finds every such table.
struct ThresholdTable {
  /// A direct field written `name = value` (or `['name'] = value`).
  struct Field {
    /// The key.
    var name: String
    /// The token of the key (its line is the field's).
    var keyToken: Int
    /// The first and last tokens of the value.
    var valueTokens: ClosedRange<Int>
    /// The `,` or `;` after the value, if any.
    var separator: Int?
  }

  /// The `{` token.
  var open: Int
  /// The matching `}` token.
  var close: Int
  /// The direct fields with a key, in order.
  var fields: [Field]
  /// The last direct field's last token (its separator's when it has one), keyed or not; nil for an empty
  /// table.
  var lastFieldEnd: Int?
  /// Whether the last direct field has a separator after it.
  var lastFieldSeparated: Bool

  /// The most tables read from one source: a file that declares more is refused
  /// (``ThresholdWriterError/tooManyTables(file:count:limit:)``), which bounds the work to this many
  /// passes over the tokens.
  static let maximumTables = 16

  /// The thresholds tables of a source, in the order they open.
  /// - Parameters:
  ///   - tokens: The source's tokens.
  ///   - file: The name messages use.
  /// - Returns: The tables; a table left open at the end of the text is not one.
  /// - Throws: ``ThresholdWriterError/tooManyTables(file:count:limit:)`` past ``maximumTables``.
  static func find(in tokens: LuaTokens, file: String) throws(ThresholdWriterError) -> [ThresholdTable] {
    var opens: [Int] = []
    for index in tokens.tokens.indices where tokens.isName(index, "thresholds") {
      if let open = constructor(after: index, in: tokens) { opens.append(open) }
    }
    guard opens.count <= maximumTables else {
      throw .tooManyTables(file: file, count: opens.count, limit: maximumTables)
    }
    return opens.compactMap { read(at: $0, in: tokens) }
  }

  /// The `{` of the table a `thresholds` name at `index` declares: `.thresholds {`, `:thresholds {`,
  /// `.thresholds({` (a call), or `thresholds = {`; nil for any other use of the name.
  private static func constructor(after index: Int, in tokens: LuaTokens) -> Int? {
    let isCall = tokens.isSymbol(index - 1, ".") || tokens.isSymbol(index - 1, ":")
    if isCall, tokens.isSymbol(index + 1, "{") { return index + 1 }
    if isCall, tokens.isSymbol(index + 1, "("), tokens.isSymbol(index + 2, "{") { return index + 2 }
    if tokens.isSymbol(index + 1, "="), tokens.isSymbol(index + 2, "{") { return index + 2 }
    return nil
  }

  /// Reads the table opening at token `open`: its direct fields, by a count of the brackets around each
  /// token (no recursion).
  private static func read(at open: Int, in tokens: LuaTokens) -> ThresholdTable? {
    var table = ThresholdTable(
      open: open, close: open, fields: [], lastFieldEnd: nil, lastFieldSeparated: false)
    var depth = 1
    var index = open + 1
    var begin = index
    var pending: (name: String, key: Int, value: Int)?
    let all = tokens.tokens
    while index < all.count {
      if depth == 1, index == begin, let key = Self.key(at: index, in: tokens) {
        pending = (key.name, index, key.value)
        index = key.value
        continue
      }
      switch all[index].kind {
      case .symbol("{"), .symbol("("), .symbol("["): depth += 1
      case .symbol("}"), .symbol(")"), .symbol("]"):
        depth -= 1
        if depth == 0 {
          table.close = index
          table.finish(pending, begin: begin, end: index - 1, separator: nil)
          return table
        }
      case .symbol(","), .symbol(";"):
        guard depth == 1 else { break }
        table.finish(pending, begin: begin, end: index - 1, separator: index)
        pending = nil
        begin = index + 1
      default: break
      }
      index += 1
    }
    return nil
  }

  /// A field's key at `index`, `name =` or `['name'] =` (a plain string), and its value's first token.
  private static func key(at index: Int, in tokens: LuaTokens) -> (name: String, value: Int)? {
    let all = tokens.tokens
    if all[index].kind == .name, tokens.isSymbol(index + 1, "=") {
      return (tokens.text(all[index]), index + 2)
    }
    if tokens.isSymbol(index, "["), all.indices.contains(index + 1), all[index + 1].kind == .string,
      tokens.isSymbol(index + 2, "]"), tokens.isSymbol(index + 3, "=")
    {
      let literal = tokens.text(all[index + 1])
      guard let quote = literal.first, quote == "'" || quote == "\"", !literal.contains("\\") else {
        return nil
      }
      return (String(literal.dropFirst().dropLast()), index + 4)
    }
    return nil
  }

  /// Ends the field written from token `begin` to `end` (its value from `pending.value`), with the
  /// separator after it if any; a field with no tokens (`{ a = 1, }` before its `}`) ends nothing.
  private mutating func finish(
    _ pending: (name: String, key: Int, value: Int)?, begin: Int, end: Int, separator: Int?
  ) {
    guard end >= begin else { return }
    if let pending, end >= pending.value {
      fields.append(
        Field(
          name: pending.name, keyToken: pending.key, valueTokens: pending.value...end, separator: separator))
    }
    lastFieldEnd = separator ?? end
    lastFieldSeparated = separator != nil
  }
}
