import LuaHost
import SheetCore
import SheetTrace

/// Reads typed values out of a behaviour's fields, throwing errors that name the file, line, field path,
/// the bad value as written, and what was expected.
package struct FieldReader {
  /// The chunk's name.
  package var file: String
  /// Finds the line of a field path.
  package var locator: SourceLocator
  /// Whether numbers must lie in their ranges and ids be unique, as a file's own fields must. Off for a
  /// callback's result (a `detents` function's list, a returned animation): only the types are read
  /// here, and the core checks the values, as it does every policy's.
  package var checksValues = true
  /// Where a `curve = function(t)` is registered; nil where no animation is read.
  package var curves: CurveRegistry?
  /// Whether the curves read are the file's own (kept for the behaviour's life) or a callback's result.
  package var curvesArePermanent = true

  /// The error for a bad value.
  /// - Parameters:
  ///   - value: The value found.
  ///   - path: Where it was found.
  ///   - expected: What would have been accepted.
  /// - Returns: The error.
  package func invalid(_ value: LuaValue, at path: [PathComponent], expected: String) -> BehaviourError {
    .invalidField(
      location: SourceLocation(file: file, line: locator.line(of: path)), path: PathComponent.text(path),
      value: Self.describe(value),
      expected: expected)
  }

  /// The error for a value that is not one of a list of names: a misspelt name gets the nearest, as
  /// every unknown name does.
  /// - Parameters:
  ///   - value: The value found.
  ///   - path: Where it was found.
  ///   - expected: What would have been accepted.
  ///   - names: The names it may be.
  /// - Returns: The error.
  package func invalid(_ value: LuaValue, at path: [PathComponent], expected: String, among names: [String])
    -> BehaviourError
  {
    guard case .string(let name) = value, let near = NameSuggestion.nearest(to: name, in: names) else {
      return invalid(value, at: path, expected: expected)
    }
    return invalid(value, at: path, expected: expected + " (did you mean '\(near)'?)")
  }

  /// A value as a message quotes it: numbers as written, strings in quotes, other types by name.
  /// - Parameter value: The value.
  /// - Returns: Its description.
  package static func describe(_ value: LuaValue) -> String {
    switch value {
    case .nil: "nil"
    case .boolean(let b): b ? "true" : "false"
    case .integer(let i): String(i)
    case .number(let n): Format.general(n)
    case .string(let s): "'\(Quote.cut(s))'"
    case .table, .tableRef: "a table"
    case .function: "a function"
    }
  }

  package func number(_ value: LuaValue, at path: [PathComponent], in range: ClosedRange<Double>)
    throws(BehaviourError)
    -> Double
  {
    if !checksValues {
      guard let number = value.doubleValue else { throw invalid(value, at: path, expected: "a number") }
      return number
    }
    guard let number = value.doubleValue, number.isFinite, range.contains(number) else {
      throw invalid(
        value, at: path,
        expected:
          "a number in \(TraceNumber.format(range.lowerBound))...\(TraceNumber.format(range.upperBound))")
    }
    return number
  }

  package func bool(_ value: LuaValue, at path: [PathComponent]) throws(BehaviourError) -> Bool {
    guard case .boolean(let b) = value else { throw invalid(value, at: path, expected: "true or false") }
    return b
  }

  package func string(_ value: LuaValue, at path: [PathComponent]) throws(BehaviourError) -> String {
    guard case .string(let s) = value, !s.isEmpty else {
      throw invalid(value, at: path, expected: "a non-empty string")
    }
    return s
  }

  package func choice(_ value: LuaValue, at path: [PathComponent], from names: [String])
    throws(BehaviourError)
    -> String
  {
    guard case .string(let s) = value, names.contains(s) else {
      throw invalid(
        value, at: path, expected: "one of " + names.map { "'\($0)'" }.joined(separator: ", "), among: names)
    }
    return s
  }

  /// The fields of a table value, which must have no list part unless `allowList`.
  package func table(_ value: LuaValue, at path: [PathComponent], expected: String) throws(BehaviourError)
    -> (array: [LuaValue], fields: [String: LuaValue])
  {
    guard case .table(let array, let fields) = value else {
      throw invalid(value, at: path, expected: expected)
    }
    return (array, fields)
  }

  /// Rejects keys outside `known`, naming the nearest known one.
  package func checkKeys(_ fields: [String: LuaValue], at path: [PathComponent], known: [String])
    throws(BehaviourError)
  {
    for key in fields.keys.sorted() where !known.contains(key) {
      throw .unknownField(
        location: SourceLocation(file: file, line: locator.line(of: path + [.key(key)])),
        path: PathComponent.text(path + [.key(key)]),
        suggestion: NameSuggestion.nearest(to: key, in: known))
    }
  }

  /// Reads a callback field: a function, or nothing.
  /// - Parameters:
  ///   - fields: The behaviour table's fields.
  ///   - field: The callback.
  /// - Returns: The function, or `nil` when the field is left out.
  /// - Throws: `BehaviourError.invalidField` for a value that is not a function.
  package func callback(_ fields: [String: LuaValue], _ field: BehaviourField) throws(BehaviourError)
    -> LuaFunction?
  {
    switch fields[field.rawValue] {
    case nil: return nil
    case .function(let function)?: return function
    case let value?: throw invalid(value, at: [.field(field)], expected: "a function")
    }
  }

  /// Reads `keyboard`: one of the `KeyboardMode` names; a misspelt one names the nearest.
  package func keyboardMode(_ value: LuaValue) throws(BehaviourError) -> KeyboardMode {
    let names = KeyboardMode.allCases.map(\.rawValue)
    if case .string(let name) = value, let mode = KeyboardMode(rawValue: name) { return mode }
    throw invalid(
      value, at: [.field(.keyboard)], expected: "one of " + names.map { "'\($0)'" }.joined(separator: ", "),
      among: names)
  }

  package func gestureArea(_ value: LuaValue) throws(BehaviourError) -> GestureArea {
    let path: [PathComponent] = [.field(.gestureArea)]
    let expected = "'screen', 'sheet' or { band = points, backdrop = true|false }"
    switch value {
    case .string("screen"): return .screen
    case .string("sheet"): return .sheet
    case .table(let array, let fields) where array.isEmpty:
      try checkKeys(fields, at: path, known: ["band", "backdrop"])
      guard let band = fields["band"] else { throw invalid(value, at: path, expected: expected) }
      let points = try number(band, at: path + [.key("band")], in: 0...10_000)
      let backdrop = try fields["backdrop"].map { v throws(BehaviourError) in
        try bool(v, at: path + [.key("backdrop")])
      }
      return .band(points, includesBackdrop: backdrop ?? false)
    default: throw invalid(value, at: path, expected: expected, among: ["screen", "sheet"])
    }
  }

  package func tapRegions(_ value: LuaValue) throws(BehaviourError) -> Set<TouchRegion> {
    let path: [PathComponent] = [.field(.tapToDismiss)]
    let names = ["backdrop", "sheet", "gesture_area"]
    func region(_ name: String) -> TouchRegion {
      name == "sheet" ? .sheet : name == "gesture_area" ? .gestureArea : .backdrop
    }
    switch value {
    case .boolean(let b): return b ? [.backdrop] : []
    case .string: return [region(try choice(value, at: path, from: names))]
    case .table(let array, let fields) where fields.isEmpty:
      var regions: Set<TouchRegion> = []
      for (index, item) in array.enumerated() {
        regions.insert(region(try choice(item, at: path + [.index(index + 1)], from: names)))
      }
      return regions
    default:
      throw invalid(value, at: path, expected: "true, false, a region name or a list of region names")
    }
  }

  /// Whether a threshold's number is one `DefaultPolicy.Threshold.check(name, number)` accepts, its
  /// name already looked up: finite, and in its range for a threshold the default policy reads.
  /// - Parameters:
  ///   - number: The threshold's number.
  ///   - threshold: The default policy's threshold its name is, or nil for any other name.
  package static func accepts(_ number: Double, as threshold: DefaultPolicy.Threshold?) -> Bool {
    guard number.isFinite else { return false }
    guard let threshold else { return true }
    return (try? threshold.check(number)) != nil
  }

  /// Reads `thresholds`: named finite numbers; one the default policy reads (`DefaultPolicy/Threshold`)
  /// must lie in its range, and the error names the range.
  package func thresholds(_ value: LuaValue) throws(BehaviourError) -> [String: Double] {
    let path: [PathComponent] = [.field(.thresholds)]
    let (array, fields) = try table(value, at: path, expected: "a table of named numbers")
    guard array.isEmpty else {
      throw invalid(value, at: path, expected: "a table of named numbers, not a list")
    }
    var result: [String: Double] = [:]
    result.reserveCapacity(fields.count)
    for (key, value) in fields {
      guard let number = value.doubleValue, Self.accepts(number, as: DefaultPolicy.Threshold(rawValue: key))
      else { break }
      result[key] = number
    }
    if result.count == fields.count { return result }
    // a bad one: the error names the first in name order, as a reader going through them in order finds
    for key in fields.keys.sorted() {
      guard let number = fields[key]?.doubleValue, number.isFinite else {
        throw invalid(fields[key] ?? .nil, at: path + [.key(key)], expected: "a finite number")
      }
      do throws(ThresholdError) {
        try DefaultPolicy.Threshold.check(key, number)
      } catch {
        throw invalid(
          fields[key] ?? .nil, at: path + [.key(key)],
          expected: "\(error.expected) (the default policy's \(key) range)")
      }
    }
    return result
  }
}
