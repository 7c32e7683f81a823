/// A Lua value on the Swift side.
///
/// Tables convert by value into `.table(array:fields:)` (the sequence `1...#t` and the string keys);
/// `.tableRef` and `.function` are references into the state, released when their Swift owner goes away.
public enum LuaValue {
  case `nil`
  case boolean(Bool)
  case integer(Int)
  case number(Double)
  case string(String)
  /// A table by value: its sequence part and its string-keyed fields.
  case table(array: [LuaValue], fields: [String: LuaValue])
  /// A Lua function held by reference.
  case function(LuaFunction)
  /// A Lua table held by reference (no copy).
  case tableRef(LuaTable)

  /// A table with only a sequence part.
  public static func array(_ values: [LuaValue]) -> LuaValue { .table(array: values, fields: [:]) }

  /// A table with only string keys.
  public static func dictionary(_ fields: [String: LuaValue]) -> LuaValue {
    .table(array: [], fields: fields)
  }

  /// The number, for integers and floats; nil otherwise.
  public var doubleValue: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .number(let value): value
    default: nil
    }
  }

  /// The string, for strings; nil otherwise.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// Lua's name for the value's type (`"nil"`, `"number"`, `"table"`, ...).
  public var typeName: String {
    switch self {
    case .nil: "nil"
    case .boolean: "boolean"
    case .integer, .number: "number"
    case .string: "string"
    case .table, .tableRef: "table"
    case .function: "function"
    }
  }
}

extension LuaValue: Equatable {
  /// Values compare like Lua's raw equality for scalars (1 == 1.0), structurally for tables by value,
  /// and by identity of the Swift reference for `.function` and `.tableRef`.
  public static func == (lhs: LuaValue, rhs: LuaValue) -> Bool {
    switch (lhs, rhs) {
    case (.nil, .nil): true
    case (.boolean(let a), .boolean(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.table(let a, let f), .table(let b, let g)): a == b && f == g
    case (.function(let a), .function(let b)): a === b
    case (.tableRef(let a), .tableRef(let b)): a === b
    default:
      if let a = lhs.doubleValue, let b = rhs.doubleValue { a == b } else { false }
    }
  }
}

extension LuaValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  public init(nilLiteral: ()) { self = .nil }
  public init(booleanLiteral value: Bool) { self = .boolean(value) }
  public init(integerLiteral value: Int) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .number(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: LuaValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, LuaValue)...) {
    self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
