/// A Lua function running as a coroutine the host drives: it yields to the host through a host
/// function made with `LuaState.yieldingFunction`, and the host resumes it with values.
///
/// The thread is anchored in the registry until this object goes away. Each `resume` is one host call:
/// it has its own instruction budget and runs under the memory cap.
public final class LuaCoroutine {
  /// What a resume ended with.
  public enum Step: Equatable {
    /// The coroutine yielded these values and can be resumed.
    case yielded([LuaValue])
    /// The function returned these values; the coroutine is finished.
    case finished([LuaValue])
  }

  let anchor: RegistryAnchor
  var runtime: LuaRuntime { anchor.runtime }
  private let thread: OpaquePointer
  /// Whether the coroutine has finished (returned or raised an error).
  public private(set) var isFinished = false
  /// Whether a `resume` is under way (a host function the coroutine called may not resume it again).
  private var isRunning = false

  init(runtime: LuaRuntime, ref: Int32, thread: OpaquePointer) {
    anchor = RegistryAnchor(runtime: runtime, ref: ref)
    self.thread = thread
    runtime.coroutines += 1
  }

  deinit {
    runtime.coroutines -= 1
  }

  /// Where the suspended coroutine is: the innermost Lua function on its stack whose
  /// chunk is not one of `skipping` (chunk names as given to `load`, such as a wrapper prelude's).
  /// - Parameter skipping: Chunk names to look through.
  /// - Returns: The location, or nil when the coroutine has not started or has finished.
  public func location(skipping: Set<String> = []) -> SourceLocation? {
    guard !isFinished, let lua = try? runtime.open() else { return nil }
    return lua.on(thread).scriptLocation(skipping: skipping)
  }

  /// Starts or resumes the coroutine.
  /// - Parameters:
  ///   - arguments: the function's arguments on the first resume; afterwards, what the yielding host
  ///     function returns to the script.
  /// - Returns: the values it yielded or returned.
  /// - Throws: `LuaError` for an error inside it (with the coroutine's traceback), the budget or memory;
  ///   `.runtime` when it has already finished.
  public func resume(_ arguments: [LuaValue] = []) throws(LuaError) -> Step {
    let lua = try runtime.open()
    guard !isFinished else {
      throw .runtime(message: "cannot resume dead coroutine", location: nil, traceback: "")
    }
    guard !isRunning else {
      throw .runtime(message: "cannot resume non-suspended coroutine", location: nil, traceback: "")
    }
    isRunning = true
    let outerThread = runtime.hostThread
    runtime.hostThread = thread
    defer {
      isRunning = false
      runtime.hostThread = outerThread
    }
    let co = lua.on(thread)
    let threadBase = co.top
    guard co.ensureStack(arguments.count + 4) else { throw .memory }
    try LuaValue.push(arguments, on: co, runtime: runtime, restoring: threadBase)
    let base = lua.top
    let (status, count) = lua.resume(thread, arguments: Int32(arguments.count))
    guard status == RawLua.Status.ok || status == RawLua.Status.yield else {
      isFinished = true
      throw LuaError.take(status: status, from: lua, base: base)
    }
    if status == RawLua.Status.ok { isFinished = true }
    let top = co.top
    defer { co.setTop(top - count) }
    if let spent = lua.spentError {
      isFinished = true
      throw spent
    }
    let values =
      count > 0 ? try LuaValue.read(from: co, range: (top - count + 1)...top, runtime: runtime) : []
    return status == RawLua.Status.ok ? .finished(values) : .yielded(values)
  }
}
