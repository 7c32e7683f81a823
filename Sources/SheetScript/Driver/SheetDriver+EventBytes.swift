import SheetCore

/// The outcome sink's side of recording (``SheetDriver/keepsFrames`` false): an event a run's outcome
/// never reads is counted toward the trace limits by the size its trace event would have, worked out
/// from the event itself without making the event, its fields or its strings.
extension SheetDriver {
  /// Whether the sink keeps an event: a behaviour's script error (a run's outcome groups them). Every
  /// other core event is only counted.
  static func sinkKeeps(_ event: SheetEvent) -> Bool {
    if case .policyFault = event { return true }
    return false
  }

  /// The bytes ``estimatedBytes(_:)`` gives the trace event ``traceEvent(_:time:edge:)`` makes of
  /// `event`, without making it (an animation's motion texts are measured once, in ``motionLengths``).
  /// - Parameter event: The event.
  /// - Returns: Its estimated size.
  mutating func estimatedBytes(of event: SheetEvent) -> Int {
    switch event {
    case .present(let detent): Self.entry("present") + Self.text("detent", detent)
    case .dismiss(let cause): Self.entry("dismiss") + Self.text("cause", cause.rawValue)
    case .snap(let id): Self.entry("snap") + Self.text("target", id)
    case .gesture(let phase, _): Self.entry("gesture") + Self.text("phase", phase.rawValue) + Self.number("y")
    case .ignoredGesture(let reason): Self.entry("ignored_gesture") + Self.text("reason", reason)
    case .ignored(let input, let state): Self.entry("ignored") + Self.inputAndState(input, state)
    case .queued(let input, let state): Self.entry("queued") + Self.inputAndState(input, state)
    case .release(_, let velocityX):
      Self.entry("release") + Self.number("finger_velocity") + Self.number("dh_dt")
        + (velocityX != 0 ? Self.number("finger_velocity_x") : 0)
    case .decision(let target, let reason):
      Self.entry("decision") + Self.text("target", target.name) + Self.text("reason", reason)
    case .state(let from, let to):
      Self.entry("state") + Self.text("from", from.rawValue) + Self.text("to", to.rawValue)
    case .tap(let region, let action):
      Self.entry("tap") + Self.text("region", region.name) + Self.text("action", action.name)
        + (action.detentID.map { Self.text("target", $0) } ?? 0)
    case .resize:
      Self.entry("resize") + Self.number("width") + Self.number("height") + Self.number("safe_top")
        + Self.number("safe_bottom")
    case .content: Self.entry("content") + Self.number("height")
    case .keyboard: Self.entry("keyboard") + Self.number("height") + Self.number("duration")
    case .animation(let transition, let animation, let target):
      animationBytes(transition, animation, target)
    case .policyFault(let callback, let message):
      Self.entry("script_error") + Self.text("callback", callback) + Self.text("message", message)
    case .settled(let detent, _):
      Self.entry("settled") + (detent.map { Self.text("detent", $0) } ?? Self.number("detent"))
        + Self.number("height")
    case .scrollView(let view?):
      Self.entry("scroll_view") + Self.number("content_height") + Self.number("top")
        + (view.height != nil ? Self.number("height") : 0)
    case .scrollView(nil): Self.entry("scroll_view") + Self.number("removed")
    case .scrollTo: Self.entry("scroll_to") + Self.number("offset")
    case .scrollHandoff(let owner, _, _):
      Self.entry("scroll_handoff") + Self.text("to", owner.rawValue) + Self.number("height")
        + Self.number("offset")
    }
  }

  /// An `animation` event's size: its motions' texts are measured once per motion.
  private mutating func animationBytes(
    _ transition: SheetTransition, _ animation: TransitionAnimation, _ target: ReleaseTarget
  ) -> Int {
    var bytes =
      Self.entry("animation") + Self.text("transition", transition.rawValue)
      + Self.text("target", target.name)
      + "height".utf8.count + motionLengths.bytes(of: animation.height)
    if let backdrop = animation.backdrop {
      bytes += "backdrop".utf8.count + motionLengths.bytes(of: backdrop)
    }
    if animation.slide != nil { bytes += Self.number("slide") }
    return bytes
  }

  /// An event's own share: 64 bytes plus its name.
  private static func entry(_ name: String) -> Int { 64 + name.utf8.count }

  /// A string field: its name and its text.
  private static func text(_ key: String, _ value: String) -> Int { key.utf8.count + value.utf8.count }

  /// A field of any other value (a number, a truth value, null): its name and 16.
  private static func number(_ key: String) -> Int { key.utf8.count + 16 }

  /// The `input` and `state` fields of an ignored or queued input.
  private static func inputAndState(_ input: SheetInput, _ state: SheetState) -> Int {
    text("input", input.rawValue) + text("state", state.rawValue)
  }
}
