import LuaHost
import SheetCore

extension FieldReader {
  /// Reads `animations` (or `reduced`, the animations under reduce motion): per transition a spec
  /// table or a function of the sheet returning one.
  package func animations(_ value: LuaValue, field: BehaviourField = .animations) throws(BehaviourError)
    -> [SheetTransition: BehaviourSpec.AnimationEntry]
  {
    let path: [PathComponent] = [.field(field)]
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
  ///   - value: `{ curve = 'ease_out', duration = 0.25 }` (a curve may be a name, a Bézier or a function of
  ///     progress), `{ spring = { ... } }` in one of the spring forms with its options, each with optional
  ///     `backdrop = <motion>` and `slide =`.
  ///   - path: Where it was found.
  /// - Returns: The animation.
  package func animation(_ value: LuaValue, at path: [PathComponent]) throws(BehaviourError)
    -> TransitionAnimation
  {
    let (_, fields) = try table(value, at: path, expected: "an animation table")
    try checkKeys(
      fields, at: path, known: ["curve", "duration", "spring", "backdrop", "slide", "cross_fade"])
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
    let crossFade = try fields["cross_fade"].map { v throws(BehaviourError) in
      try bool(v, at: path + [.key("cross_fade")])
    }
    return TransitionAnimation(
      height: height, backdrop: backdrop, slide: slide, crossFade: crossFade ?? false)
  }

  private func motion(_ fields: [String: LuaValue], _ value: LuaValue, at path: [PathComponent])
    throws(BehaviourError)
    -> Motion
  {
    if let spring = fields["spring"] { return try self.spring(spring, at: path + [.key("spring")]) }
    guard let rawDuration = fields["duration"] else {
      throw invalid(value, at: path, expected: "a curve with a duration, or a spring")
    }
    // Like the `sheet` helpers: a duration is positive (a zero one would be a jump, not an animation).
    let duration = try number(rawDuration, at: path + [.key("duration")], in: 0.001...60)
    let curveValue = fields["curve"] ?? .string("ease_in_out")
    if case .function(let function) = curveValue {
      return .customCurve(try customCurve(function, at: path + [.key("curve")]), duration: duration)
    }
    return .curve(try curve(curveValue, at: path + [.key("curve")]), duration: duration)
  }

  /// The spring forms' keys, each form's own (a spring has exactly one form).
  private static let springForms: [(name: String, keys: [String])] = [
    ("{ stiffness =, damping =, mass = }", ["stiffness", "damping", "mass"]),
    ("{ preset =, duration = }", ["preset", "duration"]),
    ("{ duration =, bounce = }", ["duration", "bounce"]),
    ("{ duration =, damping_ratio = }", ["duration", "damping_ratio"]),
    ("{ damping_ratio =, response = }", ["damping_ratio", "response"]),
  ]

  /// The options every spring form takes.
  private static let springOptions = ["velocity_fraction", "rest_distance", "rest_speed", "clamp", "stepped"]

  /// Reads a spring table: one form (the first of ``springForms`` whose distinctive key it holds:
  /// `stiffness`/`damping`/`mass`, `preset`, `bounce`, `duration`, else `damping_ratio`/`response`) and
  /// the options. Without options the two older forms read as they always have (`Motion/spring` and
  /// `Motion/springDuration`, so their traces are unchanged).
  private func spring(_ value: LuaValue, at path: [PathComponent]) throws(BehaviourError) -> Motion {
    let names = Self.springForms.map(\.name).joined(separator: ", ")
    let (_, parts) = try table(value, at: path, expected: "a spring table, one of \(names)")
    let formKeys = [
      "stiffness", "damping", "mass", "preset", "bounce", "duration", "damping_ratio", "response",
    ]
    try checkKeys(parts, at: path, known: formKeys + Self.springOptions)
    let has = { (key: String) in parts[key] != nil }
    let form =
      has("stiffness") || has("damping") || has("mass")
      ? 0 : has("preset") ? 1 : has("bounce") ? 2 : has("duration") ? 3 : 4
    let (formName, keys) = Self.springForms[form]
    for key in formKeys.sorted() where !keys.contains(key) {
      guard let other = parts[key] else { continue }
      throw invalid(
        other, at: path + [.key(key)],
        expected: "nothing here: a spring has one form and this one is \(formName) (the forms: \(names))")
    }
    func read(_ key: String, _ range: ClosedRange<Double>, default fallback: Double? = nil)
      throws(BehaviourError) -> Double
    {
      let raw = parts[key] ?? fallback.map(LuaValue.number) ?? .nil
      return try number(raw, at: path + [.key(key)], in: range)
    }
    let springForm: SpringMotion.Form
    switch form {
    case 0:
      springForm = .physics(
        stiffness: try read("stiffness", 0.001...1_000_000), damping: try read("damping", 0.001...1_000_000),
        mass: try read("mass", 0.001...10_000, default: 1))
    case 1:
      let names = SpringMotion.Preset.allCases.map(\.rawValue)
      let name = try choice(parts["preset"] ?? .nil, at: path + [.key("preset")], from: names)
      let preset = SpringMotion.Preset(rawValue: name) ?? .smooth
      springForm = .bounce(
        duration: try read("duration", 0.001...60, default: SpringMotion.Preset.defaultDuration),
        bounce: preset.bounce)
    case 2:
      springForm = .bounce(
        duration: try read("duration", 0.001...60), bounce: try read("bounce", -0.99...0.99))
    case 3:
      springForm = .duration(
        try read("duration", 0.001...60), dampingRatio: try read("damping_ratio", 0.01...100, default: 1))
    default:
      springForm = .response(
        dampingRatio: try read("damping_ratio", 0.01...100, default: 1),
        response: try read("response", 0.001...60))
    }
    var spring = SpringMotion(springForm)
    if parts["velocity_fraction"] != nil { spring.velocityFraction = try read("velocity_fraction", 0...10) }
    if parts["rest_distance"] != nil { spring.restDistance = try read("rest_distance", 0.000001...10_000) }
    if parts["rest_speed"] != nil { spring.restSpeed = try read("rest_speed", 0.000001...100_000) }
    if let clamp = parts["clamp"] { spring.clamps = try bool(clamp, at: path + [.key("clamp")]) }
    if let stepped = parts["stepped"] { spring.stepped = try bool(stepped, at: path + [.key("stepped")]) }
    if spring.stepped, let speed = parts["rest_speed"] {
      throw invalid(
        speed, at: path + [.key("rest_speed")],
        expected: "nothing here: a stepped spring rests by rest_distance alone (within it of its target, "
          + "after a frame that moved it at most that far)")
    }
    guard Self.springOptions.allSatisfy({ parts[$0] == nil }) else { return .springMotion(spring) }
    switch springForm {
    case .response(let zeta, let response): return .spring(dampingRatio: zeta, response: response)
    case .duration(let d, let zeta): return .springDuration(duration: d, dampingRatio: zeta)
    default: return .springMotion(spring)
    }
  }

  /// Reads `curve = function(t)`: checks that it runs and gives f(0) = 0 and f(1) = 1 within 1e-9, and
  /// registers it for the core to evaluate at every frame.
  /// - Returns: The curve's identifier.
  private func customCurve(_ function: LuaFunction, at path: [PathComponent]) throws(BehaviourError) -> Int {
    let expected = "a curve of progress with f(0) = 0 and f(1) = 1 within 1e-9"
    guard let curves else {
      throw invalid(.function(function), at: path, expected: "a curve name or a Bézier")
    }
    let start: Double
    let end: Double
    do throws(LuaError) {
      start = try function.call(0)
      end = try function.call(1)
    } catch {
      throw .invalidField(
        location: SourceLocation(file: file, line: locator.line(of: path)), path: PathComponent.text(path),
        value: "a function that fails (\(Quote.cut(error.description)))", expected: expected)
    }
    guard start.isFinite, end.isFinite, abs(start) <= 1e-9, abs(end - 1) <= 1e-9 else {
      throw .invalidField(
        location: SourceLocation(file: file, line: locator.line(of: path)), path: PathComponent.text(path),
        value: "a function with f(0) = \(Format.general(start)) and f(1) = \(Format.general(end))",
        expected: expected)
    }
    return curves.register(function, permanent: curvesArePermanent)
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
      expected:
        "'linear', 'ease_in', 'ease_out', 'ease_in_out', { bezier = { x1, y1, x2, y2 } } or a function of "
        + "progress")
  }
}
