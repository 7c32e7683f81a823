extension LuaTable {
  /// Reads a field without copying: tables come back as `.tableRef`, functions as `.function`.
  /// - Parameter key: The field's name.
  /// - Returns: The value, tables by reference.
  /// - Throws: `LuaError.conversion` when the value cannot be converted, `.stateClosed`.
  public func reference(_ key: String) throws(LuaError) -> LuaValue {
    let lua = try runtime.open()
    let base = lua.top
    defer { lua.setTop(base) }
    lua.push(ref: ref)
    lua.rawGet(table: -1, field: key)
    return try LuaValue.read(from: lua, at: -1, runtime: runtime, byReference: true)
  }
}
