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

/// What running a scenario produced.
public struct ScenarioResult: Sendable {
  /// The scenario file.
  public var file: String
  /// Every frame and event, in order.
  public var trace: Trace
  /// Expectations that held.
  public var expectationsPassed = 0
  /// Expectations that did not hold.
  public var expectationsFailed = 0
  /// Failed expectations, the script error, and "no expectations", in order.
  public var failures: [ScenarioFailure] = []
  /// The error that ended the scenario early, if any.
  public var scriptError: String?
  /// Behaviour files the scenario loaded (for `sheet watch`).
  public var behaviourFiles: [String] = []

  /// Whether every expectation held, there was at least one, and no error ended the scenario.
  public var passed: Bool { failures.isEmpty && scriptError == nil && expectationsPassed > 0 }

  /// One line: the outcome with its counts.
  public var summary: String {
    if let scriptError { return "error: \(scriptError)" }
    let total = expectationsPassed + expectationsFailed
    if total == 0 { return "FAILED: no expectations" }
    if expectationsFailed > 0 {
      return "FAILED: \(expectationsFailed) of \(total) expectations failed"
    }
    return "passed: \(expectationsPassed) expectations"
  }

  /// The failure a scenario that checks nothing reports.
  static let noExpectations =
    "no expectations: the scenario checks nothing (add expect, expect_near or expect_fault)"
}
