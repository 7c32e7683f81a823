import LuaHost
import SheetCore

extension BehaviourSpec {
  /// Reads a behaviour table, checking every field's type and value.
  /// - Parameters:
  ///   - fields: The table's string-keyed fields (tables by value, functions by reference).
  ///   - file: The chunk's name, for messages.
  ///   - locator: Finds the line a field is written on.
  /// - Throws: `BehaviourError.invalidField` or `.unknownField` naming file, line, field and value.
  init(fields: [String: LuaValue], file: String, locator: SourceLocator) throws(BehaviourError) {
    let reader = FieldReader(file: file, locator: locator)
    for key in fields.keys.sorted() where !Self.knownFields.contains(key) {
      throw .unknownField(
        file: file, line: locator.line(of: [.key(key)]), path: key,
        suggestion: NameSuggestion.nearest(to: key, in: Self.knownFields))
    }
    if let value = fields["edge"] {
      let name = try reader.choice(value, at: [.key("edge")], from: ["bottom", "top"])
      edge = name == "top" ? .top : .bottom
    }
    cornerRadius = try fields["corner_radius"].map { v throws(BehaviourError) in
      try reader.number(v, at: [.key("corner_radius")], in: 0...1000)
    }
    grabber = try fields["grabber"].map { v throws(BehaviourError) in
      try reader.bool(v, at: [.key("grabber")])
    }
    pannable = try fields["pannable"].map { v throws(BehaviourError) in
      try reader.bool(v, at: [.key("pannable")])
    }
    allowsDismiss = try fields["allow_dismiss"].map { v throws(BehaviourError) in
      try reader.bool(v, at: [.key("allow_dismiss")])
    }
    backdropMax = try fields["backdrop_max"].map { v throws(BehaviourError) in
      try reader.number(v, at: [.key("backdrop_max")], in: 0...1)
    }
    presentDetent = try fields["present_detent"].map { v throws(BehaviourError) in
      try reader.string(v, at: [.key("present_detent")])
    }
    largestUndimmedDetent = try fields["largest_undimmed_detent"].map { v throws(BehaviourError) in
      try reader.string(v, at: [.key("largest_undimmed_detent")])
    }
    if let value = fields["gesture_area"] { gestureArea = try reader.gestureArea(value) }
    if let value = fields["tap_to_dismiss"] { tapRegions = try reader.tapRegions(value) }
    if let value = fields["thresholds"] { thresholds = try reader.thresholds(value) }
    onDrag = try reader.callback(fields, "on_drag")
    onRelease = try reader.callback(fields, "on_release")
    backdrop = try reader.callback(fields, "backdrop")
    onTap = try reader.callback(fields, "on_tap")
    onResize = try reader.callback(fields, "on_resize")
    onState = try reader.callback(fields, "on_state")
    switch fields["detents"] {
    case nil: break
    case .function(let function)?: detentsFunction = function
    case let value?: detents = try reader.detents(value, at: [.key("detents")])
    }
    switch fields["animations"] {
    case nil: break
    case .function(let function)?: animationsFunction = function
    case let value?: animations = try reader.animations(value)
    }
    try checkDetentReferences(reader)
  }

  /// Checks that `present_detent` and `largest_undimmed_detent` name declared detents.
  private func checkDetentReferences(_ reader: FieldReader) throws(BehaviourError) {
    guard let ids = detents?.map(\.id) else { return }
    for (key, id) in [("present_detent", presentDetent), ("largest_undimmed_detent", largestUndimmedDetent)] {
      guard let id, !ids.contains(id) else { continue }
      throw reader.invalid(
        .string(id), at: [.key(key)],
        expected: "one of the detent ids " + ids.map { "'\($0)'" }.joined(separator: ", "))
    }
  }
}
