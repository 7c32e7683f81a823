/// Everything that can go wrong in a call into Lua, typed so the host can react to each kind.
public enum LuaError: Error, Equatable, Sendable {
  /// A chunk did not compile: where (the file it was loaded as, and the line) and Lua's message.
  case syntax(location: SourceLocation, message: String)
  /// A Lua error: the message (without its location), where it was raised (nil when the error carries
  /// no location) and the traceback.
  case runtime(message: String, location: SourceLocation?, traceback: String)
  /// The state's memory cap was reached.
  case memory
  /// The host call ran past its instruction budget (VM instructions plus the work the standard library
  /// does in C, billed by the sandbox's cost model).
  case budgetExceeded(location: SourceLocation?)
  /// The host call ran past its wall-clock deadline (the last line of the budget: a run that stays
  /// within its instruction budget never reaches it).
  case deadlineExceeded(seconds: Double, location: SourceLocation?)
  /// A value did not have the type the host expected: which value, the expected type, the actual type.
  case conversion(value: String, expected: String, got: String)
  /// The script tried to use something the sandbox does not offer.
  case sandbox(message: String)
  /// The state was closed before the call.
  case stateClosed
}

extension LuaError {
  /// Where the error was raised, when Lua knows.
  public var location: SourceLocation? {
    switch self {
    case .syntax(let location, _): location
    case .runtime(_, let location, _), .budgetExceeded(let location), .deadlineExceeded(_, let location):
      location
    default: nil
    }
  }

  /// Whether a budget ran out (instructions or the deadline).
  public var isBudget: Bool {
    switch self {
    case .budgetExceeded, .deadlineExceeded: true
    default: false
    }
  }
}

extension LuaError: CustomStringConvertible {
  /// The error as one line of text, reading like Lua's own messages (`behaviour.lua:12: boom`).
  public var description: String {
    switch self {
    case .syntax(let location, let message): "\(location): \(message)"
    case .runtime(let message, let location, _): location.map { "\($0): \(message)" } ?? message
    case .memory: "not enough memory (the state's memory cap was reached)"
    case .budgetExceeded(let location): (location.map { "\($0): " } ?? "") + "instruction budget exceeded"
    case .deadlineExceeded(let seconds, let location):
      (location.map { "\($0): " } ?? "")
        + "time budget exceeded (the call ran past its \(Int((seconds * 1000).rounded())) ms deadline)"
    case .conversion(let value, let expected, let got): "\(value): expected \(expected), got \(got)"
    case .sandbox(let message): message
    case .stateClosed: "the Lua state is closed"
    }
  }
}
