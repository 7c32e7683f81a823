/// A Lua table held by reference; the reference is released when this object goes away.
///
/// Reads and writes are raw (no metamethods run) and never allocate on the Swift side for
/// `StaticString` keys, so a host can update a reused table in place every frame. Writes to a table
/// whose state has been closed do nothing.
public final class LuaTable {
  let anchor: RegistryAnchor
  var runtime: LuaRuntime { anchor.runtime }
  var ref: Int32 { anchor.ref }

  init(runtime: LuaRuntime, ref: Int32) {
    anchor = RegistryAnchor(runtime: runtime, ref: ref)
  }

  /// Pushes the table, checking that it belongs to `runtime`'s state.
  func push(on lua: RawLua, runtime: LuaRuntime) throws(LuaError) {
    try anchor.push(on: lua, runtime: runtime, what: "a table")
  }

  /// The table's raw length (`rawlen`), 0 once the state is closed.
  public var count: Int {
    guard let lua = try? runtime.open() else { return 0 }
    lua.push(ref: ref)
    defer { lua.pop() }
    return lua.rawLength(at: -1)
  }

  /// The whole table converted by value.
  /// - Returns: `.table(array:fields:)`.
  /// - Throws: `LuaError.conversion` for keys or values that do not convert, `.stateClosed`.
  public func value() throws(LuaError) -> LuaValue {
    let lua = try runtime.open()
    lua.push(ref: ref)
    defer { lua.pop() }
    return try LuaValue.read(from: lua, at: -1, runtime: runtime)
  }

  /// A read-only proxy of this table: reads see the current contents, writes raise
  /// `attempt to modify read-only view field 'x'`, `pairs` and `#` work.
  /// - Parameters:
  ///   - fields: The names the view has (nil-able ones included). When given, reading any other name
  ///     is an error naming it and the nearest known one (`unknown field 'hieght' of sheet (did you mean
  ///     'height'?)`); when nil, an unknown name reads as nil.
  ///   - name: What the view is called in that error (`sheet`, `gesture`).
  /// - Returns: the proxy table (create it once and reuse it).
  /// - Throws: `LuaError` if the proxy cannot be made (memory).
  public func readOnlyView(fields: [String]? = nil, name: String = "the view") throws(LuaError) -> LuaTable {
    try view(name: name) { lua throws(LuaError) in
      if let fields {
        try LuaValue.table(array: fields.map { .string($0) }, fields: [:]).push(on: lua, runtime: runtime)
      } else {
        lua.pushNil()
      }
    }
  }

  /// A read-only proxy of this table whose fields are the names the table holds when a script reads
  /// one: ``readOnlyView(fields:name:)`` for a table the host fills with a set of names that changes
  /// (a behaviour's thresholds). A name it does not hold is an error naming the nearest one it does.
  /// - Parameter name: What the view is called in that error.
  /// - Returns: the proxy table.
  /// - Throws: `LuaError` if the proxy cannot be made (memory).
  public func readOnlyViewOfItsKeys(name: String) throws(LuaError) -> LuaTable {
    try view(name: name) { lua in lua.push(true) }
  }

  /// The sandbox's `view(backing, known, label)` called on this table, `known` pushed by `pushKnown`.
  private func view(name: String, pushKnown: (RawLua) throws(LuaError) -> Void) throws(LuaError) -> LuaTable {
    let lua = try runtime.open()
    let base = lua.top
    guard lua.ensureStack(8) else { throw .memory }
    lua.push(ref: runtime.viewRef)
    lua.push(ref: ref)
    do throws(LuaError) {
      try pushKnown(lua)
    } catch {
      lua.setTop(base)
      throw error
    }
    lua.push(name)
    let status = lua.call(arguments: 3, results: 1)
    guard status == RawLua.Status.ok else { throw LuaError.take(status: status, from: lua, base: base) }
    return LuaTable(runtime: runtime, ref: lua.ref())
  }

  /// Runs `body` with the table pushed on top, then pops it; nothing when the state is closed.
  func withPushed(_ body: (RawLua) -> Void) {
    guard let lua = try? runtime.open() else { return }
    lua.push(ref: ref)
    body(lua)
    lua.pop()
  }
}
