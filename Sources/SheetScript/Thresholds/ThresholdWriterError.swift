/// Why ``ThresholdWriter`` wrote nothing: the file, the line and the threshold where it can say.
public enum ThresholdWriterError: Error, Equatable, Sendable {
  /// The file cannot be read as Lua source (missing, not a regular file, binary, not UTF-8, or larger
  /// than the writer's limit): the reason names the file.
  case unreadable(file: String, reason: String)
  /// The text to edit is larger than ``ThresholdWriter/maximumBytes``.
  case tooLarge(file: String, bytes: Int, limit: Int)
  /// The file on disk is no longer the text it was loaded from (it was edited or saved since): writing
  /// would lose that change.
  case stale(file: String)
  /// A string, long string or long comment does not end: the text is not Lua the writer can edit.
  case unterminated(file: String, line: Int, what: String)
  /// The text declares no thresholds table (`S.thresholds { ... }` or `thresholds = { ... }`).
  case noTable(file: String)
  /// The text declares more thresholds tables than ``ThresholdWriter`` reads.
  case tooManyTables(file: String, count: Int, limit: Int)
  /// The threshold is a field of more than one thresholds table: which one to change is not clear.
  case ambiguous(file: String, name: String, lines: [Int])
  /// The threshold's value is written as an expression, not a number literal (`2 * base`,
  /// `math.huge`): the writer changes numbers only.
  case notANumber(file: String, line: Int, name: String, text: String)
  /// The threshold is not written in the file and the file has several thresholds tables to add it to.
  case cannotInsert(file: String, name: String, tables: Int)
  /// A value to write is not a finite number.
  case invalidValue(file: String, name: String, value: Double)
  /// The new text could not be written (a full disk, a read-only folder): the file is unchanged.
  case unwritable(file: String, reason: String)
}

extension ThresholdWriterError: CustomStringConvertible {
  /// The error as one line, `file:line: message` where there is a line.
  public var description: String {
    switch self {
    case .unreadable(_, let reason):
      return reason
    case .tooLarge(let file, let bytes, let limit):
      return "\(file) is too large to write thresholds into (\(bytes) bytes; at most \(limit))"
    case .stale(let file):
      return
        "\(file) changed on disk since it was loaded: not written (the running behaviour is not the file's "
        + "text; let it reload, then write again)"
    case .unterminated(let file, let line, let what):
      return "\(file):\(line): \(what) that does not end; thresholds not written"
    case .noTable(let file):
      return
        "\(file): no thresholds table to write into (the writer edits `S.thresholds { name = number, ... }` "
        + "or `thresholds = { ... }`)"
    case .tooManyTables(let file, let count, let limit):
      return "\(file): \(count) thresholds tables; the writer reads at most \(limit)"
    case .ambiguous(let file, let name, let lines):
      let places = lines.map { "line \($0)" }.joined(separator: " and ")
      return "\(file): threshold '\(Quote.cut(name))' is written in two tables (\(places)); edit it by hand"
    case .notANumber(let file, let line, let name, let text):
      return
        "\(file):\(line): threshold '\(Quote.cut(name))' is written as '\(Quote.cut(text, limit: 60))', not a "
        + "number; the writer changes numbers only"
    case .cannotInsert(let file, let name, let tables):
      return
        "\(file): threshold '\(Quote.cut(name))' is not written in the file and it has \(tables) thresholds "
        + "tables to add it to; add it by hand"
    case .invalidValue(let file, let name, let value):
      return "\(file): threshold '\(Quote.cut(name))' cannot be written as \(value) (not a finite number)"
    case .unwritable(let file, let reason):
      return "cannot write \(file): \(reason); the file is unchanged"
    }
  }
}
