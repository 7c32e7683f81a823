import SheetCore

extension TraceEvent {
  /// A core event as a trace records it: the one description of each event, which every form comes
  /// from (the trace's table, JSON Lines and CSV, the host API's `Event.description` and `jsonLine`, the
  /// preview's messages). A release carries the finger's velocity (`finger_velocity`, screen
  /// pt/s, + = down, as `gesture.velocity`) and the same motion as a height rate (`dh_dt`, + = growing,
  /// the frames' convention), so the two read side by side with one sign; its horizontal velocity
  /// (`finger_velocity_x`, + = right, as `gesture.velocity_x`) follows only when it is not 0, so a
  /// vertical gesture's trace reads as it always has. A side sheet's finger moves along screen x: its
  /// `gesture` events carry `x`, and its release `finger_velocity_x` first (`finger_velocity`, screen y,
  /// only when not 0). A tap that snaps names its detent (`target`).
  /// - Parameters:
  ///   - event: The event.
  ///   - time: When it happened.
  ///   - edge: The edge the sheet is attached to (a finger moving down shrinks a bottom sheet).
  public init(_ event: SheetEvent, time: Double, edge: SheetEdge = .bottom) {
    var fields: [TraceField] = []
    let name = Self.describe(event, edge: edge, into: &fields)
    self.init(time: time, name: name, fields: fields)
  }

  /// Writes an event's fields into `fields` (appended, in the order they are written) and returns its
  /// name: the one description, which a host that counts without keeping fills into a buffer it reuses.
  package static func describe(_ event: SheetEvent, edge: SheetEdge, into fields: inout [TraceField])
    -> String
  {
    func add(_ key: String, _ value: TraceValue) { fields.append(TraceField(key, value)) }
    switch event {
    case .present(let detent):
      add("detent", .string(detent))
      return "present"
    case .dismiss(let cause):
      add("cause", .string(cause.rawValue))
      return "dismiss"
    case .dismissAttempt(let cause):
      add("cause", .string(cause.rawValue))
      return "dismiss_attempt"
    case .back(let target):
      add("target", .string(target?.name ?? "none"))
      return "back"
    case .accessibilityAction(let name, let target):
      add("name", .string(name.rawValue))
      add("target", .string(target?.name ?? "none"))
      return "accessibility_action"
    case .reduceMotion(let on):
      add("on", .bool(on))
      return "reduce_motion"
    case .snap(let id):
      add("target", .string(id))
      return "snap"
    case .gesture(let phase, let y):
      add("phase", .string(phase.rawValue))
      add(edge.isHorizontal ? "x" : "y", .number(y))  // the finger along the sheet's axis
      return "gesture"
    case .ignoredGesture(let reason):
      add("reason", .string(reason))
      return "ignored_gesture"
    case .ignored(let input, let state):
      add("input", .string(input.rawValue))
      add("state", .string(state.rawValue))
      return "ignored"
    case .queued(let input, let state):
      add("input", .string(input.rawValue))
      add("state", .string(state.rawValue))
      return "queued"
    case .release(let velocity, let velocityX):
      // along the sheet's axis first, then across it when not 0 (a side sheet's axis is screen x)
      let (along, across) =
        edge.isHorizontal
        ? ("finger_velocity_x", "finger_velocity") : ("finger_velocity", "finger_velocity_x")
      add(along, .number(velocity))
      add("dh_dt", .number(edge.heightSign * velocity))
      if velocityX != 0 { add(across, .number(velocityX)) }
      return "release"
    case .decision(let target, let reason):
      add("target", .string(target.name))
      add("reason", .string(reason))
      return "decision"
    case .state(let from, let to):
      add("from", .string(from.rawValue))
      add("to", .string(to.rawValue))
      return "state"
    case .tap(let region, let action):
      add("region", .string(region.name))
      add("action", .string(action.name))
      if let id = action.detentID { add("target", .string(id)) }
      return "tap"
    case .resize(let g):
      add("width", .number(g.width))
      add("height", .number(g.height))
      add("safe_top", .number(g.safeArea.top))
      add("safe_bottom", .number(g.safeArea.bottom))
      return "resize"
    case .content(let height):
      add("height", .number(height))
      return "content"
    case .keyboard(let height, let duration):
      add("height", .number(height))
      add("duration", .number(duration))
      return "keyboard"
    case .animation(let transition, let animation, let target):
      add("transition", .string(transition.rawValue))
      add("target", .string(target.name))
      add("height", .string(describe(animation.height)))
      if let backdrop = animation.backdrop { add("backdrop", .string(describe(backdrop))) }
      if let slide = animation.slide { add("slide", .number(slide)) }
      if animation.crossFade { add("cross_fade", .bool(true)) }
      return "animation"
    case .scriptError(let callback, let message):
      add("callback", .string(callback))
      add("message", .string(message))
      return "script_error"
    case .settled(let detent, let height):
      add("detent", detent.map { .string($0) } ?? .null)
      add("height", .number(height))
      return "settled"
    case .scrollView(let view?):
      // without a height the frame is the rest of the sheet: the field is left out
      add("content_height", .number(view.contentHeight))
      add("top", .number(view.top))
      if let height = view.height { add("height", .number(height)) }
      return "scroll_view"
    case .scrollView(nil):
      add("removed", .bool(true))
      return "scroll_view"
    case .scrollTo(let offset):
      add("offset", .number(offset))
      return "scroll_to"
    case .scrollHandoff(let owner, let height, let offset):
      add("to", .string(owner.rawValue))
      add("height", .number(height))
      add("offset", .number(offset))
      return "scroll_handoff"
    }
  }

