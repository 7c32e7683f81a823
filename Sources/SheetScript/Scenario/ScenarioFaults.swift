/// A behaviour's script errors in a scenario's trace: the `script_error` events its callbacks caused,
/// grouped by callback and message, and checked against the callbacks the scenario declared with
/// `expect_fault`.
enum ScenarioFaults {
  /// The names `expect_fault` accepts: the behaviour fields whose code runs while the sheet moves.
  static let callbacks = BehaviourField.callbacks.map(\.rawValue)

  /// The core's names for the checks it makes on a policy's results (the `SheetPolicy` requirement), as
  /// the behaviour field they check.
  static let coreNames: [String: String] = [
    "dragHeight": BehaviourField.onDrag.rawValue, "release": BehaviourField.onRelease.rawValue,
    "animation": BehaviourField.animations.rawValue, "resizeTarget": BehaviourField.onResize.rawValue,
  ]

  /// The most groups a scenario's failure list shows; the rest are counted in one more line.
  static let listedGroups = 10

  /// Identical script errors: one callback, one message, how many and when.
  struct Group: Equatable {
    /// The callback as the event names it.
    var callback: String
    /// The error's text.
    var message: String
    /// How many events carried it.
    var count: Int
    /// When the first happened.
    var first: Double
    /// When the last happened.
    var last: Double

    /// The behaviour field the callback belongs to (`release` is `on_release`'s check).
    var field: String { ScenarioFaults.coreNames[callback] ?? callback }

    /// ` (x31, 0.533–0.775 s)` for a repeated error, nothing for one that happened once.
    var repeats: String { ScenarioFaults.repeats(count: count, first: first, last: last) }
  }

  /// The suffix a repeated error is printed with: its count and the times of the first and the last.
  /// - Parameters:
  ///   - count: How many times it happened.
  ///   - first: The first one's time.
  ///   - last: The last one's time.
  /// - Returns: ` (xN, first–last s)`, or an empty string for one.
  static func repeats(count: Int, first: Double, last: Double) -> String {
    guard count > 1 else { return "" }
    return
      " (x\(count), \(TraceNumber.format(first, decimals: 3))–\(TraceNumber.format(last, decimals: 3)) s)"
  }

  /// The key a `script_error` event is grouped by: its callback and message (`nil` for an event without
  /// a callback: the scenario's own error).
  static func key(_ event: TraceEvent) -> (callback: String, message: String)? {
    guard event.name == "script_error", case .string(let callback)? = event["callback"] else { return nil }
    guard case .string(let message)? = event["message"] else { return (callback, "") }
    return (callback, message)
  }

  /// The behaviour's script errors in a trace, grouped, in the order each first happened.
  /// - Parameter trace: The trace.
  /// - Returns: The groups.
  static func groups(in trace: Trace) -> [Group] {
    var groups: [Group] = []
    var index: [String: Int] = [:]
    for event in trace.events {
      guard let key = key(event) else { continue }
      let name = "\(key.callback)\u{0}\(key.message)"
      if let i = index[name] {
        groups[i].count += 1
        groups[i].last = event.time
      } else {
        index[name] = groups.count
        groups.append(
          Group(callback: key.callback, message: key.message, count: 1, first: event.time, last: event.time))
      }
    }
    return groups
  }

  /// A group as a scenario failure at the behaviour's file and line (read from the message).
  /// - Parameters:
  ///   - group: The group.
  ///   - scenario: The scenario file, used when the message names no place.
  /// - Returns: The failure.
  static func failure(_ group: Group, scenario: String) -> ScenarioFailure {
    let (file, line) = ScenarioSession.place(atStartOf: group.message)
    var text = group.message
    if let file { text = String(text.dropFirst("\(file):\(line): ".count)) }
    if !text.contains(group.field) && !text.contains(group.callback) { text += " (in \(group.field))" }
    return ScenarioFailure(
      file: file ?? scenario, line: line, message: "script error: \(text)\(group.repeats)")
  }
}
