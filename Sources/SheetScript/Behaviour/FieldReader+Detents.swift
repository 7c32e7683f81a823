import LuaHost
import SheetCore

extension FieldReader {
  /// Reads `detents`: a list of `{ id = ..., height = ... | fraction = ... | inset = ... }` entries.
  /// - Parameters:
  ///   - value: The list.
  ///   - path: Where it was found (`detents`, or a detents function's result).
  /// - Returns: The entries in declaration order.
  /// - Throws: `BehaviourError` for a missing id, or a height given in none or several ways; with
  ///   ``checksValues``, also for a repeated id, an empty list or a number out of its range.
  package func detents(_ value: LuaValue, at path: [PathComponent]) throws(BehaviourError) -> [BehaviourSpec
    .DetentEntry]
  {
    let expected = "a list of { id = 'name', height = ... } entries"
    let (array, fields) = try table(value, at: path, expected: expected)
    guard fields.isEmpty, !array.isEmpty || !checksValues else {
      throw invalid(value, at: path, expected: expected)
    }
    var entries: [BehaviourSpec.DetentEntry] = []
    for (offset, item) in array.enumerated() {
      let entry = try detent(item, at: path + [.index(offset + 1)])
      if checksValues && entries.contains(where: { $0.id == entry.id }) {
        throw invalid(
          .string(entry.id), at: path + [.index(offset + 1), .key("id")], expected: "a unique detent id")
      }
      entries.append(entry)
    }
    return entries
  }

  private func detent(_ value: LuaValue, at path: [PathComponent]) throws(BehaviourError)
    -> BehaviourSpec.DetentEntry
  {
    let expected = "{ id = 'name', height = points | 'content' | function } or fraction = or inset ="
    let (_, fields) = try table(value, at: path, expected: expected)
    try checkKeys(fields, at: path, known: ["id", "height", "fraction", "inset", "max"])
    let id = try string(fields["id"] ?? .nil, at: path + [.key("id")])
    guard id != "dismiss" else {
      throw invalid(.string(id), at: path + [.key("id")], expected: "an id other than 'dismiss' (reserved)")
    }
    let given = ["height", "fraction", "inset"].filter { fields[$0] != nil }
    guard given.count == 1, let key = given.first, let raw = fields[key] else {
      throw invalid(value, at: path, expected: "exactly one of height, fraction or inset")
    }
    let max = try fields["max"].map { v throws(BehaviourError) in
      try number(v, at: path + [.key("max")], in: 0...100_000)
    }
    let height: BehaviourSpec.DetentHeight
    switch (key, raw) {
    case ("height", .string("content")): height = .content(max: max)
    case ("height", .function(let function)): height = .function(function)
    case ("height", _): height = .fixed(try number(raw, at: path + [.key(key)], in: 0...100_000))
    case ("fraction", _): height = .fraction(try number(raw, at: path + [.key(key)], in: 0...1))
    default: height = .inset(try number(raw, at: path + [.key(key)], in: 0...100_000))
    }
    return BehaviourSpec.DetentEntry(id: id, height: height)
  }
}
