import LuaHost
import SheetCore

/// The back action, the accessibility actions and the animations under reduce motion, as a behaviour
/// overrides them (`on_back`, `accessibility`, `reduced`).
extension Behaviour {
  /// `on_back(sheet)`'s answer: a detent id (the core checks it is active), `'dismiss'`, `false` for
  /// nothing (the back goes on to the app), or nil for the `back` field's rule.
  public func back(_ sheet: SheetSnapshot) throws(ScriptError) -> ReleaseTarget? {
    guard let onBack = spec.onBack else { return defaultPolicy.back(sheet) }
    views.update(sheet: sheet)
    let name = BehaviourField.onBack.rawValue
    let value = try invoke(name) { () throws(LuaError) in try onBack.callOne(views.sheet) }
    switch value {
    case .nil: return defaultPolicy.back(sheet)
    case .boolean(false): return nil
    case .string("dismiss"): return .dismiss
    case .string(let id): return .detent(id)
    default: throw recordScriptError(name, returned: value, expected: "a detent id, 'dismiss', false or nil")
    }
  }

  /// `accessibility(sheet, actions)`'s answer: the actions offered now, a table from action name
  /// (`expand`, `collapse`, `dismiss`) to a detent id or `'dismiss'` (the core checks them); `actions`
  /// is the default policy's table, and nil keeps it.
  public func accessibilityActions(_ sheet: SheetSnapshot) throws(ScriptError) -> [AccessibilityAction] {
    let defaults = defaultPolicy.accessibilityActions(sheet)
    guard let function = spec.accessibility else { return defaults }
    views.update(sheet: sheet)
    var table: [String: LuaValue] = [:]
    for action in defaults { table[action.name.rawValue] = .string(action.target.name) }
    let name = BehaviourField.accessibility.rawValue
    // `call` hands the returned table back by value
    let value = try invoke(name) { () throws(LuaError) in
      try function.call([.tableRef(views.sheet), .table(array: [], fields: table)]).first ?? .nil
    }
    let expected = "a table of 'expand', 'collapse' and 'dismiss' to a detent id or 'dismiss', or nil"
    switch value {
    case .nil: return defaults
    case .table(let array, let fields) where array.isEmpty:
      var actions: [AccessibilityAction] = []
      // sorted: the unknown key a script error names is the same in every process
      for key in fields.keys.sorted() where AccessibilityAction.Name(rawValue: key) == nil {
        throw recordScriptError(name, returned: .string(key), expected: expected)
      }
      for action in AccessibilityAction.Name.allCases {
        switch fields[action.rawValue] {
        case nil, .boolean(false)?: continue
        case .string("dismiss")?: actions.append(AccessibilityAction(action, to: .dismiss))
        case .string(let id)?: actions.append(AccessibilityAction(action, to: .detent(id)))
        case let other?: throw recordScriptError(name, returned: other, expected: expected)
        }
      }
      return actions
    default: throw recordScriptError(name, returned: value, expected: expected)
    }
  }

  /// The `reduced` table's animation for the transition (`restore` and `resize` fall back to `snap`'s),
  /// or nil for the default cross-fade.
  public func reducedAnimation(for transition: SheetTransition, _ sheet: SheetSnapshot) throws(ScriptError)
    -> TransitionAnimation?
  {
    switch spec.reduced[transition] ?? spec.reduced[Self.stand(in: transition)] {
    case nil: return nil
    case .fixed(let animation)?: return animation
    case .function(let function)?:
      views.update(sheet: sheet)
      let name = BehaviourField.reduced.rawValue
      let value = try invoke(name) { () throws(LuaError) in
        try function.call([.tableRef(views.sheet)]).first ?? .nil
      }
      return value == .nil ? nil : try readAnimation(value, callback: name)
    }
  }
}
