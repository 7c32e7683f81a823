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
    let count: Int32 = c != nil ? 3 : b != nil ? 2 : a != nil ? 1 : 0
    let arguments = (try reference(a), try reference(b), try reference(c))
    // One crossing: the stack check, the call and a number or nil result are all done in C, which
    // leaves the stack as it found it for those results (no settop from here).
    return try Self.result(
      of: lua.flushCallRefs(batch: nil, ref: ref, arguments: arguments, count: count), on: lua,
      runtime: runtime)
  }

  /// The first result of a ``RawLua/flushCallRefs(batch:ref:arguments:count:)`` crossing, as ``callOne(_:_:_:)``
  /// returns it; the stack is left as it was before the call.
  static func result(
    of call: (status: Int32, kind: RawLua.Kind, value: Double, integer: Int?, base: Int32), on lua: RawLua,
    runtime: LuaRuntime
  ) throws(LuaError) -> LuaValue {
    let base = call.base
    guard call.status == RawLua.Status.ok else {
      if call.status == RawLua.noStack { throw .memory }
      throw LuaError.take(status: call.status, from: lua, base: base)
    }
    switch call.kind {
    case .number:
      if let spent = lua.spentError { throw spent }
      return call.integer.map { .integer($0) } ?? .number(call.value)
    case .nil:
      if let spent = lua.spentError { throw spent }
      return .nil
    default: break
    }
    defer { lua.setTop(base) }
    if let spent = lua.spentError { throw spent }
    if lua.kind(at: -1) == .string, lua.rawLength(at: -1) > Self.maximumResultBytes {
      throw .conversion(
        value: "the result", expected: "a string of at most \(Self.maximumResultBytes) bytes",
        got: "a string of \(lua.rawLength(at: -1)) bytes: '\(lua.string(at: -1, limit: 40))'")
    }
    return try LuaValue.read(from: lua, at: -1, runtime: runtime, byReference: true)
  }

  /// A table argument's registry reference (nil passes nil), checking that it belongs to this state.
  private func reference(_ table: LuaTable?) throws(LuaError) -> Int32 {
    guard let table else { return RawLua.nilReference }
    guard table.runtime === runtime else {
      throw .conversion(value: "a table", expected: "a table of this state", got: "another state's")
    }
    return table.ref
  }

  /// The longest string `callOne` copies back (64 KiB): its results are ids, names and numbers, and a
  /// callback that returns megabytes every frame must not make the host copy them every frame.
  public static let maximumResultBytes = 64 << 10

}
