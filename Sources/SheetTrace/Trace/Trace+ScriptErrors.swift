import SheetCore

/// Identical script errors in a trace: one callback, one message, how many and when. The trace's table
/// prints each group once, with its count, and a scenario fails by its groups.
public struct ScriptErrorGroup: Sendable, Equatable {
  /// The callback as the event names it.
  public var callback: String
  /// The error's text.
  public var message: String
  /// How many events carried it.
  public var count: Int
  /// When the first happened.
  public var first: Double
  /// When the last happened.
  public var last: Double

  /// Creates a group.
  /// - Parameters:
  ///   - callback: The callback as the event names it.
  ///   - message: The error's text.
  ///   - count: How many events carried it.
  ///   - first: When the first happened.
  ///   - last: When the last happened.
  public init(callback: String, message: String, count: Int, first: Double, last: Double) {
    self.callback = callback
    self.message = message
    self.count = count
    self.first = first
    self.last = last
  }

  /// ` (x31, 0.533–0.775 s)` for a repeated error, nothing for one that happened once.
  public var repeats: String {
    guard count > 1 else { return "" }
    return
      " (x\(count), \(TraceNumber.format(first, decimals: 3))–\(TraceNumber.format(last, decimals: 3)) s)"
  }

  /// The key a `script_error` event is grouped by: its callback and message (`nil` for an event without
  /// a callback: the scenario's own error).
  /// - Parameter event: The event.
  /// - Returns: The callback and the message.
  public static func key(_ event: TraceEvent) -> (callback: String, message: String)? {
    guard event.name == "script_error", case .string(let callback)? = event["callback"] else { return nil }
    guard case .string(let message)? = event["message"] else { return (callback, "") }
    return (callback, message)
  }
}

extension Trace {
  /// The script errors in the trace, grouped by callback and message, in the order each first happened.
  /// - Returns: The groups.
  public func scriptErrorGroups() -> [ScriptErrorGroup] {
    var groups: [ScriptErrorGroup] = []
    var index: [String: Int] = [:]
    for event in events {
      guard let key = ScriptErrorGroup.key(event) else { continue }
      let name = "\(key.callback)\u{0}\(key.message)"
      if let i = index[name] {
        groups[i].count += 1
        groups[i].last = event.time
      } else {
        index[name] = groups.count
        groups.append(
          ScriptErrorGroup(
            callback: key.callback, message: key.message, count: 1, first: event.time, last: event.time))
      }
    }
    return groups
  }
}
