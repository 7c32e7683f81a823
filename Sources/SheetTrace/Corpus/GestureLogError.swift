/// A corpus line that was not read, or a corpus that could not be: the file, the line, the field and
/// what was wrong with its value. A bad line is reported and skipped; it is never half-read.
public struct GestureLogError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The corpus file.
  public var file: String
  /// The 1-based line, or 0 for the file as a whole (it cannot be opened or read).
  public var line: Int
  /// The field (a dotted path: `screen.width`, `touches[3]`), nil for the line as a whole.
  public var field: String?
  /// What is wrong, quoting the value.
  public var message: String

  /// An error.
  public init(file: String, line: Int, field: String?, message: String) {
    self.file = file
    self.line = line
    self.field = field
    self.message = message
  }

  /// `file:line: field 'name': message`.
  public var description: String {
    let place = line > 0 ? "\(file):\(line)" : file
    return "\(place): " + (field.map { "field '\($0)': " } ?? "") + message
  }

  /// What is wrong with a line, before the file and line are known.
  package struct Problem: Error, Equatable {
    package var field: String?
    package var message: String

    package init(_ field: String?, _ message: String) {
      self.field = field
      self.message = message
    }
  }
}
