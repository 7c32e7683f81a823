extension LuaValue {
  /// How deep nested tables may go when converted by value (deeper, or a cycle, is a conversion error).
  static let maximumDepth = 32

  /// Reads the values at stack indices `range` (tables by value), in order.
  /// - Parameters:
  ///   - lua: The thread whose stack holds them.
  ///   - range: 1-based absolute indices.
  ///   - runtime: The state they belong to.
  /// - Returns: The values.
  /// - Throws: `LuaError.conversion` when one cannot be converted.
  static func read(from lua: RawLua, range: ClosedRange<Int32>, runtime: LuaRuntime) throws(LuaError)
    -> [LuaValue]
  {
    var values: [LuaValue] = []
    values.reserveCapacity(range.count)
    for index in range {
      values.append(try LuaValue.read(from: lua, at: index, runtime: runtime))
    }
    return values
  }

  /// Reads the value at `index` of `lua`'s stack without changing the stack.
  /// - Parameters:
  ///   - byReference: when true, a table becomes `.tableRef` instead of being copied.
  static func read(
    from lua: RawLua, at index: Int32, runtime: LuaRuntime, byReference: Bool = false, depth: Int = 0
  ) throws(LuaError) -> LuaValue {
    switch lua.kind(at: index) {
    case .none, .nil: return .nil
    case .boolean: return .boolean(lua.boolean(at: index))
    case .number:
      return lua.isInteger(at: index) ? .integer(lua.integer(at: index)) : .number(lua.number(at: index))
    case .string: return .string(lua.string(at: index))
    case .function:
      lua.pushCopy(of: index)
      return .function(LuaFunction(runtime: runtime, ref: lua.ref()))
    case .table:
      if byReference {
        lua.pushCopy(of: index)
        return .tableRef(LuaTable(runtime: runtime, ref: lua.ref()))
      }
      return try readTable(from: lua, at: lua.absolute(index), runtime: runtime, depth: depth)
    default:
      throw .conversion(
        value: "a \(lua.typeName(at: index)) value",
        expected: "nil, boolean, number, string, table or function",
        got: lua.typeName(at: index))
    }
  }

  private static func readTable(
    from lua: RawLua, at table: Int32, runtime: LuaRuntime, depth: Int
  ) throws(LuaError) -> LuaValue {
    guard depth < maximumDepth else {
      throw .conversion(
        value: "a nested table", expected: "tables nested at most \(maximumDepth) deep (no cycles)",
        got: "deeper nesting")
    }
    let base = lua.top
    guard lua.ensureStack(4) else { throw .memory }
    do throws(LuaError) {
      let count = lua.rawLength(at: table)
      var array: [LuaValue] = []
      array.reserveCapacity(count)
      for position in 0..<count {
        lua.rawGet(table: table, position: position + 1)
        array.append(try read(from: lua, at: -1, runtime: runtime, depth: depth + 1))
        lua.pop()
      }
      var fields: [String: LuaValue] = [:]
      lua.pushNil()
      while lua.next(table: table) {
        switch lua.kind(at: -2) {
        case .string:
          fields[lua.string(at: -2)] = try read(from: lua, at: -1, runtime: runtime, depth: depth + 1)
        case .number where lua.isInteger(at: -2) && count > 0 && (1...count).contains(lua.integer(at: -2)):
          break
        default:
          let key = lua.kind(at: -2) == .number ? "\(lua.number(at: -2))" : lua.typeName(at: -2)
          throw LuaError.conversion(
            value: "table key \(key)", expected: "a string key or an index in 1...\(count)",
            got: lua.typeName(at: -2))
        }
        lua.pop()
      }
      return .table(array: array, fields: fields)
    } catch {
      lua.setTop(base)
      throw error
    }
  }

  /// Pushes each value in order; on an error, resets the stack to `base` and rethrows.
  static func push(
    _ values: [LuaValue], on lua: RawLua, runtime: LuaRuntime, restoring base: Int32
  ) throws(LuaError) {
    do throws(LuaError) {
      for value in values { try value.push(on: lua, runtime: runtime) }
    } catch {
      lua.setTop(base)
      throw error
    }
  }

  /// Pushes the value on `lua`'s stack (one slot; nothing on an error).
  func push(on lua: RawLua, runtime: LuaRuntime, depth: Int = 0) throws(LuaError) {
    guard lua.ensureStack(4) else { throw .memory }
    switch self {
    case .nil: lua.pushNil()
    case .boolean(let value): lua.push(value)
    case .integer(let value): lua.push(value)
    case .number(let value): lua.push(value)
    case .string(let value): lua.push(value)
    case .function(let function): try function.push(on: lua, runtime: runtime)
    case .tableRef(let table): try table.push(on: lua, runtime: runtime)
    case .table(let array, let fields):
      guard depth < LuaValue.maximumDepth else {
        throw .conversion(
          value: "a nested table", expected: "tables nested at most \(LuaValue.maximumDepth) deep",
          got: "deeper nesting")
      }
      let base = lua.top
      lua.newTable(arrayCount: array.count, fieldCount: fields.count)
      do throws(LuaError) {
        for (offset, element) in array.enumerated() {
          try element.push(on: lua, runtime: runtime, depth: depth + 1)
          lua.rawSet(table: -2, position: offset + 1)
        }
        for (key, element) in fields {
          lua.push(key)
          try element.push(on: lua, runtime: runtime, depth: depth + 1)
          lua.rawSet(table: -3)
        }
      } catch {
        lua.setTop(base)
        throw error
      }
    }
  }
}
