extension LuaState {
  /// The benchmark floor: times `iterations` bare C-level `lua_pcall`s of `function` (one number in,
  /// one number out, no message handler, no host bookkeeping) in this state. `package` access: for
  /// `sheet bench` and the tests, not part of LuaHost's API.
  /// - Parameters:
  ///   - function: a function of this state taking and returning one number.
  ///   - iterations: how many calls.
  ///   - argument: the number passed.
  /// - Returns: elapsed nanoseconds for all iterations (measured with `ContinuousClock`), or nil when the
  ///   function belongs to another state or a call fails.
  package func measureBareCalls(of function: LuaFunction, iterations: Int, argument: Double = 1) -> Int64? {
    guard let lua = runtime.raw, function.runtime === runtime else { return nil }
    let clock = ContinuousClock()
    var status = RawLua.Status.ok
    let elapsed = clock.measure {
      status = lua.bareCallLoop(ref: function.ref, iterations: iterations, argument: argument).status
    }
    guard status == RawLua.Status.ok else { return nil }
    let (seconds, attoseconds) = elapsed.components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}
