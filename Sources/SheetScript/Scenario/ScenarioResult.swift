/// One failed expectation or the error that ended a scenario, with where it happened.
public struct ScenarioFailure: Sendable, Equatable, CustomStringConvertible {
  /// The scenario file (or the behaviour file an error came from).
  public var file: String
  /// The line, or 0 when unknown.
  public var line: Int
  /// What went wrong.
  public var message: String

  /// `file:line: message`.
  public var description: String {
    line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)"
  }
}

/// A command-line override (``ScenarioOptions/overrides``) that a behaviour the scenario loads refused:
/// a usage error of the command, not a failure of the scenario.
public struct OverrideRefusal: Sendable, Equatable, CustomStringConvertible {
  /// The override's threshold name.
  public var name: String
  /// Why, naming the behaviour and the thresholds it declares.
  public var message: String

  /// The message.
  public var description: String { message }
}

/// What running a scenario produced.
public struct ScenarioResult: Sendable {
  /// The scenario file.
  public var file: String
  /// Every frame and event, in order.
  public var trace: Trace
  /// Expectations that held.
  public var expectationsPassed = 0
  /// Failed expectations and the script error, in order.
  public var failures: [ScenarioFailure] = []
  /// The error that ended the scenario early, if any.
  public var scriptError: String?
  /// Behaviour files the scenario loaded (for `sheet watch`).
  public var behaviourFiles: [String] = []
  /// The thresholds declared by the behaviours the scenario loaded (also by one that refused an
  /// override), sorted, for `sheet tune` to check its parameters against.
  public var thresholds: [String] = []
  /// A command-line override a behaviour refused (its name is unknown there); the scenario stopped at
  /// that point and the command reports a usage error.
  public var overrideRefusal: OverrideRefusal?

  /// Whether every expectation held and no error ended the scenario.
  public var passed: Bool { failures.isEmpty && scriptError == nil }

  /// One line: the outcome with its counts.
  public var summary: String {
    let failed = failures.count - (scriptError == nil ? 0 : 1)
    if let scriptError { return "error: \(scriptError)" }
    if failed > 0 { return "FAILED: \(failed) of \(failed + expectationsPassed) expectations failed" }
    return "passed: \(expectationsPassed) expectations"
  }
}
