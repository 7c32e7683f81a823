import SheetScenario
import SheetTrace

/// The fields of one line `sheet merge` reads (a part's header, its setup and records, a fit plan's
/// lines), taken one by one, each checked: a field at fault is named with the file, the line, the
/// field's path and the value found. The one reader of those lines; ``refuseOthers(of:)`` refuses the
/// fields not taken, so a line is read whole or not at all.
struct ShardFields {
  private var fields: [String: JSONValue]
  /// The file read.
  let file: String
  /// Its 1-based line.
  let line: Int
  /// What a field's name is prefixed with in messages: `setup.` for a header's setup.
  let path: String

  /// A line's fields.
  init(_ fields: [String: JSONValue], file: String, line: Int, path: String = "") {
    self.fields = fields
    self.file = file
    self.line = line
    self.path = path
  }

  /// The error naming the field `name` (under ``path``).
  func failure(_ name: String, _ message: String) -> ShardPartError {
    ShardPartError(file: file, line: line, field: path + name, message: message)
  }

  private func failure(_ name: String, expected: String, got value: JSONValue?) -> ShardPartError {
    failure(name, "expected \(expected), got \(value.map(GestureLog.describe) ?? "none")")
  }

  /// Whether the line has the field (taken or not).
  func has(_ name: String) -> Bool { fields[name] != nil }

  /// The field's value, taken (nil when absent).
  mutating func take(_ name: String) -> JSONValue? { fields.removeValue(forKey: name) }

  /// A string.
  mutating func string(_ name: String) throws(ShardPartError) -> String {
    let value = take(name)
    guard case .string(let text)? = value else { throw failure(name, expected: "a string", got: value) }
    return text
  }

  /// A string, or null.
  mutating func optionalString(_ name: String) throws(ShardPartError) -> String? {
    switch take(name) {
    case .null?: return nil
    case .string(let text)?: return text
    case let value: throw failure(name, expected: "a string or null", got: value)
    }
  }

  /// One of `choices`.
  mutating func choice(_ name: String, of choices: [String]) throws(ShardPartError) -> String {
    let value = take(name)
    guard case .string(let text)? = value, choices.contains(text) else {
      throw failure(name, expected: choices.joined(separator: " or "), got: value)
    }
    return text
  }

  /// True or false.
  mutating func bool(_ name: String) throws(ShardPartError) -> Bool {
    let value = take(name)
    guard case .bool(let flag)? = value else { throw failure(name, expected: "true or false", got: value) }
    return flag
  }

  /// A finite number, or null.
  mutating func optionalNumber(_ name: String) throws(ShardPartError) -> Double? {
    switch take(name) {
    case .null?: return nil
    case .number(let number)? where number.isFinite: return number
    case let value: throw failure(name, expected: "a number or null", got: value)
    }
  }

  /// A whole number from 0 to `limit` (by default ``Sweep/largestMaximumRuns``: a count of runs or
  /// gestures).
  mutating func count(_ name: String, limit: Int = Sweep.largestMaximumRuns) throws(ShardPartError) -> Int {
    try count(take(name), name, limit: limit)
  }

  /// `value` as a whole number from 0 to `limit`, named `name` in a message.
  func count(_ value: JSONValue?, _ name: String, limit: Int = Sweep.largestMaximumRuns)
    throws(ShardPartError)
    -> Int
  {
    guard case .number(let number)? = value, let n = Int(exactly: number), (0...limit).contains(n) else {
      throw failure(name, expected: "a count from 0 to \(limit)", got: value)
    }
    return n
  }

  /// An intent as a corpus holds it (1 to ``GestureLog/nameLength`` bytes, no control character), or
  /// with `anyLength` a detent's name (a behaviour's, which a line's limit bounds).
  mutating func name(_ name: String, anyLength: Bool = false) throws(ShardPartError) -> String {
    try self.name(take(name), name, anyLength: anyLength)
  }

