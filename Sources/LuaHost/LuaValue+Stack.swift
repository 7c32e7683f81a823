/// How much Lua data the host copies out in one conversion (a call's results, a host function's
/// arguments, a coroutine's yields, a table read by value): a script controls the data, so the host
/// bounds its own work instead of trusting a length or a shape.
///
/// Every value visited costs one unit of `values` (a shared subtable costs again on every path that
/// reaches it, so a DAG cannot multiply the work), every string's bytes (keys too) cost `bytes`, and an
/// array part is sized from the table's length only after the length fits the budget.
struct ConversionBudget {
  /// The most values one conversion visits.
  static let maximumValues = 100_000
  /// The most string bytes one conversion copies (16 MiB).
  static let maximumBytes = 16 << 20

  var values = maximumValues
  var bytes = maximumBytes
  /// One step of the path: a list position or a string key (rendered only for a message).
  enum Step {
    case position(Int)
    case key(String)

    /// The step as text: `[2]`, or `.height` with the key cut to 64 characters.
    var text: String {
      switch self {
      case .position(let position): "[\(position)]"
      case .key(let key): ".\(key.prefix(64))"
      }
    }
  }

  /// Where the conversion is (`[2].height`), kept as the path of steps from the root: made into text
  /// only when a message needs it, so a conversion that succeeds formats nothing.
  var path: [Step] = []

  /// The current path as text (`value` at the root).
  var location: String { path.isEmpty ? "value" : "value" + path.map(\.text).joined() }

  /// Spends one value (every value read costs one, whatever its type) and `byteCount` string bytes.
  mutating func spend(bytes byteCount: Int = 0) throws(LuaError) {
    values -= 1
    bytes -= byteCount
    guard values >= 0 else {
      throw .conversion(
        value: location,
        expected:
          "at most \(Self.maximumValues) values in one conversion (a table reached along several paths "
          + "counts each time)",
        got: "more than \(Self.maximumValues) values")
    }
    guard bytes >= 0 else {
      throw .conversion(
        value: location, expected: "at most \(Self.maximumBytes) bytes of strings in one conversion",
        got: "more than \(Self.maximumBytes) bytes of strings")
    }
  }
}

extension LuaValue {
  /// How deep nested tables may go when converted by value (deeper, or a cycle, is a conversion error).
  static let maximumDepth = 32

  /// Reads the values at stack indices `range` (tables by value), in order, under one conversion budget.
  /// - Parameters:
  ///   - lua: The thread whose stack holds them.
  ///   - range: 1-based absolute indices.
  ///   - runtime: The state they belong to.
  /// - Returns: The values.
  /// - Throws: `LuaError.conversion` when one cannot be converted or the budget runs out.
  static func read(from lua: RawLua, range: ClosedRange<Int32>, runtime: LuaRuntime) throws(LuaError)
    -> [LuaValue]
  {
    var budget = ConversionBudget()
    var values: [LuaValue] = []
    values.reserveCapacity(min(range.count, 64))
    for index in range {
      values.append(try LuaValue.read(from: lua, at: index, runtime: runtime, budget: &budget))
    }
    return values
  }

  /// Reads the value at `index` of `lua`'s stack without changing the stack.
  /// - Parameters:
  ///   - byReference: when true, a table becomes `.tableRef` instead of being copied.
  static func read(
    from lua: RawLua, at index: Int32, runtime: LuaRuntime, byReference: Bool = false
  ) throws(LuaError) -> LuaValue {
    var budget = ConversionBudget()
    return try read(from: lua, at: index, runtime: runtime, byReference: byReference, budget: &budget)
  }

  static func read(
    from lua: RawLua, at index: Int32, runtime: LuaRuntime, byReference: Bool = false,
    budget: inout ConversionBudget, depth: Int = 0
  ) throws(LuaError) -> LuaValue {
    let kind = lua.kind(at: index)
    try budget.spend(bytes: kind == .string ? lua.rawLength(at: index) : 0)
    switch kind {
    case .none, .nil: return .nil
    case .boolean: return .boolean(lua.boolean(at: index))
    case .number:
      return lua.isInteger(at: index) ? .integer(lua.integer(at: index)) : .number(lua.number(at: index))
    case .string:
      return .string(lua.string(at: index))
    case .function:
      lua.pushCopy(of: index)
      return .function(LuaFunction(runtime: runtime, ref: lua.ref()))
    case .table:
      if byReference {
        lua.pushCopy(of: index)
        return .tableRef(LuaTable(runtime: runtime, ref: lua.ref()))
      }
      return try readTable(
        from: lua, at: lua.absolute(index), runtime: runtime, budget: &budget, depth: depth)
    default:
      throw .conversion(
        value: "a \(lua.typeName(at: index)) value",
        expected: "nil, boolean, number, string, table or function",
        got: lua.typeName(at: index))
    }
  }

  private static func readTable(
    from lua: RawLua, at table: Int32, runtime: LuaRuntime, budget: inout ConversionBudget, depth: Int
  ) throws(LuaError) -> LuaValue {
    guard depth < maximumDepth else {
      throw .conversion(
        value: budget.location, expected: "tables nested at most \(maximumDepth) deep (no cycles)",
        got: "deeper nesting")
    }
    let base = lua.top
    guard lua.ensureStack(4) else { throw .memory }
    do throws(LuaError) {
      let count = lua.rawLength(at: table)
      guard count <= budget.values else {  // never size anything from a length the budget cannot pay
        throw LuaError.conversion(
          value: budget.location,
          expected:
            "a list that fits the host's conversion budget (\(ConversionBudget.maximumValues) values, "
            + "\(budget.values) left)",
          got: "a list of length \(count)")
      }
      var array: [LuaValue] = []
      array.reserveCapacity(count)
      for position in 0..<count {
        lua.rawGet(table: table, position: position + 1)
        budget.path.append(.position(position + 1))
        array.append(try read(from: lua, at: -1, runtime: runtime, budget: &budget, depth: depth + 1))
        budget.path.removeLast()
        lua.pop()
      }
      var fields: [String: LuaValue] = [:]
      lua.pushNil()
      while lua.next(table: table) {
        switch lua.kind(at: -2) {
        case .string:
          try budget.spend(bytes: lua.rawLength(at: -2))
          let key = lua.string(at: -2)
          budget.path.append(.key(key))
          fields[key] = try read(from: lua, at: -1, runtime: runtime, budget: &budget, depth: depth + 1)
          budget.path.removeLast()
        case .number where lua.isInteger(at: -2) && count > 0 && (1...count).contains(lua.integer(at: -2)):
          break
        default:
          let key =
            lua.isInteger(at: -2)
            ? "\(lua.integer(at: -2))"
            : lua.kind(at: -2) == .number ? "\(lua.number(at: -2))" : lua.typeName(at: -2)
          throw LuaError.conversion(
            value: "table key \(key) at \(budget.location)",
            expected: "a string key or an index in 1...\(count)", got: lua.typeName(at: -2))
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
