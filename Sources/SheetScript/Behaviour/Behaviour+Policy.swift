import LuaHost
import SheetCore

/// The behaviour as the core's policy: each decision calls its Lua callback when it has one, through the
/// reused views, and otherwise asks the fallback default policy. A Lua error, a blown budget or memory
/// cap, or a result of the wrong type becomes a ``PolicyFault`` that names the file, the line and the
/// callback; the core records it and lets the default policy decide.
extension Behaviour: SheetPolicy {
  public func dragHeight(_ input: DragInput) throws(PolicyFault) -> Double {
    guard let onDrag = spec.onDrag else { return fallbackPolicy.dragHeight(input) }
    views.update(gesture: input)
    let value = try invoke("on_drag") { () throws(LuaError) in try onDrag.callOne(views.sheet, views.gesture)
    }
    guard let height = value.doubleValue, height.isFinite, height >= 0, height <= input.geometry.height else {
      throw fault(
        "on_drag", returned: value, expected: "a height in [0, \(Format.fixed(input.geometry.height, 0))]")
    }
    return height
  }

  public func release(_ input: ReleaseInput) throws(PolicyFault) -> ReleaseDecision {
    guard let onRelease = spec.onRelease else { return fallbackPolicy.release(input) }
    views.update(gesture: input)
    let results = try invoke("on_release") { () throws(LuaError) in
      try onRelease.call([.tableRef(views.sheet), .tableRef(views.gesture)])
    }
    let first = results.first ?? .nil
    let target: ReleaseTarget
    switch first {
    case .string("dismiss"): target = .dismiss
    case .string(let id) where input.detents.contains { $0.id == id }: target = .detent(id)
    case .table(_, let fields) where fields["height"]?.doubleValue != nil:
      target = .height(fields["height"]?.doubleValue ?? 0)
    default:
      let ids = input.detents.map { "'\($0.id)'" }.joined(separator: ", ")
      throw fault(
        "on_release", returned: first,
        expected: "an active detent id (\(ids.isEmpty ? "none" : ids)), 'dismiss' or { height = points }")
    }
    var reason = "on_release -> \(Self.describe(target))"
    if results.count > 1, case .string(let text) = results[1] { reason = text }
    var animation: TransitionAnimation?
    if results.count > 2, results[2] != .nil {
      animation = try readAnimation(results[2], callback: "on_release")
    }
    return ReleaseDecision(target, reason: reason, animation: animation)
  }

  public func backdrop(_ sheet: SheetSnapshot) throws(PolicyFault) -> Double? {
    guard let backdrop = spec.backdrop else { return fallbackPolicy.backdrop(sheet) }
    views.update(sheet: sheet)
    let value = try invoke("backdrop") { () throws(LuaError) in try backdrop.callOne(views.sheet) }
    if value == .nil { return nil }
    guard let opacity = value.doubleValue, opacity.isFinite, opacity >= 0, opacity <= 1 else {
      throw fault("backdrop", returned: value, expected: "an opacity in [0, 1] or nil")
    }
    return opacity
  }

  public func animation(for transition: SheetTransition, _ sheet: SheetSnapshot) throws(PolicyFault)
    -> TransitionAnimation
  {
    if let function = spec.animationsFunction {
      views.update(sheet: sheet)
      let value = try invoke("animations") { () throws(LuaError) in
        try function.call([.tableRef(views.sheet), .string(transition.rawValue)]).first ?? .nil
      }
      if value == .nil { return fallbackPolicy.animation(for: transition, sheet) }
      return try readAnimation(value, callback: "animations")
    }
    let entry = spec.animations[transition] ?? spec.animations[Self.stand(in: transition)]
    switch entry {
    case nil: return fallbackPolicy.animation(for: transition, sheet)
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

  public func tap(_ region: TouchRegion, y: Double, _ sheet: SheetSnapshot) throws(PolicyFault) -> TapAction {
    guard let onTap = spec.onTap else { return try fallbackPolicy.tap(region, y: y, sheet) }
    views.update(tap: region, y: y, sheet: sheet)
    let value = try invoke("on_tap") { () throws(LuaError) in try onTap.callOne(views.sheet, views.tap) }
    switch value {
    case .string("dismiss"): return .dismiss
    case .nil, .boolean(false): return .none
    default: throw fault("on_tap", returned: value, expected: "'dismiss' or nil")
    }
  }

  public func resizeTarget(_ sheet: SheetSnapshot) throws(PolicyFault) -> String? {
    guard let onResize = spec.onResize else { return nil }
    views.update(sheet: sheet)
    let value = try invoke("on_resize") { () throws(LuaError) in try onResize.callOne(views.sheet) }
    switch value {
    case .nil: return nil
    case .string(let id): return id
    default: throw fault("on_resize", returned: value, expected: "a detent id or nil")
    }
  }

  public func stateDidChange(from: SheetState, to: SheetState, _ sheet: SheetSnapshot) throws(PolicyFault) {
    guard let onState = spec.onState else { return }
    views.update(sheet: sheet)
    try invoke("on_state") { () throws(LuaError) in  // its results are ignored, so never converted
      try onState.callIgnoringResults([.tableRef(views.sheet), .string(from.rawValue), .string(to.rawValue)])
    }
  }

  /// Runs one Lua call, turning its error into a fault that names the callback.
  private func invoke<T>(_ callback: String, _ body: () throws(LuaError) -> T) throws(PolicyFault) -> T {
    do {
      return try body()
    } catch {
      throw PolicyFault(callback: callback, message: message(for: error, callback: callback))
    }
  }

  /// The fault for a result of the wrong type or range.
  private func fault(_ callback: String, returned value: LuaValue, expected: String) -> PolicyFault {
    PolicyFault(
      callback: callback,
      message: "\(source.name):\(locator.line(of: [.key(callback)])): \(callback) returned "
        + "\(FieldReader.describe(value)); expected \(expected)")
  }

  /// Reads an animation a callback returned.
  private func readAnimation(_ value: LuaValue, callback: String) throws(PolicyFault) -> TransitionAnimation {
    do throws(BehaviourError) {
      return try FieldReader(file: source.name, locator: locator).animation(value, at: [.key(callback)])
    } catch {
      throw PolicyFault(callback: callback, message: error.description)
    }
  }

  /// The transition whose animation stands in for one the behaviour leaves out (`restore` and `resize`
  /// use `snap`'s).
  private static func stand(in transition: SheetTransition) -> SheetTransition {
    transition == .restore || transition == .resize ? .snap : transition
  }

  /// A release target as a reason's text.
  static func describe(_ target: ReleaseTarget) -> String {
    switch target {
    case .detent(let id): id
    case .dismiss: "dismiss"
    case .height(let height): "height \(Format.fixed(height, 1))"
    }
  }
}
