import LuaHost
import SheetScript
import SheetTrace

/// One failed expectation or the error that ended a scenario, with where it happened.
public struct ScenarioFailure: Sendable, Equatable, CustomStringConvertible {
  /// Where: the scenario file (or the behaviour file an error came from), the line 0 when unknown.
  public var location: SourceLocation
  /// What went wrong.
  public var message: String
  /// Seconds into the run when it happened (the first of a repeated script error).
  public var time = 0.0

  /// A failure.
  /// - Parameters:
  ///   - location: Where.
  ///   - message: What went wrong.
  ///   - time: Seconds into the run.
  public init(location: SourceLocation, message: String, time: Double = 0) {
    self.location = location
    self.message = message
    self.time = time
  }

  /// `file:line: message`.
  public var description: String { "\(location): \(message)" }
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
  /// Expectations that did not hold.
  public var expectationsFailed = 0
  /// Script errors from the behaviour's callbacks that the scenario did not declare with `expect_script_error`
  /// (each one fails the scenario).
  public var scriptErrors = 0
  /// Script errors from callbacks the scenario declared with `expect_script_error`.
  public var expectedScriptErrors = 0
  /// Failed expectations, undeclared script errors (each kind once, with its count), the error
  /// that ended the scenario and "no expectations", in the order they happened.
  public var failures: [ScenarioFailure] = []
  /// Whether the run stopped at the trace-size limit by a count that held bounds (a run that does not
  /// keep its frames): whether the limit is really reached only a run that keeps them can tell.
  package var limitUndecided = false
  /// The error that ended the scenario early, if any.
  public var scriptError: String?
  /// Behaviour files the scenario loaded (for `sheet watch`).
  public var behaviourFiles: [String] = []
  /// Module files the scenario's and its behaviours' `require`s read (real paths, each once).
  public var modulesRead: [String] = []
  /// The thresholds declared by the behaviours the scenario loaded (also by one that refused an
  /// override), sorted, for `sheet tune` to check its parameters against.
  public var thresholds: [String] = []
  /// A command-line override a behaviour refused (its name is unknown there); the scenario stopped at
  /// that point and the command reports a usage error.
  public var overrideRefusal: OverrideRefusal?
  /// How the scenario set its sheet up when the sheet was made; nil when no sheet was made.
  public var setUp: ScenarioSetUp?
  /// The drags the sheet followed, as gesture corpus records, when ``ScenarioOptions/gestureLimit`` asked
  /// for them; and how many were left out (past the limit, too long for a line).
  package var gestures: [GestureRecord] = []
  package var droppedGestures = 0

  /// Whether every expectation held, there was at least one, and no error ended the scenario.
  public var passed: Bool { failures.isEmpty && scriptError == nil && expectationsPassed > 0 }

  /// Whether the run checked nothing and nothing else went wrong: it has no expectation, no script
  /// error and no error ended it (`sheet run` says so and exits 0; `sheet test` fails it).
  public var checkedNothing: Bool {
    scriptError == nil && expectationsPassed + expectationsFailed == 0
      && failures.allSatisfy { $0.message == Self.noExpectations }
  }

  /// One line: the outcome with its counts. An error that ended the run is named by its place only (its
  /// message is among the ``failures``, which a command prints next to it).
  public var summary: String {
    if scriptError != nil {
      let place = failures.first { $0.message.hasPrefix(ScenarioSession.endingPrefix) }?.location
      return "error: the scenario stopped" + (place.map { " at \($0)" } ?? "")
    }
    if checkedNothing {
      return
        "checked nothing: no expectations (add expect, expect_near or expect_script_error); sheet test fails it"
    }
    let total = expectationsPassed + expectationsFailed
    var problems: [String] = []
    if expectationsFailed > 0 {
      problems.append("\(expectationsFailed) of \(Plural.count(total, "expectation")) failed")
    }
    if scriptErrors > 0 { problems.append(Plural.count(scriptErrors, "script error")) }
    if total == 0 { problems.append("no expectations") }
    guard problems.isEmpty else { return "FAILED: " + problems.joined(separator: ", ") }
    return "passed: \(Plural.count(expectationsPassed, "expectation"))"
  }

  /// The failure a scenario that checks nothing reports.
  package static let noExpectations =
    "no expectations: the scenario checks nothing (add expect, expect_near or expect_script_error)"
}
