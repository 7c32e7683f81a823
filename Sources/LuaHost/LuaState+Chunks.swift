extension LuaState {
  /// Compiles a text chunk into a function whose `_ENV` is a fresh sandbox environment.
  /// - Parameters:
  ///   - source: Lua source text (a binary chunk is refused).
  ///   - name: the file name messages use (`behaviour.lua` gives `behaviour.lua:12: ...`).
  /// - Returns: the chunk as a function; call it to run the chunk.
  /// - Throws: `.syntax` with file and line, `.sandbox` for a binary chunk, `.memory`.
  public func load(_ source: String, name: String) throws(LuaError) -> LuaFunction {
    let lua = try runtime.open()
    if source.utf8.first == 0x1B {
      throw .sandbox(message: "\(name): binary chunks are not available in the sandbox (text only)")
    }
    let base = lua.top
    let status = ChunkCache.shared.load(source, chunkName: "@" + name, into: lua)
    guard status == RawLua.Status.ok else {
      throw LuaError.take(status: status, from: lua, base: base, ranCode: false)
    }
    lua.push(ref: runtime.newEnvRef)
    let envStatus = lua.call(arguments: 0, results: 1)
    guard envStatus == RawLua.Status.ok else { throw LuaError.take(status: envStatus, from: lua, base: base) }
    lua.setFirstUpvalue(function: -2)
    return LuaFunction(runtime: runtime, ref: lua.ref())
  }

  /// Loads and runs a text chunk in a fresh sandbox environment.
  /// - Parameters:
  ///   - source: Lua source text.
  ///   - name: the file name messages use.
  /// - Returns: what the chunk returns, tables converted by value.
  /// - Throws: any `LuaError`.
  @discardableResult
  public func run(_ source: String, name: String) throws(LuaError) -> [LuaValue] {
    try load(source, name: name).call()
  }

  /// A new empty table.
  /// - Throws: `.stateClosed`.
  public func newTable() throws(LuaError) -> LuaTable {
    let lua = try runtime.open()
    lua.newTable()
    return LuaTable(runtime: runtime, ref: lua.ref())
  }

  /// A table made from a value (`.table` is copied in; `.tableRef` is the same table).
  /// - Throws: `.conversion` when the value is not a table.
  public func table(_ value: LuaValue) throws(LuaError) -> LuaTable {
    let lua = try runtime.open()
    if case .tableRef(let table) = value, table.runtime === runtime { return table }
    guard case .table = value else {
      throw .conversion(value: "the value", expected: "table", got: value.typeName)
    }
    try value.push(on: lua, runtime: runtime)
    return LuaTable(runtime: runtime, ref: lua.ref())
  }

  /// Makes a global visible in every environment created after this call.
  /// - Throws: `.conversion` when the value cannot be pushed.
  public func setGlobal(_ name: String, _ value: LuaValue) throws(LuaError) {
    try LuaTable(runtime: runtime, ref: try retain(runtime.hostGlobalsRef)).set(field: name, value)
  }

  /// Registers a module `require(name)` returns without reading a file (for example `sheet`).
  /// - Throws: `.conversion` when the value cannot be pushed.
  public func setModule(_ name: String, _ value: LuaValue) throws(LuaError) {
    try LuaTable(runtime: runtime, ref: try retain(runtime.loadedRef)).set(field: name, value)
  }

  /// Starts `function` as a coroutine the host drives (nothing runs until the first `resume`).
  /// - Throws: `.stateClosed`, or `.conversion` for a function of another state.
  public func coroutine(_ function: LuaFunction) throws(LuaError) -> LuaCoroutine {
    let lua = try runtime.open()
    guard let thread = lua.newThread() else { throw .memory }
    let ref = lua.ref()
    do throws(LuaError) {
      try function.push(on: lua, runtime: runtime)
    } catch {
      runtime.release(ref: ref)
      throw error
    }
    lua.moveTop(to: thread, count: 1)
    return LuaCoroutine(runtime: runtime, ref: ref, thread: thread)
  }

  /// A second registry reference to what `ref` refers to (the new owner releases it).
  func retain(_ ref: Int32) throws(LuaError) -> Int32 {
    let lua = try runtime.open()
    lua.push(ref: ref)
    return lua.ref()
  }
}
