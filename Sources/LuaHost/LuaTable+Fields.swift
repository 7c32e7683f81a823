extension LuaTable {
  /// Sets a number field.
  public func set(_ key: StaticString, _ value: Double) {
    write(key) { $0.push(value) }
  }

  /// Sets an integer field.
  public func set(_ key: StaticString, _ value: Int) {
    write(key) { $0.push(value) }
  }

  /// Sets a boolean field.
  public func set(_ key: StaticString, _ value: Bool) {
    write(key) { $0.push(value) }
  }

  /// Sets a string field, or clears it when `value` is nil.
  public func set(_ key: StaticString, _ value: String?) {
    write(key) { lua in if let value { lua.push(value) } else { lua.pushNil() } }
  }

  /// Sets a table field (by reference), or clears it when `value` is nil or of another state.
  public func set(_ key: StaticString, _ value: LuaTable?) {
    write(key) { lua in
      if let value, value.runtime === runtime { lua.push(ref: value.ref) } else { lua.pushNil() }
    }
  }

  /// Clears a field.
  public func setNil(_ key: StaticString) {
    set(key, nil as String?)
  }

  /// Sets a number under a key known only at run time (a detent id, a threshold name).
  public func set(field key: String, _ value: Double) {
    withPushed { lua in
      lua.push(key)
      lua.push(value)
      lua.rawSet(table: -3)
    }
  }

  /// Sets numbers under keys known only at run time, in order, in one crossing (what ``set(field:_:)-(_,Double)``
  /// does for each, without reaching the table again for every one).
  /// - Parameters:
  ///   - keys: The keys, in the order they are set.
  ///   - value: Each key's number.
  public func set(fields keys: [String], _ value: (String) -> Double) {
    withPushed { lua in
      for key in keys {
        lua.push(key)
        lua.push(value(key))
        lua.rawSet(table: -3)
      }
    }
  }

  /// Sets a number at an array position (1-based).
  public func set(_ position: Int, _ value: Double) {
    write(position) { $0.push(value) }
  }

  /// Sets a string at an array position (1-based), or clears it when `value` is nil.
  public func set(_ position: Int, _ value: String?) {
    write(position) { lua in if let value { lua.push(value) } else { lua.pushNil() } }
  }

  /// Sets any value under a string key.
  /// - Throws: `LuaError.conversion` when the value cannot be pushed, `.stateClosed`.
  public func set(field key: String, _ value: LuaValue) throws(LuaError) {
    let lua = try runtime.open()
    let base = lua.top
    lua.push(ref: ref)
    lua.push(key)
    do throws(LuaError) {
      try value.push(on: lua, runtime: runtime)
    } catch {
      lua.setTop(base)
      throw error
    }
    lua.rawSet(table: -3)
    lua.setTop(base)
  }

  /// Reads a field.
  /// - Parameters:
  ///   - key: The field's name.
  ///   - byReference: `false` copies nested tables into `.table`; `true` returns them as `.tableRef`
  ///     (no copy), as it does functions.
  /// - Returns: The value.
  /// - Throws: `LuaError.conversion` when the value cannot be converted, `.stateClosed`.
  public func get(_ key: String, byReference: Bool = false) throws(LuaError) -> LuaValue {
    let lua = try runtime.open()
    let base = lua.top
    defer { lua.setTop(base) }
    lua.push(ref: ref)
    lua.rawGet(table: -1, field: key)
    return try LuaValue.read(from: lua, at: -1, runtime: runtime, byReference: byReference)
  }

  /// Reads an array element (1-based) by value.
  /// - Throws: `LuaError.conversion` when the value cannot be converted, `.stateClosed`.
  public func get(_ position: Int) throws(LuaError) -> LuaValue {
    let lua = try runtime.open()
    let base = lua.top
    defer { lua.setTop(base) }
    lua.push(ref: ref)
    lua.rawGet(table: -1, position: position)
    return try LuaValue.read(from: lua, at: -1, runtime: runtime)
  }

  /// Removes every key, keeping the table (and the references to it).
  public func removeAll() {
    withPushed { lua in
      lua.pushNil()
      while lua.next(table: -2) {
        lua.pop()
        lua.pushCopy(of: -1)
        lua.pushNil()
        lua.rawSet(table: -4)
      }
    }
  }

  /// Sets `key` to the value `push` leaves on top (raw, no metamethods).
  private func write(_ key: StaticString, _ push: (RawLua) -> Void) {
    withPushed { lua in
      lua.push(key)
      push(lua)
      lua.rawSet(table: -3)
    }
  }

  /// Sets array `position` to the value `push` leaves on top (raw, no metamethods).
  private func write(_ position: Int, _ push: (RawLua) -> Void) {
    withPushed { lua in
      push(lua)
      lua.rawSet(table: -2, position: position)
    }
  }
}