  /// A motion as short text: `ease_out 0.25s`, `spring damping=1 response=0.3s`,
  /// `spring stiffness=1000 damping=500 mass=3 rest_distance=10 rest_speed=10 clamp`, `function 0.3s`;
  /// a stepped spring ends with `stepped`.
  package static func describe(_ motion: Motion) -> String {
    switch motion {
    case .curve(let curve, let duration): "\(curveName(curve)) \(TraceNumber.format(duration))s"
    case .spring(let zeta, let response):
      "spring damping=\(TraceNumber.format(zeta)) response=\(TraceNumber.format(response))s"
    case .springDuration(let duration, let zeta):
      "spring duration=\(TraceNumber.format(duration))s damping=\(TraceNumber.format(zeta))"
    case .springMotion(let spring): describe(spring)
    case .customCurve(_, let duration): "function \(TraceNumber.format(duration))s"
    }
  }

  /// A spring motion: its form as the older forms read, then the options that are not the defaults.
  private static func describe(_ spring: SpringMotion) -> String {
    var text: String
    switch spring.form {
    case .response(let zeta, let response): text = describe(.spring(dampingRatio: zeta, response: response))
    case .duration(let d, let zeta): text = describe(.springDuration(duration: d, dampingRatio: zeta))
    case .physics(let k, let c, let m):
      text =
        "spring stiffness=\(TraceNumber.format(k)) damping=\(TraceNumber.format(c)) mass=\(TraceNumber.format(m))"
    case .bounce(let d, let b):
      text = "spring duration=\(TraceNumber.format(d))s bounce=\(TraceNumber.format(b))"
    }
    if spring.velocityFraction != 1 {
      text += " velocity_fraction=\(TraceNumber.format(spring.velocityFraction))"
    }
    if let d = spring.restDistance { text += " rest_distance=\(TraceNumber.format(d))" }
    if let s = spring.restSpeed { text += " rest_speed=\(TraceNumber.format(s))" }
    if spring.clamps { text += " clamp" }
    if spring.stepped { text += " stepped" }
    return text
  }

  private static func curveName(_ curve: Curve) -> String {
    switch curve {
    case .linear: "linear"
    case .easeIn: "ease_in"
    case .easeOut: "ease_out"
    case .easeInOut: "ease_in_out"
    case .bezier(let x1, let y1, let x2, let y2):
      "bezier(\([x1, y1, x2, y2].map { TraceNumber.format($0) }.joined(separator: ",")))"
    }
  }
}
