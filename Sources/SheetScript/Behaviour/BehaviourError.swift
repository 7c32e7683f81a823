import LuaHost
import SheetCore

/// Why a behaviour could not be loaded: the file, the line, the field and the bad value.
public enum BehaviourError: Error, Equatable, Sendable {
  /// The behaviour file or preset was not found: the files tried (none when only a preset was
  /// looked for, as `ScriptedSheet(preset:)` does), and the `.lua` file beside the first whose name is
  /// nearest the one asked for, if any is near.
  case notFound(reference: String, searched: [String], nearest: String? = nil)
  /// The chunk did not compile or failed while running.
  case lua(file: String, error: LuaError)
  /// A field had a wrong value: where it was written, its path (`detents[2].height`), the value as
  /// written, and what was expected.
  case invalidField(location: SourceLocation, path: String, value: String, expected: String)
  /// The file returned something else than a table: where (for nothing, the file's last line, where
  /// `return` goes), what it returned (`nothing`, `42`), and the local it probably meant to return.
  case notATable(location: SourceLocation, returned: String, name: String?)
  /// A field name the behaviour format does not know, with the nearest known name.
  case unknownField(location: SourceLocation, path: String, suggestion: String?)
  /// A threshold override named a threshold the behaviour does not declare: the nearest declared name
  /// and every declared one, sorted.
  case unknownThreshold(file: String, name: String, suggestion: String?, declared: [String])
  /// A threshold override with a value outside the threshold's range (a threshold the default policy
  /// reads) or not finite; checked before the file runs.
  case invalidThreshold(file: String, error: ThresholdError)
  /// The behaviour file exists but cannot be used as source: a directory, FIFO or device, too large,
  /// binary or not UTF-8 (the reason says which).
  case unreadable(file: String, reason: String)
}

extension BehaviourError: CustomStringConvertible {
  /// The error as one line reading `file:line: message`.
  public var description: String {
    switch self {
    case .notFound(let reference, let searched, _) where searched.isEmpty:
      let names = Presets.catalogue.map(\.name)
      let hint = NameSuggestion.hint(reference, among: names)
      return "no preset named '\(Quote.cut(reference))'\(hint); the presets: \(names.joined(separator: ", "))"
    case .notFound(let reference, let searched, let nearest):
      let names = Presets.catalogue.map(\.name)
      let hint =
        nearest.map { "; did you mean '\($0)'?" }
        ?? NameSuggestion.nearest(to: reference, in: names).map { "; did you mean the preset '\($0)'?" } ?? ""
      return
        "behaviour '\(Quote.cut(reference))' not found (looked for a preset and for "
        + "\(searched.map { Quote.cut($0) }.joined(separator: ", ")))\(hint)"
    case .lua(let file, let error):
      let text = error.description
      return text.hasPrefix(file) ? text : "\(file): \(text)"
    case .notATable(let location, "nothing", let name):
      let statement = name.map { "`return \($0)`" } ?? "`return` and the behaviour's table (`return { ... }`)"
      return
        "\(location): the file returns nothing; add \(statement) at its end (a behaviour file returns its table)"
    case .notATable(let location, let returned, _):
      return
        "\(location): the file returns \(returned); expected the file to return a table (`return { ... }`)"
    case .invalidField(let location, let path, let value, let expected):
      return "\(location): field '\(Quote.cut(path))' is \(value); expected \(expected)"
    case .unknownField(let location, let path, let suggestion):
      let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
      return "\(location): unknown field '\(Quote.cut(path))'\(hint)"
    case .unreadable(_, let reason):
      return reason
    case .unknownThreshold(let file, let name, let suggestion, _):
      let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
      return "\(file): unknown threshold '\(Quote.cut(name))'\(hint)"
    case .invalidThreshold(let file, let error):
      return "\(file): \(error)"
    }
  }
}
