import SheetCore

extension SheetDriver {
  /// Appends the events a machine call returned to the trace, at the current time. The outcome sink
  /// (``keepsFrames`` false) keeps only the script errors and counts the rest by their size, as if kept.
  mutating func record(_ events: [SheetEvent]) {
    guard recording else { return }
    for event in events {
      if keepsFrames || Self.sinkKeeps(event) {
        append(.event(Self.traceEvent(event, time: machine.time, edge: machine.geometry.edge)))
      } else {
        count(bytes: estimatedBytes(of: event))
      }
    }
  }

  /// Adds a scenario's own event (an expectation, a reload, a print) at the current time.
  /// - Parameters:
  ///   - name: The event's kind.
  ///   - fields: Its fields in order.
  public mutating func note(_ name: String, _ fields: [TraceField]) {
    guard recording else { return }
    append(.event(TraceEvent(time: machine.time, name: name, fields: fields)))
  }

  /// Brings the plot's guide lines up to date with the active detents: a detent whose height changed
  /// (or that became inactive) ends its guide now, and a new height starts one.
  mutating func noteGuides() {
    guard recording, limitReached == nil else { return }
    let now = machine.time
    let detents = machine.detents
    for detent in detents {
      if let open = openGuides[detent.id] {
        if trace.guides[open].height == detent.height { continue }
        trace.guides[open].end = now
      }
      openGuides[detent.id] = trace.guides.count
      trace.guides.append(TraceGuide(id: detent.id, height: detent.height, start: now))
      traceBytes += 64 + detent.id.utf8.count
    }
    for (id, open) in openGuides where !detents.contains(where: { $0.id == id }) {
      trace.guides[open].end = now
      openGuides[id] = nil
    }
  }

  /// A core event as a trace event. A release carries the finger's velocity (`finger_velocity`, screen
  /// pt/s, + = down, as `gesture.velocity`) and the same motion as a height rate (`dh_dt`, + = growing,
  /// the frames' convention), so the two read side by side with one sign; its horizontal velocity
  /// (`finger_velocity_x`, + = right, as `gesture.velocity_x`) follows only when it is not 0, so a
  /// vertical gesture's trace reads as it always has. A tap that snaps names its detent (`target`).
  /// - Parameters:
  ///   - event: The event.
  ///   - time: When it happened.
  ///   - edge: The edge the sheet is attached to (a finger moving down shrinks a bottom sheet).
  /// - Returns: The trace's record of it.
  static func traceEvent(_ event: SheetEvent, time: Double, edge: SheetEdge = .bottom) -> TraceEvent {
    func make(_ name: String, _ fields: [TraceField] = []) -> TraceEvent {
      TraceEvent(time: time, name: name, fields: fields)
    }
    switch event {
    case .present(let detent): return make("present", [TraceField("detent", .string(detent))])
    case .dismiss(let cause): return make("dismiss", [TraceField("cause", .string("\(cause)"))])
    case .snap(let id): return make("snap", [TraceField("target", .string(id))])
    case .gesture(let phase, let y):
      return make("gesture", [TraceField("phase", .string("\(phase)")), TraceField("y", .number(y))])
    case .ignoredGesture(let reason): return make("ignored_gesture", [TraceField("reason", .string(reason))])
    case .ignored(let input, let state):
      return make(
        "ignored",
        [TraceField("input", .string(input.rawValue)), TraceField("state", .string(state.rawValue))])
    case .queued(let input, let state):
      return make(
        "queued",
        [TraceField("input", .string(input.rawValue)), TraceField("state", .string(state.rawValue))])
    case .release(let velocity, let velocityX):
      var fields = [
        TraceField("finger_velocity", .number(velocity)),
        TraceField("dh_dt", .number(edge == .bottom ? -velocity : velocity)),
      ]
      if velocityX != 0 { fields.append(TraceField("finger_velocity_x", .number(velocityX))) }
      return make("release", fields)
    case .decision(let target, let reason):
      return make(
        "decision",
        [TraceField("target", .string(target.name)), TraceField("reason", .string(reason))])
    case .state(let from, let to):
      return make(
        "state", [TraceField("from", .string(from.rawValue)), TraceField("to", .string(to.rawValue))])
    case .tap(let region, let action):
      var fields = [TraceField("region", .string(region.name)), TraceField("action", .string(action.name))]
      if let id = action.detentID { fields.append(TraceField("target", .string(id))) }
      return make("tap", fields)
    case .resize(let g):
      return make(
        "resize",
        [
          TraceField("width", .number(g.width)), TraceField("height", .number(g.height)),
          TraceField("safe_top", .number(g.safeArea.top)),
          TraceField("safe_bottom", .number(g.safeArea.bottom)),
        ])
    case .content(let height): return make("content", [TraceField("height", .number(height))])
    case .keyboard(let height, let duration):
      return make(
        "keyboard", [TraceField("height", .number(height)), TraceField("duration", .number(duration))])
    case .animation(let transition, let animation, let target):
      var fields = [
        TraceField("transition", .string(transition.rawValue)),
        TraceField("target", .string(target.name)),
        TraceField("height", .string(describe(animation.height))),
      ]
      if let backdrop = animation.backdrop {
        fields.append(TraceField("backdrop", .string(describe(backdrop))))
      }
      if let slide = animation.slide { fields.append(TraceField("slide", .number(slide))) }
      return make("animation", fields)
    case .policyFault(let callback, let message):
      return make(
        "script_error", [TraceField("callback", .string(callback)), TraceField("message", .string(message))])
    case .settled(let detent, let height):
      return make(
        "settled",
        [TraceField("detent", detent.map { .string($0) } ?? .null), TraceField("height", .number(height))])
    case .scrollView(let view?):
      // without a height the frame is the rest of the sheet: the field is left out
      var fields = [
        TraceField("content_height", .number(view.contentHeight)), TraceField("top", .number(view.top)),
      ]
      if let height = view.height { fields.append(TraceField("height", .number(height))) }
      return make("scroll_view", fields)
    case .scrollView(nil): return make("scroll_view", [TraceField("removed", .bool(true))])
    case .scrollTo(let offset): return make("scroll_to", [TraceField("offset", .number(offset))])
    case .scrollHandoff(let owner, let height, let offset):
      return make(
        "scroll_handoff",
        [
          TraceField("to", .string(owner.rawValue)), TraceField("height", .number(height)),
          TraceField("offset", .number(offset)),
        ])
    }
  }

