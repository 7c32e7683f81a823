import LuaHost
import SheetCore

/// The behaviour as the core's policy: each decision calls its Lua callback when it has one, through the
/// reused views, and otherwise asks the fallback default policy. A Lua error, a blown budget or memory
/// cap, or a result of the wrong type becomes a `ScriptError` that names the file, the line and the
/// callback; the core records it and lets the default policy decide.
///
/// Results are only converted here (a Lua value to the Swift type, or a type error): the core checks
/// their values, as it does every policy's, and ``scriptError(refusing:_:)`` names the Lua field and its line in
/// the script error it records for one it refuses.
extension Behaviour: SheetPolicy {
  /// The detents for a screen: for `detents = function(ctx)`, one call of the function (its entries'
  /// `height` functions run within the same resolution, with the same `ctx`); for a literal list, each
  /// `height` function once. Without `detents`, the standard configuration's.
  public func detents(in context: DetentContext) throws(ScriptError) -> [ResolvedDetent] {
    if let function = spec.detentsFunction {
      views.update(context: context)
      let list = try invoke("detents") { () throws(LuaError) in
        try function.call([.tableRef(views.context)]).first ?? .nil
      }
      let entries: [BehaviourSpec.DetentEntry]
      do throws(BehaviourError) {
        entries = try resultReader.detents(list, at: [.key("detents")])
      } catch {
        throw ScriptError(callback: "detents", message: error.description)
      }
      return try heights(of: entries, in: context, viewsReady: true)
    }
    guard let entries = spec.detents else { return defaultPolicy.detents(in: context) }
    return try heights(of: entries, in: context, viewsReady: false)
  }

  /// The entries' heights in `context`, as computed (the core checks them); a `height` function
  /// returning nil leaves its detent out.
  private func heights(
    of entries: [BehaviourSpec.DetentEntry], in context: DetentContext, viewsReady: Bool
  ) throws(ScriptError) -> [ResolvedDetent] {
    var ready = viewsReady
    var result: [ResolvedDetent] = []
    result.reserveCapacity(entries.count)
    for entry in entries {
      let height: Double?
      if case .function(let function) = entry.height {
        if !ready {
          views.update(context: context)
          ready = true
        }
        let value = try invoke("detents") { () throws(LuaError) in try function.callOne(views.context) }
        if value == .nil {
          height = nil
        } else if let number = value.doubleValue {
          height = number
        } else {
          throw recordScriptError(
            "detents", returned: value, expected: "a height in points or nil for detent '\(entry.id)'")
        }
      } else {
        height = resolver(for: entry.height).rawHeight(in: context)
      }
      if let height { result.append(ResolvedDetent(id: entry.id, height: height)) }
    }
    return result
  }

  public func dragHeight(_ input: DragInput) throws(ScriptError) -> Double {
    guard let dragCall else { return defaultPolicy.dragHeight(input) }
    views.stage(gesture: input)
    let value = try invoke("on_drag") { () throws(LuaError) in try dragCall.callOne() }
    guard let height = value.doubleValue else {
      throw recordScriptError("on_drag", returned: value, expected: "a height in points")
    }
    return height
  }

  public func release(_ input: ReleaseInput) throws(ScriptError) -> ReleaseDecision {
    guard let onRelease = spec.onRelease else { return defaultPolicy.release(input) }
    views.update(gesture: input)
    let results = try invoke("on_release") { () throws(LuaError) in
      try onRelease.call([.tableRef(views.sheet), .tableRef(views.gesture)])
    }
    let first = results.first ?? .nil
    let target: ReleaseTarget
    switch first {
    case .string("dismiss"): target = .dismiss
    case .string(let id): target = .detent(id)
    case .table(_, let fields) where fields["height"]?.doubleValue != nil:
      target = .height(fields["height"]?.doubleValue ?? 0)
    default:
      throw recordScriptError(
        "on_release", returned: first, expected: "a detent id, 'dismiss' or { height = points }")
    }
    var reason = "on_release -> \(target.name)"
    if results.count > 1, case .string(let text) = results[1] { reason = text }
    var animation: TransitionAnimation?
    if results.count > 2, results[2] != .nil {
      animation = try readAnimation(results[2], callback: "on_release")
    }
    return ReleaseDecision(target, reason: reason, animation: animation)
  }

  public func backdrop(_ sheet: SheetSnapshot) throws(ScriptError) -> Double? {
    guard let backdropCall else { return defaultPolicy.backdrop(sheet) }
    views.stage(sheet: sheet)
    let value = try invoke("backdrop") { () throws(LuaError) in try backdropCall.callOne() }
    if value == .nil { return nil }
    guard let opacity = value.doubleValue else {
      throw recordScriptError("backdrop", returned: value, expected: "an opacity or nil")
    }
    return opacity
  }

