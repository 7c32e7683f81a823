import CLua

/// A table's image (`CLua/image.h`): its raw contents as bytes, read the way ``LuaTable/value()`` reads
/// them, with what a conversion makes in Lua made the same way (its functions taken as references in
/// the same order, the same stack checks) and nothing else.
///
/// Two tables with equal ``bytes`` convert to the same value but for their ``functions`` (which the
/// image places but does not name) and their left-out ``numbers`` (one field's, whose names and kinds
/// are in the bytes). A host that parses the same table again and again keeps its parse with the image
/// and takes only those from a new table with the same image (a sweep's behaviour, `Behaviour.load`).
package struct LuaTableImage {
  /// The most bytes an image takes; a table whose image is larger has none.
  package static let maximumBytes = 16 << 10
  /// The most functions an image places.
  package static let maximumFunctions = 512
  /// The most numbers an image leaves out.
  package static let maximumNumbers = 512

  /// The table's contents: the functions placed, the left-out numbers' names and kinds.
  package let bytes: [UInt8]
  /// The table's functions, in the order the bytes place them (and a conversion reads them).
  package let functions: [LuaFunction]
  /// The left-out numbers, in the order the bytes place them: each `.integer` or `.number`.
  package let numbers: [LuaValue]

  /// The value the table converts to (``LuaTable/value()``), made from the image alone: the same
  /// tables, strings, numbers and functions (these very ones), nothing read from Lua again.
  package func value() -> LuaValue { decoded().value }

  /// The names of the left-out numbers that are a table's fields (not its list), in order.
  package var numberNames: [String] { decoded().numberNames }

  /// ``value()`` and ``numberNames`` in one read of the bytes.
  package func decoded() -> (value: LuaValue, numberNames: [String]) {
    var reader = Reader(bytes: bytes)
    let value = reader.value(functions: functions, numbers: numbers)
    return (value, reader.names)
  }

  /// Reads the bytes in the order `CLua/image.h` writes them.
  private struct Reader {
    let bytes: [UInt8]
    var offset = 0
    var function = 0
    var number = 0
    /// The keys whose values were left-out numbers, in order.
    var names: [String] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func tag() -> Int {
      defer { offset += 1 }
      return Int(bytes[offset])
    }

    mutating func word<T: FixedWidthInteger>(_: T.Type) -> T {
      var value = T.zero
      withUnsafeMutableBytes(of: &value) { out in
        out.copyBytes(from: bytes[offset..<(offset + MemoryLayout<T>.size)])
      }
      offset += MemoryLayout<T>.size
      return value
    }

    mutating func string() -> String {
      let length = Int(word(UInt.self))
      defer { offset += length }
      return String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
    }

    mutating func value(functions: [LuaFunction], numbers: [LuaValue]) -> LuaValue {
      switch tag() {
      case Int(CLUA_IMAGE_FALSE): return .boolean(false)
      case Int(CLUA_IMAGE_TRUE): return .boolean(true)
      case Int(CLUA_IMAGE_INTEGER): return .integer(Int(word(Int64.self)))
      case Int(CLUA_IMAGE_FLOAT): return .number(Double(bitPattern: word(UInt64.self)))
      case Int(CLUA_IMAGE_LEFT_INTEGER), Int(CLUA_IMAGE_LEFT_FLOAT):
        defer { number += 1 }
        return numbers[number]
      case Int(CLUA_IMAGE_STRING): return .string(string())
      case Int(CLUA_IMAGE_FUNCTION):
        defer { function += 1 }
        return .function(functions[function])
      case Int(CLUA_IMAGE_TABLE):
        let count = Int(word(Int64.self))
        var array: [LuaValue] = []
        array.reserveCapacity(count)
        for _ in 0..<count { array.append(value(functions: functions, numbers: numbers)) }
        var fields: [String: LuaValue] = [:]
        while tag() == Int(CLUA_IMAGE_KEY) {
          let key = string()
          let left = [Int(CLUA_IMAGE_LEFT_INTEGER), Int(CLUA_IMAGE_LEFT_FLOAT)].contains(Int(bytes[offset]))
          if left { names.append(key) }
          fields[key] = value(functions: functions, numbers: numbers)
        }
        return .table(array: array, fields: fields)
      default: return .nil  // CLUA_IMAGE_NIL (the bytes hold nothing else)
      }
    }
  }
}

extension LuaTable {
  /// The table's image (``LuaTableImage``), the numbers of its field `key`'s table left out.
  /// - Parameter key: The root's field whose table's numbers are left out, or nil.
  /// - Returns: The image, or nil when the table holds what an image does not describe (a key that is
  ///   neither a string nor a position of its list, a userdata or thread, nesting past 16 deep) or the
  ///   image passes its limits, with nothing left made in Lua but what releasing its references leaves
  ///   (a conversion, ``value()``, then says what is wrong); nil also once the state is closed.
  package func image(leavingNumbersOf key: String?) -> LuaTableImage? {
    guard let lua = try? runtime.open() else { return nil }
    lua.push(ref: ref)
    defer { lua.pop() }
    return lua.image(at: -1, leavingNumbersOf: key, runtime: runtime)
  }
}
