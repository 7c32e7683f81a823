import LuaHost
import SheetCore

extension BehaviourSpec {
  /// Reads a behaviour table, checking every field's type and value.
  /// - Parameters:
  ///   - fields: The table's string-keyed fields (tables by value, functions by reference).
  ///   - file: The chunk's name, for messages.
  ///   - locator: Finds the line a field is written on.
  ///   - curves: Where the animations' `curve = function(t)` curves are registered.
  /// - Throws: `BehaviourError.invalidField` or `.unknownField` naming file, line, field and value.
  package init(fields: [String: LuaValue], file: String, locator: SourceLocator, curves: CurveRegistry)
    throws(BehaviourError)
  {
    var reader = FieldReader(file: file, locator: locator)
    reader.curves = curves
    if fields.keys.contains(where: { !BehaviourField.nameSet.contains($0) }) {
      // the first unknown field in name order is the one named
      for key in fields.keys.sorted() where BehaviourField(rawValue: key) == nil {
        throw .unknownField(
          location: SourceLocation(file: file, line: locator.line(of: [.key(key)])), path: key,
          suggestion: NameSuggestion.nearest(to: key, in: BehaviourField.allNames))
      }
    }
    func field(_ name: BehaviourField) -> LuaValue? { fields[name.rawValue] }
    if let value = field(.edge) {
      let name = try reader.choice(value, at: [.field(.edge)], from: SheetEdge.allCases.map(\.rawValue))
      edge = SheetEdge(rawValue: name) ?? .bottom
    }
    cornerRadius = try field(.cornerRadius).map { v throws(BehaviourError) in
      try reader.number(v, at: [.field(.cornerRadius)], in: 0...1000)
    }
    grabber = try field(.grabber).map { v throws(BehaviourError) in
      try reader.bool(v, at: [.field(.grabber)])
    }
    pannable = try field(.pannable).map { v throws(BehaviourError) in
      try reader.bool(v, at: [.field(.pannable)])
    }
    allowsDismiss = try field(.allowDismiss).map { v throws(BehaviourError) in
      try reader.bool(v, at: [.field(.allowDismiss)])
    }
    backdropMax = try field(.backdropMax).map { v throws(BehaviourError) in
      try reader.number(v, at: [.field(.backdropMax)], in: 0...1)
    }
    presentDetent = try field(.presentDetent).map { v throws(BehaviourError) in
      try reader.string(v, at: [.field(.presentDetent)])
    }
    backdropFollowsHeight = try field(.backdropFollowsHeight).map { v throws(BehaviourError) in
      try reader.bool(v, at: [.field(.backdropFollowsHeight)])
    }
    largestUndimmedDetent = try field(.largestUndimmedDetent).map { v throws(BehaviourError) in
      try reader.string(v, at: [.field(.largestUndimmedDetent)])
    }
    prefersScrollingExpands = try field(.prefersScrollingExpands).map { v throws(BehaviourError) in
      try reader.bool(v, at: [.field(.prefersScrollingExpands)])
    }
    if let value = field(.gestureArea) { gestureArea = try reader.gestureArea(value) }
    if let value = field(.tapToDismiss) { tapRegions = try reader.tapRegions(value) }
    if let value = field(.thresholds) { thresholds = try reader.thresholds(value) }
    onDrag = try reader.callback(fields, .onDrag)
    onRelease = try reader.callback(fields, .onRelease)
    backdrop = try reader.callback(fields, .backdrop)
    onTap = try reader.callback(fields, .onTap)
    onResize = try reader.callback(fields, .onResize)
    onState = try reader.callback(fields, .onState)
    onDismissAttempt = try reader.callback(fields, .onDismissAttempt)
    backCollapses = try field(.back).map { v throws(BehaviourError) in
      try reader.choice(v, at: [.field(.back)], from: ["collapse", "dismiss"]) == "collapse"
    }
    onBack = try reader.callback(fields, .onBack)
    accessibility = try reader.callback(fields, .accessibility)
    if let value = field(.reduced) { reduced = try reader.animations(value, field: .reduced) }
    onScroll = try reader.callback(fields, .onScroll)
    onKeyboard = try reader.callback(fields, .onKeyboard)
    behind = try reader.callback(fields, .behind)
    if let value = field(.keyboard) { keyboard = try reader.keyboardMode(value) }
    switch field(.detents) {
    case nil: break
    case .function(let function)?: detentsFunction = function
    case let value?: detents = try reader.detents(value, at: [.field(.detents)])
    }
    switch field(.animations) {
    case nil: break
    case .function(let function)?: animationsFunction = function
    case let value?: animations = try reader.animations(value)
    }
    try checkDetentReferences(reader)
  }

  /// The function a field holds: a callback, or `detents` or `animations` given as a function (`nil`
  /// for a field the file leaves out, gives as a value, or that is never a function).
  /// - Parameter field: The field.
  /// - Returns: The function.
  package func function(_ field: BehaviourField) -> LuaFunction? {
    switch field {
    case .detents: detentsFunction
    case .onDrag: onDrag
    case .onRelease: onRelease
    case .backdrop: backdrop
    case .onTap: onTap
    case .onResize: onResize
    case .onState: onState
    case .onDismissAttempt: onDismissAttempt
    case .onBack: onBack
    case .accessibility: accessibility
    case .onScroll: onScroll
    case .animations: animationsFunction
    case .onKeyboard: onKeyboard
    case .behind: behind
    case .keyboard, .name, .description, .edge, .cornerRadius, .grabber, .pannable, .gestureArea,
      .backdropMax, .tapToDismiss, .allowDismiss, .presentDetent, .largestUndimmedDetent,
      .backdropFollowsHeight, .prefersScrollingExpands, .thresholds, .back, .reduced:
      nil
    }
  }

  /// Checks that `present_detent` and `largest_undimmed_detent` name declared detents.
  private func checkDetentReferences(_ reader: FieldReader) throws(BehaviourError) {
    guard let ids = detents?.map(\.id) else { return }
    for (field, id) in [
      (BehaviourField.presentDetent, presentDetent), (.largestUndimmedDetent, largestUndimmedDetent),
    ] {
      guard let id, !ids.contains(id) else { continue }
      throw reader.invalid(
        .string(id), at: [.field(field)],
        expected: "one of the detent ids " + ids.map { "'\($0)'" }.joined(separator: ", "), among: ids)
    }
  }
}
