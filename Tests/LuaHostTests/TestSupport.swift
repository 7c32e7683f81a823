import Testing

@testable import LuaHost

/// The kind of a `LuaError`, for table-driven expectations.
enum ErrorKind: String {
  case syntax, runtime, memory, budget, conversion, sandbox, closed

  init(_ error: LuaError) {
    switch error {
    case .syntax: self = .syntax
    case .runtime: self = .runtime
    case .memory: self = .memory
    case .budgetExceeded: self = .budget
    // The deadline is the budget's last line: on a loaded machine it may fire before the count does.
    case .deadlineExceeded: self = .budget
    case .conversion: self = .conversion
    case .sandbox: self = .sandbox
    case .stateClosed: self = .closed
    }
  }
}

/// The source location of a table row, for `#expect(..., sourceLocation:)`.
func location(_ line: UInt, file: String = #filePath, fileID: String = #fileID) -> Testing.SourceLocation {
  Testing.SourceLocation(fileID: fileID, filePath: file, line: Int(line), column: 1)
}

/// Runs `source` and returns the error it raised (nil when it ran without one).
func error(running source: String, in state: LuaState, name: String = "behaviour.lua") -> LuaError? {
  thrown { try state.run(source, name: name) }
}

/// Checks that the state still runs a normal call correctly and that its stack is back at rest.
func expectHealthy(_ state: LuaState, _ line: UInt) throws {
  let double = try state.load("return function(x) return x * 2 end", name: "healthy.lua").call()
  guard case .function(let function)? = double.first else {
    Issue.record("no function returned", sourceLocation: location(line))
    return
  }
  #expect(try function.call(21) == 42, sourceLocation: location(line))
  #expect(try function.call([.integer(4)]) == [.integer(8)], sourceLocation: location(line))
  #expect(state.stackTop == 0, "the stack is balanced", sourceLocation: location(line))
}

/// The resident set size of this process, in bytes (Linux `/proc/self/statm`).
func residentBytes() -> Int {
  guard let text = try? SourceFile.read("/proc/self/statm") else { return 0 }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * 4096
}

/// The error `body` threw, or nil.
func thrown(_ body: () throws -> Void) -> LuaError? {
  do {
    try body()
    return nil
  } catch let error as LuaError {
    return error
  } catch {
    Issue.record("not a LuaError: \(error)")
    return nil
  }
}

/// The parts of a runtime error; records an issue (at the table row's line) for anything else.
func runtimeParts(_ caught: LuaError?, _ line: UInt = #line) -> (String, String?, String)? {
  guard case .runtime(let message, let place, let traceback)? = caught else {
    Issue.record(
      "expected a runtime error, got \(String(describing: caught))", sourceLocation: location(line))
    return nil
  }
  return (message, place?.description, traceback)
}

/// A place in a script: LuaHost's (Swift Testing's own is `Testing.SourceLocation` here).
typealias SourceLocation = LuaHost.SourceLocation
