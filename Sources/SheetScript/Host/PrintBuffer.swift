/// The lines a sheet's behaviours `print`, kept until the sheet collects them as events.
///
/// The behaviours' Lua states hold its sink, so it is a class of its own (the sheet holds it strongly,
/// the sinks weakly: no cycle through the sheet). Used on the sheet's thread only.
final class PrintBuffer {
  /// The most bytes of one line kept (the rest is cut, as a scenario's `print` is).
  static let maximumLineBytes = 4096

  @exclusivity(unchecked) private var lines: [String] = []

  /// Whether no line waits.
  var isEmpty: Bool { lines.isEmpty }

  /// Keeps a line.
  /// - Parameter line: What `print` wrote.
  func append(_ line: String) {
    lines.append(Quote.cut(line, limit: Self.maximumLineBytes))
  }

  /// The lines kept, oldest first; none are then kept.
  /// - Returns: The lines.
  func take() -> [String] {
    defer { lines = [] }
    return lines
  }

  /// A `print` sink for a behaviour's state that keeps lines here while the buffer exists.
  var sink: (String) -> Void {
    { [weak self] line in self?.append(line) }
  }
}
