import LuaHost

/// What the host hands the `sheet` helper module when it installs it: the lookups `S.extend` needs and
/// Lua cannot make itself. They only read the binary's own data (the embedded presets, the field names)
/// or their arguments, so `S.extend` can never reach a file.
package enum HelperModuleHooks {
  /// `preset(name)`: the embedded preset's text, or `nil` and a message that quotes the name (cut to a
  /// readable length), suggests the nearest preset and lists them all.
  /// - Parameters:
  ///   - arguments: The call's arguments: the name.
  ///   - presets: Finds a preset's text by name (the embedded presets; a test passes its own).
  package static func preset(_ arguments: [LuaValue], presets: (String) -> String?) -> [LuaValue] {
    guard let name = arguments.first?.stringValue else {
      return [.nil, .string("preset name is not a string")]
    }
    if let text = presets(name) { return [.string(text)] }
    return [.nil, .string(BehaviourError.notFound(reference: name, searched: []).description)]
  }

  /// `field(name)`: `true` when a behaviour table may have a field of that name, else `false` and the
  /// nearest field's name (or nothing when none is close).
  package static func field(_ arguments: [LuaValue]) -> [LuaValue] {
    guard let name = arguments.first?.stringValue else { return [.boolean(false)] }
    if BehaviourField(rawValue: name) != nil { return [.boolean(true)] }
    guard let hint = NameSuggestion.nearest(to: name, in: BehaviourField.allNames) else {
      return [.boolean(false)]
    }
    return [.boolean(false), .string(hint)]
  }

  /// `suggest(name, names)`: the entry of the sequence `names` nearest to `name` when one is close (the
  /// typo rule of `NameSuggestion`), else nothing. At most 1,000 names are looked at.
  package static func suggest(_ arguments: [LuaValue]) -> [LuaValue] {
    guard let name = arguments.first?.stringValue, arguments.count > 1,
      case .table(let array, _) = arguments[1]
    else { return [] }
    let names = array.prefix(1000).compactMap(\.stringValue).filter { $0 != name }
    guard let hint = NameSuggestion.nearest(to: name, in: names) else { return [] }
    return [.string(hint)]
  }

  /// The embedded presets' texts by name (never the helper module itself).
  package static let embedded: @Sendable (String) -> String? = { Presets.source(named: $0)?.text }

  /// The hooks as the table the module's chunk receives.
  /// - Parameters:
  ///   - state: The state the module runs in.
  ///   - presets: Finds a preset's text by name.
  /// - Returns: `{ preset = function, field = function, suggest = function }`.
  package static func table(in state: LuaState, presets: @escaping (String) -> String? = embedded)
    throws(LuaError)
    -> LuaTable
  {
    let hooks = try state.newTable()
    try hooks.set(field: "preset", .function(try state.function { preset($0, presets: presets) }))
    try hooks.set(field: "field", .function(try state.function { field($0) }))
    try hooks.set(field: "suggest", .function(try state.function { suggest($0) }))
    return hooks
  }
}