  /// `value` as a name (``name(_:anyLength:)``), named `name` in a message.
  func name(_ value: JSONValue?, _ name: String, anyLength: Bool = false) throws(ShardPartError) -> String {
    let bytes = anyLength ? 1...ShardPart.maximumLineBytes : 1...GestureLog.nameLength
    guard case .string(let text)? = value, bytes.contains(text.utf8.count), GestureLog.isPrintable(text)
    else {
      throw failure(
        name,
        expected: "a name of \(bytes.lowerBound) to \(bytes.upperBound) bytes without control characters",
        got: value)
    }
    return text
  }

  /// An array of `counts` strings.
  mutating func strings(_ name: String, _ counts: ClosedRange<Int>) throws(ShardPartError) -> [String] {
    try array(name, counts, of: "strings", each: "a string") { _, value in
      if case .string(let text) = value { text } else { nil }
    }
  }

  /// An array of `counts` finite numbers, `what` in a message (`current values, one per parameter`).
  mutating func numbers(_ name: String, _ counts: ClosedRange<Int>, of what: String) throws(ShardPartError)
    -> [Double]
  {
    try array(name, counts, of: what, each: "a number") { _, value in
      if case .number(let number) = value, number.isFinite { number } else { nil }
    }
  }

  /// An array of `counts` objects, each to be read under `name[k].`.
  mutating func objects(_ name: String, _ counts: ClosedRange<Int>, of what: String) throws(ShardPartError)
    -> [ShardFields]
  {
    let (file, line, path) = (file, line, path)  // the closure runs inside a mutating call on self
    return try array(name, counts, of: what, each: "an object") { k, value in
      guard case .object(let inner) = value else { return nil }
      return ShardFields(inner, file: file, line: line, path: path + "\(name)[\(k)].")
    }
  }

  /// An array of `counts` values, each read by `element` (given its index; nil refuses it, named
  /// `name[k]`, as not `each`).
  private mutating func array<Element>(
    _ name: String, _ counts: ClosedRange<Int>, of what: String, each: String,
    _ element: (Int, JSONValue) -> Element?
  ) throws(ShardPartError) -> [Element] {
    try array(name, counts, of: what).enumerated().map { k, value throws(ShardPartError) in
      guard let read = element(k, value) else { throw failure("\(name)[\(k)]", expected: each, got: value) }
      return read
    }
  }

  /// An array of `counts` values.
  mutating func array(_ name: String, _ counts: ClosedRange<Int>, of what: String) throws(ShardPartError)
    -> [JSONValue]
  {
    let value = take(name)
    guard case .array(let values)? = value, counts.contains(values.count) else {
      let many =
        counts.lowerBound == counts.upperBound
        ? "\(counts.lowerBound)" : "\(counts.lowerBound) to \(counts.upperBound)"
      throw failure(name, expected: "\(many) \(what)", got: value)
    }
    return values
  }

  /// An object's fields, to be read under this field's name.
  mutating func object(_ name: String) throws(ShardPartError) -> ShardFields {
    let value = take(name)
    guard case .object(let inner)? = value else { throw failure(name, expected: "an object", got: value) }
    return ShardFields(inner, file: file, line: line, path: path + name + ".")
  }

  /// A `--write` file and its digest, or null for both.
  mutating func writeBack() throws(ShardPartError) -> (file: String, digest: String)? {
    switch (take("write"), take("write_digest")) {
    case (.null?, .null?): return nil
    case (.string(let path)?, .string(let digest)?): return (path, digest)
    default: throw failure("write", "expected a file and its digest, or null")
    }
  }

  /// Refuses the fields not taken, the first by name.
  /// - Parameter what: What the line is, for the message (`a replay record`).
  func refuseOthers(of what: String) throws(ShardPartError) {
    if let name = fields.keys.sorted().first { throw failure(name, "not a field of \(what)") }
  }
}
