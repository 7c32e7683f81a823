/// The lines a sheet's behaviours `print`, kept until the sheet collects them as events.
///
/// The behaviours' Lua states hold its sink, so it is a class of its own (the sheet holds it strongly,
/// the sinks weakly: no cycle through the sheet). Used on the sheet's thread only.
package final class PrintBuffer {
  /// The most bytes of one line kept (the rest is cut, as a scenario's `print` is).
  package static let maximumLineBytes = 4096

  /// The most lines kept until the sheet collects them (the sheet keeps at most as many events).
  package static let maximumLines = 10_000

  private var lines: [String] = []
  /// Lines not kept because ``maximumLines`` were waiting.
  private(set) var dropped = 0

  /// Whether no line waits.
  package var isEmpty: Bool { lines.isEmpty }

  /// Keeps a line.
  /// - Parameter line: What `print` wrote.
  package func append(_ line: String) {
    guard lines.count < Self.maximumLines else {  // a print loop in one call cannot grow the host
      dropped += 1
      return
    }
    lines.append(Quote.cut(line, limit: Self.maximumLineBytes))
  }

  /// How many lines were dropped since the last call; the count is then 0.
  package func takeDropped() -> Int {
    defer { dropped = 0 }
    return dropped
  }

  /// The lines kept, oldest first; none are then kept.
  /// - Returns: The lines.
  package func take() -> [String] {
    defer { lines = [] }
    return lines
  }

  /// A `print` sink for a behaviour's state that keeps lines here while the buffer exists.
  package var sink: (String) -> Void {
    { [weak self] line in self?.append(line) }
  }
}
