/// A Lua function held by reference; the reference is released when this object goes away.
///
/// Calls run in protected mode with a traceback handler, under the state's memory cap and with the
/// instruction budget reset for each top-level call.
public final class LuaFunction {
  let anchor: RegistryAnchor
  var runtime: LuaRuntime { anchor.runtime }
  var ref: Int32 { anchor.ref }

  init(runtime: LuaRuntime, ref: Int32) {
    anchor = RegistryAnchor(runtime: runtime, ref: ref)
  }

  /// Calls the function.
  /// - Parameters:
  ///   - arguments: the arguments, converted to Lua values.
  /// - Returns: every result, tables converted by value.
  /// - Throws: `LuaError` for an error raised or caused by the call, or a result that does not convert.
  @discardableResult
  public func call(_ arguments: [LuaValue] = []) throws(LuaError) -> [LuaValue] {
    let lua = try runtime.open()
    let base = lua.top
    guard lua.ensureStack(arguments.count + 4) else { throw .memory }
    try push(on: lua, runtime: runtime)
    try LuaValue.push(arguments, on: lua, runtime: runtime, restoring: base)
    let status = lua.call(arguments: Int32(arguments.count), results: RawLua.multipleResults)
    return try LuaFunction.results(status: status, from: lua, base: base, runtime: runtime)
  }

  /// Calls the function for its effect: whatever it returns is dropped unread (no conversion), as for a
  /// notification whose results the API ignores.
  /// - Parameter arguments: the arguments, converted to Lua values.
  /// - Throws: `LuaError` for an error raised or caused by the call.
  public func callIgnoringResults(_ arguments: [LuaValue] = []) throws(LuaError) {
    let lua = try runtime.open()
    let base = lua.top
    guard lua.ensureStack(arguments.count + 4) else { throw .memory }
    try push(on: lua, runtime: runtime)
    try LuaValue.push(arguments, on: lua, runtime: runtime, restoring: base)
    let status = lua.call(arguments: Int32(arguments.count), results: 0)
    guard status == RawLua.Status.ok else { throw LuaError.take(status: status, from: lua, base: base) }
    defer { lua.setTop(base) }
    if let spent = lua.spentError { throw spent }
  }

  /// Reads all results above `base` (or the error), leaving the stack at `base`.
  static func results(
    status: Int32, from lua: RawLua, base: Int32, runtime: LuaRuntime
  ) throws(LuaError) -> [LuaValue] {
    guard status == RawLua.Status.ok else { throw LuaError.take(status: status, from: lua, base: base) }
    defer { lua.setTop(base) }
    if let spent = lua.spentError { throw spent }
    guard lua.top > base else { return [] }
    return try LuaValue.read(from: lua, range: (base + 1)...lua.top, runtime: runtime)
  }

  /// Pushes the function, checking that it belongs to `runtime`'s state.
  func push(on lua: RawLua, runtime: LuaRuntime) throws(LuaError) {
    try anchor.push(on: lua, runtime: runtime, what: "a function")
  }
}
