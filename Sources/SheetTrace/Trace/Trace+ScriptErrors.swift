import SheetCore

/// The script errors of one kind in a trace: one callback, one message but for its numbers (a callback
/// that fails every frame with the frame's height in its message is one kind), how many and when. The
/// trace's table prints each group once, with its count, and a scenario fails by its groups.
public struct ScriptErrorGroup: Sendable, Equatable {
  /// The callback as the event names it.
  public var callback: String
  /// The first error's text.
  public var message: String
  /// How many events carried it.
  public var count: Int
  /// When the first happened.
  public var first: Double
  /// When the last happened.
  public var last: Double
  /// The numbers of the first message, as written, in order (``ScriptErrorShape``).
  public var values: [String] = []
  /// For each of ``values``, whether a later message of the group had another number there.
  public var varying: [Bool] = []

  /// Creates a group of identical errors.
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
    values = ScriptErrorShape(message).values
    varying = values.map { _ in false }
  }

  /// Whether the messages of the group differ in their numbers.
  public var varies: Bool { varying.contains(true) }

  /// The message with each number that differed within the group as `…` (the message itself when none did).
  public var pattern: String {
    guard varies else { return message }
    let shape = ScriptErrorShape(message)
    return shape.text(values.indices.map { varying[$0] ? "…" : values[$0] })
  }

  /// The first message's numbers that differed within the group, as a sample (`200.0`, or `3, 0.5`).
  public var sample: String {
    values.indices.filter { varying[$0] }.map { values[$0] }.joined(separator: ", ")
  }

  /// The count and the times of the first and the last, for a line that shows the group's first error
  /// as it is: ` (x31, 0.533–0.775 s)`, ` (x49 with other numbers, 0.500–0.908 s)`, nothing for one
  /// that happened once.
  public var repeats: String {
    guard count > 1 else { return "" }
    return " (x\(count)\(varies ? " with other numbers" : ""), \(span))"
  }

  /// The count, the times and a sample of the numbers, for a line that shows ``pattern``:
  /// ` (x49, 0.500–0.908 s; e.g. 200.0)`; ``repeats`` for a group whose messages are all the same.
  public var summary: String {
    guard varies else { return repeats }
    return " (x\(count), \(span); e.g. \(sample))"
  }

  /// `0.533–0.775 s`.
  private var span: String {
    "\(TraceNumber.format(first, decimals: 3))–\(TraceNumber.format(last, decimals: 3)) s"
  }

  /// The callback and message of a `script_error` event (`nil` for an event without a callback: the
  /// scenario's own error).
  /// - Parameter event: The event.
  /// - Returns: The callback and the message.
  public static func key(_ event: TraceEvent) -> (callback: String, message: String)? {
    guard event.name == "script_error", case .string(let callback)? = event["callback"] else { return nil }
    guard case .string(let message)? = event["message"] else { return (callback, "") }
    return (callback, message)
  }

  /// The key an event is grouped by: its callback and its message without its numbers.
  /// - Parameter event: The event.
  /// - Returns: The key, or nil for an event that is not a behaviour's script error.
  public static func groupKey(_ event: TraceEvent) -> String? {
    key(event).map { "\($0.callback)\u{0}\(ScriptErrorShape($0.message).key)" }
  }

  /// Takes another event of the group: counted, its time the last, its numbers compared with the first's.
  package mutating func add(_ message: String, at time: Double) {
    count += 1
    last = time
    guard message != self.message else { return }
    for (index, value) in ScriptErrorShape(message).values.enumerated() where index < values.count {
      if value != values[index] { varying[index] = true }
    }
  }
}

extension Trace {
  /// The behaviour's script errors in the trace, grouped by callback and message but for its numbers
  /// (``ScriptErrorGroup``), in the order each first happened.
  /// - Returns: The groups.
  public func scriptErrorGroups() -> [ScriptErrorGroup] {
    var groups: [ScriptErrorGroup] = []
    var index: [String: Int] = [:]
    for event in events {
      guard let key = ScriptErrorGroup.key(event), let name = ScriptErrorGroup.groupKey(event) else {
        continue
      }
      if let i = index[name] {
        groups[i].add(key.message, at: event.time)
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