  public func animation(for transition: SheetTransition, _ sheet: SheetSnapshot) throws(ScriptError)
    -> TransitionAnimation
  {
    if let function = spec.animationsFunction {
      views.update(sheet: sheet)
      let value = try invoke("animations") { () throws(LuaError) in
        try function.call([.tableRef(views.sheet), .string(transition.rawValue)]).first ?? .nil
      }
      if value == .nil { return defaultPolicy.animation(for: transition, sheet) }
      return try readAnimation(value, callback: "animations")
    }
    let entry = spec.animations[transition] ?? spec.animations[Self.stand(in: transition)]
    switch entry {
    case nil: return defaultPolicy.animation(for: transition, sheet)
    case .fixed(let animation)?: return animation
    case .function(let function)?:
      views.update(sheet: sheet)
      // `call` converts the returned table by value, which the animation reader needs (`callOne`
      // would hand back a reference and every table would be refused).
      let value = try invoke("animations") { () throws(LuaError) in
        try function.call([.tableRef(views.sheet)]).first ?? .nil
      }
      return try readAnimation(value, callback: "animations")
    }
  }

  /// `on_tap`'s answer: `'dismiss'`, a detent id (the core checks it is active), or nil or false for
  /// nothing.
  public func tap(_ region: TouchRegion, x: Double, y: Double, _ sheet: SheetSnapshot) throws(ScriptError)
    -> TapAction
  {
    guard let onTap = spec.onTap else { return try defaultPolicy.tap(region, x: x, y: y, sheet) }
    views.update(tap: region, x: x, y: y, sheet: sheet)
    let value = try invoke("on_tap") { () throws(LuaError) in try onTap.callOne(views.sheet, views.tap) }
    switch value {
    case .string("dismiss"): return .dismiss
    case .string(let id): return .snap(id)
    case .nil, .boolean(false): return .none
    default: throw recordScriptError("on_tap", returned: value, expected: "'dismiss', a detent id or nil")
    }
  }

  public func resizeTarget(_ sheet: SheetSnapshot) throws(ScriptError) -> String? {
    guard let onResize = spec.onResize else { return nil }
    views.update(sheet: sheet)
    let value = try invoke("on_resize") { () throws(LuaError) in try onResize.callOne(views.sheet) }
    switch value {
    case .nil: return nil
    case .string(let id): return id
    default: throw recordScriptError("on_resize", returned: value, expected: "a detent id or nil")
    }
  }

  /// `on_scroll(sheet, gesture, scroll)`: 'sheet' or 'scroll', or nil for the built-in rule.
  public func scrollOwner(_ input: GestureInput, _ scroll: ScrollSnapshot) throws(ScriptError) -> ScrollOwner?
  {
    guard let scrollCall else { return nil }
    views.stage(gesture: input)
    views.stage(scroll: scroll)
    // the gesture's and the scroll's numbers are written in the crossing of the call
    let value = try invoke("on_scroll") { () throws(LuaError) in try scrollCall.callOne() }
    switch value {
    case .nil: return nil
    case .string(let name):
      if let owner = ScrollOwner(rawValue: name) { return owner }
      throw recordScriptError("on_scroll", returned: value, expected: "'sheet', 'scroll' or nil")
    default: throw recordScriptError("on_scroll", returned: value, expected: "'sheet', 'scroll' or nil")
    }
  }

  public func keyboardTarget(_ keyboard: SheetKeyboard, _ sheet: SheetSnapshot) throws(ScriptError)
    -> ReleaseTarget?
  {
    guard let onKeyboard = spec.onKeyboard else { return nil }
    views.update(keyboard: keyboard, sheet: sheet)
    let value = try invoke("on_keyboard") { () throws(LuaError) in
      try onKeyboard.call([.tableRef(views.sheet), .tableRef(views.keyboard)]).first ?? .nil
    }
    switch value {
    case .nil: return nil
    case .string(let id): return .detent(id)
    case .table(_, let fields) where fields["height"]?.doubleValue != nil:
      return .height(fields["height"]?.doubleValue ?? 0)
    default:
      throw recordScriptError(
        "on_keyboard", returned: value, expected: "a detent id, { height = points } or nil")
    }
  }

  /// `behind(sheet)`'s table (`scale`, `corner_radius`, `offset`, `dim`, each optional) as the view behind
  /// the sheet, or nil to keep the previous frame's; another key, or a value that is not a number, is a
  /// script error (the core checks the numbers' ranges).
  public func behind(_ sheet: SheetSnapshot) throws(ScriptError) -> BehindView? {
    guard let behindCall else { return nil }
    views.stage(sheet: sheet)
    let value = try invoke("behind") { () throws(LuaError) -> LuaValue in
      let result = try behindCall.callOne()
      if case .tableRef(let table) = result { return try table.value() }
      return result
    }
    let expected = "a table of scale, corner_radius, offset and dim (numbers), or nil"
    if value == .nil { return nil }
    guard case .table(let array, let fields) = value, array.isEmpty else {
      throw recordScriptError("behind", returned: value, expected: expected)
    }
    var numbers: [Double?] = []
    for key in BehaviourViews.behindFields {
      guard let field = fields[key] else {
        numbers.append(nil)
        continue
      }
      guard let number = field.doubleValue else {
        throw recordScriptError(
          "behind", returned: value, expected: "\(key) to be a number, not a \(field.typeName)")
      }
      numbers.append(number)
    }
    if fields.count > numbers.count(where: { $0 != nil }) {
      let key = fields.keys.sorted().first { !BehaviourViews.behindFields.contains($0) } ?? ""
      let hint = NameSuggestion.hint(key, among: BehaviourViews.behindFields)
      throw recordScriptError("behind", returned: value, expected: "\(expected); unknown key '\(key)'\(hint)")
    }
    let view = BehindView(
      scale: numbers[0] ?? 1, cornerRadius: numbers[1] ?? 0, offset: numbers[2] ?? 0, dim: numbers[3] ?? 0)
    return view
  }

