import SheetTrace

/// Why `sheet merge` refused its parts: the file, the line (0 for the file as a whole), the field when
/// one is at fault, and what is wrong, quoting the value.
struct ShardPartError: Error, Equatable, CustomStringConvertible {
  /// The part file.
  var file: String
  /// The 1-based line, or 0 for the file as a whole (or for the parts together).
  var line: Int
  /// The field at fault, if one is.
  var field: String?
  /// What is wrong.
  var message: String

  /// `file:line: field 'name': message`.
  var description: String {
    (line > 0 ? "\(file):\(line): " : "\(file): ")
      + (field.map { "field '\(GestureLog.escapingControls($0))': " } ?? "") + message
  }
}
