import LuaHost
import SheetCore

extension FieldReader {
  /// Reads `animations`: per transition a spec table or a function of the sheet returning one.
  func animations(_ value: LuaValue) throws(BehaviourError) -> [SheetTransition: BehaviourSpec.AnimationEntry]
  {
    let path: [PathComponent] = [.field(.animations)]
    let names = SheetTransition.allCases.map(\.rawValue)
    let (array, fields) = try table(
      value, at: path, expected: "a table keyed by " + names.joined(separator: ", "))
    guard array.isEmpty else { throw invalid(value, at: path, expected: "a table keyed by transition names") }
    try checkKeys(fields, at: path, known: names)
    var result: [SheetTransition: BehaviourSpec.AnimationEntry] = [:]
    for key in fields.keys.sorted() {
      guard let transition = SheetTransition(rawValue: key), let entry = fields[key] else { continue }
      if case .function(let function) = entry {
        result[transition] = .function(function)
      } else {
        result[transition] = .fixed(try animation(entry, at: path + [.key(key)]))
      }
    }
    return result
  }

  /// Reads one animation: a height motion, an optional `backdrop` motion and an optional `slide`.
  /// - Parameters:
  ///   - value: `{ curve = 'ease_out', duration = 0.25 }`, `{ spring = { damping_ratio =, response = } }`,
  ///     `{ spring = { duration =, damping_ratio = } }`, each with optional `backdrop = <motion>` and `slide =`.
  ///   - path: Where it was found.
  /// - Returns: The animation.
  func animation(_ value: LuaValue, at path: [PathComponent]) throws(BehaviourError) -> TransitionAnimation {
    let (_, fields) = try table(value, at: path, expected: "an animation table")
    try checkKeys(fields, at: path, known: ["curve", "duration", "spring", "backdrop", "slide"])
    let height = try motion(fields, value, at: path)
    var backdrop: Motion?
    if let raw = fields["backdrop"] {
      let (_, backdropFields) = try table(raw, at: path + [.key("backdrop")], expected: "a motion table")
      try checkKeys(backdropFields, at: path + [.key("backdrop")], known: ["curve", "duration", "spring"])
      backdrop = try motion(backdropFields, raw, at: path + [.key("backdrop")])
    }
    let slide = try fields["slide"].map { v throws(BehaviourError) in
      try number(v, at: path + [.key("slide")], in: 0...100_000)
    }
    return TransitionAnimation(height: height, backdrop: backdrop, slide: slide)
  }

  private func motion(_ fields: [String: LuaValue], _ value: LuaValue, at path: [PathComponent])
    throws(BehaviourError)
    -> Motion
  {
    if let spring = fields["spring"] {
      let springPath = path + [.key("spring")]
      let (_, parts) = try table(
        spring, at: springPath, expected: "{ damping_ratio =, response = } or { duration =, damping_ratio = }"
      )
      try checkKeys(parts, at: springPath, known: ["damping_ratio", "response", "duration"])
      let zeta = try number(
        parts["damping_ratio"] ?? .number(1), at: springPath + [.key("damping_ratio")], in: 0.01...100)
      if let duration = parts["duration"] {
        return .springDuration(
          duration: try number(duration, at: springPath + [.key("duration")], in: 0.001...60),
          dampingRatio: zeta)
      }
      let response = try number(
        parts["response"] ?? .nil, at: springPath + [.key("response")], in: 0.001...60)
      return .spring(dampingRatio: zeta, response: response)
    }
    guard let rawDuration = fields["duration"] else {
      throw invalid(value, at: path, expected: "a curve with a duration, or a spring")
    }
    // Like the `sheet` helpers: a duration is positive (a zero one would be a jump, not an animation).
    let duration = try number(rawDuration, at: path + [.key("duration")], in: 0.001...60)
    return .curve(
      try curve(fields["curve"] ?? .string("ease_in_out"), at: path + [.key("curve")]), duration: duration)
  }

  private func curve(_ value: LuaValue, at path: [PathComponent]) throws(BehaviourError) -> Curve {
    let names: [String: Curve] = [
      "linear": .linear, "ease_in": .easeIn, "ease_out": .easeOut, "ease_in_out": .easeInOut,
    ]
    if case .string(let name) = value, let curve = names[name] { return curve }
    if case .table(_, let fields) = value, case .table(let points, _)? = fields["bezier"], points.count == 4 {
      var p: [Double] = []
      for (index, point) in points.enumerated() {
        let range: ClosedRange<Double> = index % 2 == 0 ? 0...1 : -10...10
        p.append(try number(point, at: path + [.key("bezier"), .index(index + 1)], in: range))
      }
      return .bezier(p[0], p[1], p[2], p[3])
    }
    throw invalid(
      value, at: path,
      expected: "'linear', 'ease_in', 'ease_out', 'ease_in_out' or { bezier = { x1, y1, x2, y2 } }")
  }
}