  public func stateDidChange(from: SheetState, to: SheetState, _ sheet: SheetSnapshot) throws(ScriptError) {
    guard let onState = spec.onState else { return }
    views.update(sheet: sheet)
    try invoke("on_state") { () throws(LuaError) in  // its results are ignored, so never converted
      try onState.callIgnoringResults([.tableRef(views.sheet), .string(from.rawValue), .string(to.rawValue)])
    }
  }

  /// `on_dismiss_attempt(sheet, cause)`: told, results ignored.
  public func dismissAttempt(_ cause: SheetEvent.DismissCause, _ sheet: SheetSnapshot) throws(ScriptError) {
    guard let onAttempt = spec.onDismissAttempt else { return }
    views.update(sheet: sheet)
    try invoke(BehaviourField.onDismissAttempt.rawValue) { () throws(LuaError) in
      try onAttempt.callIgnoringResults([.tableRef(views.sheet), .string(cause.rawValue)])
    }
  }

  /// A `curve = function(t)` of the behaviour's animations at a frame's time progress: one call of the
  /// function with the number (allocation-free); an error or a result that is not a number is a script error of
  /// `animations`, and the core finishes the transition with its default policy.
  public func curve(_ id: Int, at progress: Double) throws(ScriptError) -> Double {
    guard let function = curves.function(id) else {
      throw ScriptError(
        callback: BehaviourField.animations.rawValue,
        message: "\(source.name): animations curve \(id) is no longer available")
    }
    return try invoke(BehaviourField.animations.rawValue) { () throws(LuaError) in try function.call(progress)
    }
  }

  /// Names the Lua field behind `callback` and its line, when the behaviour defines it; otherwise the
  /// default policy's result was refused, and the core's name stands.
  public func scriptError(refusing callback: PolicyCallback, _ reason: String) -> ScriptError {
    guard let field = field(of: callback) else {
      return ScriptError(callback: callback.rawValue, message: reason)
    }
    return ScriptError(
      callback: field, message: "\(source.name):\(locator.line(of: [.key(field)])): \(field) \(reason)")
  }

  /// The behaviour field whose code (or table) gave `callback`'s result, or nil when the default policy
  /// gave it (the behaviour does not set the field).
  private func field(of callback: PolicyCallback) -> String? {
    let field = BehaviourField(checking: callback)
    let defines =
      switch field {
      case .detents: spec.detents != nil || spec.detentsFunction != nil
      case .onDrag: spec.onDrag != nil
      case .onRelease: spec.onRelease != nil
      case .backdrop: spec.backdrop != nil
      case .animations: spec.animationsFunction != nil || !spec.animations.isEmpty
      case .onResize: spec.onResize != nil
      case .onTap: spec.onTap != nil
      case .onKeyboard: spec.onKeyboard != nil
      case .behind: spec.behind != nil
      case .onBack: spec.onBack != nil
      case .accessibility: spec.accessibility != nil
      default: false
      }
    return defines ? field.rawValue : nil
  }

  /// Reads a callback's result: types only, the core checks the values (a curve function's ends are
  /// checked here, as the core cannot); its curves take the registry's reused slots.
  private var resultReader: FieldReader {
    FieldReader(
      file: source.name, locator: locator, checksValues: false, curves: curves, curvesArePermanent: false)
  }

  /// Runs one Lua call, turning its error into a script error that names the callback.
  func invoke<T>(_ callback: String, _ body: () throws(LuaError) -> T) throws(ScriptError) -> T {
    do {
      return try body()
    } catch {
      throw ScriptError(callback: callback, message: message(for: error, callback: callback))
    }
  }

  /// The script error for a result of the wrong type or range.
  func recordScriptError(_ callback: String, returned value: LuaValue, expected: String)
    -> ScriptError
  {
    ScriptError(
      callback: callback,
      message: "\(source.name):\(locator.line(of: [.key(callback)])): \(callback) returned "
        + "\(FieldReader.describe(value)); expected \(expected)")
  }

  /// Reads an animation a callback returned (its types; the core checks whether it can be played).
  func readAnimation(_ value: LuaValue, callback: String) throws(ScriptError) -> TransitionAnimation {
    do throws(BehaviourError) {
      return try resultReader.animation(value, at: [.key(callback)])
    } catch {
      throw ScriptError(callback: callback, message: error.description)
    }
  }

  /// The transition whose animation stands in for one the behaviour leaves out (`restore` and `resize`
  /// use `snap`'s).
  static func stand(in transition: SheetTransition) -> SheetTransition {
    transition == .restore || transition == .resize ? .snap : transition
  }
}
