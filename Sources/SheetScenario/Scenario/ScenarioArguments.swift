import LuaHost
import SheetCore
import SheetScript
import SheetTrace

/// Reads a scenario call's arguments, refusing bad ones with a message that quotes the value.
package struct ScenarioArguments {
  /// The scenario function's name.
  package var name: String
  /// The call's arguments.
  package var values: [LuaValue]

  /// A key of an argument table: a field name or a list position.
  package enum Key: Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case field(String)
    case position(Int)
    package init(stringLiteral value: String) { self = .field(value) }
    package init(integerLiteral value: Int) { self = .position(value) }

    /// The key as a table of the call holds it (a position as its number in text, as ``table(known:optional:)``
    /// keys the list part).
    var name: String {
      switch self {
      case .field(let name): name
      case .position(let index): "\(index)"
      }
    }

    /// Whether a table's key `key` is this one.
    func matches(_ key: String) -> Bool {
      switch self {
      case .field(let name): name == key
      case .position(let index): Int(key) == index && "\(index)" == key
      }
    }
  }

  /// The first argument as a table of fields (its list part keyed by position).
  /// - Parameters:
  ///   - known: The keys accepted; `nil` accepts any string key.
  ///   - optional: Whether a missing argument reads as an empty table.
  /// - Returns: The fields.
  /// - Throws: `ScenarioRefusal` for a missing table or an unknown key (with the nearest known one).
  package func table(known: [Key]?, optional: Bool = false) throws(ScenarioRefusal) -> [String: LuaValue] {
    guard let first = values.first, first != .nil else {
      if optional { return [:] }
      throw ScenarioRefusal(message: "expected a table argument")
    }
    guard case .table(let array, var fields) = first else {
      throw ScenarioRefusal(message: "expected a table argument, got \(describe(first))")
    }
    for (index, value) in array.enumerated() { fields["\(index + 1)"] = value }
    guard let known else { return fields }
    guard fields.keys.contains(where: { key in !known.contains { $0.matches(key) } }) else { return fields }
    let names = known.map(\.name)
    for key in fields.keys.sorted() where !names.contains(key) {
      let hint = NameSuggestion.hint(key, among: names.filter { Int($0) == nil })
      throw ScenarioRefusal(message: "unknown field '\(key)'\(hint)")
    }
    return fields
  }

  /// A numeric field, if present.
  package func number(_ fields: [String: LuaValue], _ key: Key, _ range: ClosedRange<Double>)
    throws(ScenarioRefusal)
    -> Double?
  {
    let name = key.name
    guard let value = fields[name], value != .nil else { return nil }
    guard let number = value.doubleValue, number.isFinite, range.contains(number) else {
      throw ScenarioRefusal(
        message: "field '\(name)' must be a number in \(TraceNumber.format(range.lowerBound))..."
          + "\(TraceNumber.format(range.upperBound)), got \(describe(value))")
    }
    return number
  }

  /// The `finger` field of a touch call: a whole number in `SheetLimits.fingers`, 1 when absent.
  package func finger(_ fields: [String: LuaValue]) throws(ScenarioRefusal) -> Int {
    let range = SheetLimits.fingers
    guard let number = try number(fields, "finger", Double(range.lowerBound)...Double(range.upperBound))
    else {
      return 1
    }
    guard number == number.rounded() else {
      throw ScenarioRefusal(
        message: "field 'finger' must be a whole number, got \(describe(fields["finger"]))")
    }
    return Int(number)
  }

  /// The first argument as a number.
  package func positional(_ range: ClosedRange<Double>) throws(ScenarioRefusal) -> Double {
    guard let value = values.first, let number = value.doubleValue, number.isFinite, range.contains(number)
    else {
      throw ScenarioRefusal(
        message:
          "expected a number in \(TraceNumber.format(range.lowerBound))...\(TraceNumber.format(range.upperBound)), "
          + "got \(describe(values.first))")
    }
    return number
  }

  /// The `scroll` field of `content`: a table `{ content_height = points, top = points, height = points }`
  /// (`top` 0 and `height` the rest of the sheet when left out), `false` for none, or nothing.
  /// - Parameter value: The field's value.
  /// - Returns: The change.
  /// - Throws: `ScenarioRefusal` quoting a bad value or naming an unknown field (with the nearest).
  package func scroll(_ value: LuaValue?) throws(ScenarioRefusal) -> ScrollChange {
    switch value {
    case nil, .nil?: return .keep
    case .boolean(false)?: return .remove
    case .table(let array, let fields)? where array.isEmpty:
      let inner = ScenarioArguments(name: name, values: [.table(array: [], fields: fields)])
      let known: [Key] = ["content_height", "top", "height"]
      let t: [String: LuaValue]
      do throws(ScenarioRefusal) {
        t = try inner.table(known: known)
      } catch {
        throw ScenarioRefusal(message: "scroll: \(error.message)")
      }
      guard let content = try inner.number(t, "content_height", 0...1_000_000) else {
        throw ScenarioRefusal(
          message: "scroll: expected { content_height = points, top = points, height = points }")
      }
      return .set(
        ScrollView(
          contentHeight: content, top: try inner.number(t, "top", 0...100_000) ?? 0,
          height: try inner.number(t, "height", 0...100_000)))
    case let other?:
      throw ScenarioRefusal(
        message:
          "field 'scroll' must be a table { content_height = points, ... } or false, got \(describe(other))")
    }
  }

  /// A value as a message quotes it.
  package func describe(_ value: LuaValue?) -> String {
    FieldReader.describe(value ?? .nil)
  }
}
