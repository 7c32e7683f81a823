import SheetScript

/// `sheet check BEHAVIOUR`.
enum CheckCommand {
  /// Validates a behaviour file and prints what it defines.
  /// - Parameter arguments: The words after `check`.
  /// - Returns: 0 when valid, 1 with the error otherwise.
  /// - Throws: `UsageError` for bad arguments.
  static func main(_ arguments: [String]) throws -> Int32 {
    let args = try CommandLineArguments(arguments)
    guard args.positionals.count == 1, let reference = args.positionals.first else {
      throw UsageError(message: "expected one behaviour file or preset name")
    }
    if reference.hasSuffix(".lua") || reference.contains("/") {
      try Output.requireExisting(reference)
    }
    do {
      let summary = try BehaviourCheck.check(reference)
      Output.write(summary.description)
      return 0
    } catch {
      Output.error(error.description)
      return 1
    }
  }
}
