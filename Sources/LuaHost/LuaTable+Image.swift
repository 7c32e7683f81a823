import CLua

extension LuaTable {
  /// The most bytes an image (``image(leavingNumbersOf:)``) takes; a table whose image is larger has
  /// none.
  package static let maximumImageBytes = 16 << 10

  /// The table's raw contents as bytes (`CLua/image.h`): two tables with equal images convert to equal
  /// values (``value()``) but for the identity of the functions in them, which the image places but does
  /// not name. Raw reads only; nothing runs and nothing is made in Lua.
  /// - Parameter key: A field whose numbers the image leaves out (their names and kinds stay), or nil.
  /// - Returns: The image, or nil when the table holds what an image does not describe (a key that is
  ///   neither a string nor a position of its list, a userdata or thread, nesting past 16 deep) or the
  ///   image would pass ``maximumImageBytes``; also nil once the state is closed.
  package func image(leavingNumbersOf key: String?) -> [UInt8]? {
    guard let lua = try? runtime.open() else { return nil }
    let base = lua.top
    defer { lua.setTop(base) }
    lua.push(ref: ref)
    return lua.image(at: -1, capacity: Self.maximumImageBytes, leavingNumbersOf: key)
  }

  /// The numbers of the fields `names` (raw reads), or nil when one is not a number (or the state is
  /// closed): the few numbers a table with a known image changes between loads, read without
  /// converting the table.
  package func numbers(named names: [String]) -> [Double]? {
    guard let lua = try? runtime.open() else { return nil }
    let base = lua.top
    defer { lua.setTop(base) }
    guard lua.ensureStack(3) else { return nil }
    lua.push(ref: ref)
    var numbers: [Double] = []
    numbers.reserveCapacity(names.count)
    for name in names {
      guard lua.rawGet(table: -1, field: name) == .number else { return nil }
      numbers.append(lua.number(at: -1))
      lua.pop()
    }
    return numbers
  }
}
