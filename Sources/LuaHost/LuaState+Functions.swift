extension LuaState {
  /// Makes a Swift closure callable from Lua. A Swift error it throws becomes a Lua error (raised on the
  /// C side, catchable by `pcall`) whose message is the error's description.
  /// - Parameters:
  ///   - body: receives the arguments (tables by value) and returns the results.
  /// - Returns: the Lua function.
  /// - Throws: `.stateClosed`.
  public func function(_ body: @escaping ([LuaValue]) throws -> [LuaValue]) throws(LuaError) -> LuaFunction {
    try makeFunction(HostClosure(runtime: runtime, mode: .call, body: body))
  }

  /// Makes a Swift closure that yields to the host when a coroutine calls it (a `wait(seconds)`): the
  /// values it returns go to the host as `LuaCoroutine.Step.yielded`, and the values the host resumes
  /// with become the call's results in Lua. It yields only to the host: called anywhere but directly
  /// in the coroutine the host is resuming (inside a coroutine the script created, or outside any
  /// coroutine), or with arguments that do not convert, it neither runs `body` nor yields, and returns
  /// `nil` and a message saying why, so the script's wrapper can raise at its own line instead of the
  /// call being lost to the script's own `coroutine.resume`.
  /// - Parameters:
  ///   - body: receives the arguments and returns the values to yield.
  /// - Returns: the Lua function.
  /// - Throws: `.stateClosed`.
  public func yieldingFunction(_ body: @escaping ([LuaValue]) throws -> [LuaValue]) throws(LuaError)
    -> LuaFunction
  {
    try makeFunction(HostClosure(runtime: runtime, mode: .yield, body: body))
  }

  /// Registers a Swift closure as a global of every environment created afterwards.
  /// - Parameters:
  ///   - name: the global's name.
  ///   - body: as for `function(_:)`.
  /// - Throws: `.stateClosed`.
  public func register(_ name: String, _ body: @escaping ([LuaValue]) throws -> [LuaValue]) throws(LuaError) {
    try setGlobal(name, .function(function(body)))
  }

  private func makeFunction(_ closure: HostClosure) throws(LuaError) -> LuaFunction {
    let lua = try runtime.open()
    runtime.pushClosure(closure, on: lua)
    return LuaFunction(runtime: runtime, ref: lua.ref())
  }
}