  /// A motion as short text: `ease_out 0.25s`, `spring damping=1 response=0.3s`,
  /// `spring stiffness=1000 damping=500 mass=3 rest_distance=10 rest_speed=10 clamp`, `function 0.3s`.
  static func describe(_ motion: Motion) -> String {
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

/// How much a driver may produce: frames, simulated time and trace size. Reaching one stops the driver
/// (later frames do nothing) and sets ``SheetDriver/limitReached``.
public struct DriverLimits: Sendable, Equatable {
  /// Frames stepped (default 1,000,000).
  public var frames = 1_000_000
  /// Simulated seconds (default 3600).
  public var simulatedTime = 3600.0
  /// Trace entries (default 1,000,000).
  public var traceEntries = 1_000_000
  /// Estimated bytes of trace text: 64 per entry plus its strings (default 64 MiB).
  public var traceBytes = 64 << 20

  /// The defaults above.
  public init() {}
}

extension SheetDriver {
  /// Appends an entry to the trace, within the trace limits.
  mutating func append(_ entry: TraceEntry) {
    if count(bytes: Self.estimatedBytes(entry)) { trace.entries.append(entry) }
  }

  /// Counts an entry of `bytes` toward the trace limits, as ``append(_:)`` does whether or not the
  /// entry is kept (the frame sink counts the frames it drops).
  /// - Returns: Whether the entry goes into the trace.
  @discardableResult @inline(__always)
  mutating func count(bytes: Int) -> Bool {
    if closing {
      entryCount += 1
      return true
    }
    guard limitReached == nil else { return false }
    traceBytes += bytes
    if entryCount >= limits.traceEntries {
      reachLimit("the trace limit (\(limits.traceEntries) entries)")
      return false
    } else if traceBytes > limits.traceBytes {
      reachLimit("the trace-size limit (\(limits.traceBytes) bytes)")
      return false
    }
    entryCount += 1
    return true
  }

  /// Stops the driver at a limit.
  mutating func reachLimit(_ limit: String) {
    if limitReached == nil { limitReached = "the run reached \(limit)" }
  }

  /// ``estimatedFrameBytes(detent:target:)`` of the machine's frame: the last counted frame's size while
  /// the machine's ``SheetMachine/textRevision`` stays (its detent and target were not set since), so a
  /// run's frames, which mostly repeat them, are not measured again.
  @inline(__always)
  mutating func frameBytes() -> Int {
    let revision = machine.textRevision
    if let memo = frameBytesMemo, memo.revision == revision { return memo.bytes }
    let bytes = Self.estimatedFrameBytes(detent: machine.detent, target: machine.target)
    frameBytesMemo = (revision, bytes)
    return bytes
  }

  /// A frame's size as text, roughly: 64 bytes plus its strings (made without making the frame).
  static func estimatedFrameBytes(detent: String?, target: ReleaseTarget?) -> Int {
    let targetBytes: Int
    switch target {
    case .detent(let id)?: targetBytes = id.utf8.count
    case let other?: targetBytes = other.name.utf8.count
    case nil: targetBytes = 0
    }
    return 64 + (detent?.utf8.count ?? 0) + targetBytes
  }

  /// An entry's size as text, roughly: 64 bytes plus its strings.
  static func estimatedBytes(_ entry: TraceEntry) -> Int {
    switch entry {
    case .frame(let frame): 64 + (frame.detent?.utf8.count ?? 0) + (frame.target?.utf8.count ?? 0)
    case .event(let event):
      event.fields.reduce(64 + event.name.utf8.count) { total, field in
        if case .string(let text) = field.value { return total + field.key.utf8.count + text.utf8.count }
        return total + field.key.utf8.count + 16
      }
    }
  }
}
