extension LuaFunction {
  /// Calls the function with one number and returns its one number, allocating nothing.
  /// - Parameters:
  ///   - x: the argument.
  /// - Returns: the first result, which must be a number.
  /// - Throws: `LuaError` for an error in the call, or `.conversion` when the result is not a number.
  public func call(_ x: Double) throws(LuaError) -> Double {
    let lua = try runtime.open()
    let (status, value, kind) = lua.callNumber(ref: ref, x)
    if status > RawLua.Status.ok { throw LuaError.take(status: status, from: lua, base: lua.top - 1) }
    if let spent = lua.spentError { throw spent }
    if status == RawLua.Status.ok { return value }
    throw .conversion(value: "the result", expected: "number", got: lua.typeName(of: kind))
  }

  /// Calls the function with up to three tables passed by reference and reads back its first result,
  /// allocating nothing on the Swift side when the result is nil, a boolean, a number or a short
  /// string (up to 15 UTF-8 bytes); a table or function result comes back by reference, and a string
  /// longer than ``maximumResultBytes`` is a conversion error (it is not copied).
  /// - Parameters:
  ///   - a: the first argument (nil passes nothing, unless a later argument is given).
  ///   - b: the second argument.
  ///   - c: the third argument.
  /// - Returns: the first result (`.nil` when there is none), tables as `.tableRef`.
  /// - Throws: `LuaError` for an error in the call.
  public func callOne(_ a: LuaTable? = nil, _ b: LuaTable? = nil, _ c: LuaTable? = nil) throws(LuaError)
    -> LuaValue
  {
    let lua = try runtime.open()
    let base = lua.top
    guard lua.ensureStack(6) else { throw .memory }
    lua.push(ref: ref)
    let count: Int32 = c != nil ? 3 : b != nil ? 2 : a != nil ? 1 : 0
    do throws(LuaError) {
      if count >= 1 { try pushArgument(a, on: lua) }
      if count >= 2 { try pushArgument(b, on: lua) }
      if count >= 3 { try pushArgument(c, on: lua) }
    } catch {
      lua.setTop(base)
      throw error
    }
    let status = lua.call(arguments: count, results: 1)
    guard status == RawLua.Status.ok else { throw LuaError.take(status: status, from: lua, base: base) }
    defer { lua.setTop(base) }
    if let spent = lua.spentError { throw spent }
    if lua.kind(at: -1) == .string, lua.rawLength(at: -1) > Self.maximumResultBytes {
      throw .conversion(
        value: "the result", expected: "a string of at most \(Self.maximumResultBytes) bytes",
        got: "a string of \(lua.rawLength(at: -1)) bytes: '\(lua.string(at: -1, limit: 40))'")
    }
    return try LuaValue.read(from: lua, at: -1, runtime: runtime, byReference: true)
  }

  /// The longest string `callOne` copies back (64 KiB): its results are ids, names and numbers, and a
  /// callback that returns megabytes every frame must not make the host copy them every frame.
  public static let maximumResultBytes = 64 << 10

  private func pushArgument(_ table: LuaTable?, on lua: RawLua) throws(LuaError) {
    if let table { try table.push(on: lua, runtime: runtime) } else { lua.pushNil() }
  }
}
