import SheetCore

/// A value carried by a trace event's field.
public enum TraceValue: Sendable, Equatable {
  /// A real number; the writers write a non-finite one (which the core never produces) as text,
  /// `"nan"`, never as a number.
  case number(Double)
  /// A whole number.
  case integer(Int)
  /// Text.
  case string(String)
  /// A truth value.
  case bool(Bool)
  /// No value.
  case null
}

/// One named field of a trace event, kept in the order it was written.
public struct TraceField: Sendable, Equatable {
  /// The field's name, for example `velocity`.
  public var key: String
  /// The field's value.
  public var value: TraceValue

  /// Creates a field.
  /// - Parameters:
  ///   - key: The field's name.
  ///   - value: The field's value.
  public init(_ key: String, _ value: TraceValue) {
    self.key = key
    self.value = value
  }
}

/// The sheet as it was at the end of one frame.
///
/// The core's frames hold finite numbers only; as a last line, the writers (table, CSV, JSON Lines, SVG)
/// leave out a frame with a non-finite number (``isFinite``).
public struct TraceFrame: Sendable, Equatable {
  /// Seconds since the scenario started.
  public var time: Double
  /// The state (written as its name: `resting`, `dragging`, ...).
  public var state: SheetState
  /// The detent the sheet rests at; while it moves, the one it last rested at or was dragged from (the
  /// target is ``target``). nil when hidden or at an explicit height.
  public var detent: String?
  /// Where the running transition goes (written as a detent id, `dismiss` or `height 420.0`); nil when
  /// no transition runs (at rest, dragging, hidden).
  public var target: ReleaseTarget?
  /// The sheet's height in points.
  public var height: Double
  /// The backdrop's opacity, 0...1.
  public var backdrop: Double
  /// The height's rate of change, dh/dt, in points per second (positive = growing); every format writes
  /// it as `dh/dt` (`dh_dt`), the convention a release's `dh_dt` follows too.
  public var velocity: Double
  /// The fractional detent index (SheetCore's `Formulas.detentIndex(height:detents:)`): 0 at the lowest active
  /// detent, 1.5 halfway (by height) between the second and the third, -1 at height 0; its fractional
  /// part is the progress from the detent below toward the next one up. Every format writes it as
  /// `index`, with ``indexDecimals`` decimals.
  public var index: Double = -1
  /// The keyboard's height in points, from the first frame a keyboard was shown on; nil before (and in
  /// a run that never shows one, whose trace then has no keyboard column).
  public var keyboard: Double?
  /// The scroll view's content offset in points; nil without a scroll view (every format then leaves
  /// the column out, so a trace without one reads as before scroll views existed).
  public var scroll: Double? = nil
  /// The view behind the sheet; nil when the behaviour does not describe it (every format then leaves
  /// its columns out, so such a trace reads as before the view behind existed).
  public var behind: BehindView? = nil
  /// The running cross-fade (reduce motion); nil when none runs (JSON Lines then leaves the field out).
  public var crossFade: CrossFade? = nil

  /// Creates a frame record.
  /// - Parameters:
  ///   - time: Seconds since the scenario started.
  ///   - state: The state.
  ///   - detent: The detent's id, if any.
  ///   - target: Where the running transition goes, if one runs.
  ///   - height: Height in points.
  ///   - backdrop: Backdrop opacity.
  ///   - velocity: The height's rate of change (dh/dt) in points per second.
  ///   - index: The fractional detent index.
  ///   - keyboard: The keyboard's height in points, once a keyboard was shown.
  ///   - scroll: The scroll view's content offset in points, when a scroll view exists.
  ///   - behind: The view behind the sheet, when the behaviour describes it.
  public init(
    time: Double, state: SheetState, detent: String?, target: ReleaseTarget? = nil, height: Double,
    backdrop: Double, velocity: Double, index: Double = -1, keyboard: Double? = nil, scroll: Double? = nil,
    behind: BehindView? = nil
  ) {
    self.index = index
    self.keyboard = keyboard
    self.scroll = scroll
    self.behind = behind
    self.time = time
    self.state = state
    self.detent = detent
    self.target = target
    self.height = height
    self.backdrop = backdrop
    self.velocity = velocity
  }

  /// The decimals every format writes ``index`` with: 5, as the backdrop (a detent index's unit spans
  /// the points between two detents, so 1e-5 of it is well under a hundredth of a point).
  public static let indexDecimals = 5

  /// Whether the time, height, backdrop, velocity, index and the keyboard, scroll and view-behind
  /// columns present are all finite (only such frames are written).
  public var isFinite: Bool {
    time.isFinite && height.isFinite && backdrop.isFinite && velocity.isFinite && index.isFinite
      && (keyboard?.isFinite ?? true)
      && (scroll?.isFinite ?? true) && (behind.map(Self.isFinite) ?? true)
      && (crossFade.map { $0.from.isFinite && $0.progress.isFinite } ?? true)
  }

  /// Whether a view behind's numbers are all finite.
  private static func isFinite(_ view: BehindView) -> Bool {
    view.scale.isFinite && view.cornerRadius.isFinite && view.offset.isFinite && view.dim.isFinite
  }
}

/// Something that happened at one instant: a gesture phase, a decision, an expectation.
public struct TraceEvent: Sendable, Equatable {
  /// Seconds since the scenario started.
  public var time: Double
  /// The event's kind, for example `release`, `decision`, `state`, `expect`.
  public var name: String
  /// The event's fields in the order they are written.
  public var fields: [TraceField]

  /// Creates an event record.
  /// - Parameters:
  ///   - time: Seconds since the scenario started.
  ///   - name: The event's kind.
  ///   - fields: The event's fields, in output order.
  public init(time: Double, name: String, fields: [TraceField] = []) {
    self.time = time
    self.name = name
    self.fields = fields
  }

  /// The value of the named field, if the event has one.
  /// - Parameter key: The field's name.
  /// - Returns: The field's value, or `nil`.
  public subscript(key: String) -> TraceValue? {
    fields.first { $0.key == key }?.value
  }
}

/// One line of a trace: a frame or an event.
public enum TraceEntry: Sendable, Equatable {
  /// The sheet at the end of a frame.
  case frame(TraceFrame)
  /// Something that happened.
  case event(TraceEvent)

  /// Seconds since the scenario started.
  public var time: Double {
    switch self {
    case .frame(let frame): frame.time
    case .event(let event): event.time
    }
  }
}

/// A detent's height over the time it held: one guide line of a plot. A detent whose height changes (a
/// content change, a resize, a new behaviour) gets a new guide from that instant.
public struct TraceGuide: Sendable, Equatable {
  /// The detent's id.
  public var id: String
  /// Its height in points.
  public var height: Double
  /// When it took this height, in seconds since the scenario started.
  public var start: Double
  /// When it stopped having it (a new height, or the detent became inactive); nil while it still holds
  /// at the end of the trace.
  public var end: Double?

  /// Creates a guide.
  /// - Parameters:
  ///   - id: The detent's id.
  ///   - height: Its height in points.
  ///   - start: When it took this height.
  ///   - end: When it stopped having it, or nil for the end of the trace.
  public init(id: String, height: Double, start: Double, end: Double? = nil) {
    self.id = id
    self.height = height
    self.start = start
    self.end = end
  }
}

/// What a scenario run produced, in order: frames, events, and the guide lines a plot needs.
///
/// No rendering of a trace holds NaN, infinity or a `null` number: the core never produces one, and the
/// writers cut what would (a frame with a non-finite number is left out, a non-finite event value is
/// written as text such as `"nan"`, a non-finite guide is not drawn).
public struct Trace: Sendable, Equatable {
  /// The scenario's name (its file name), used in titles.
  public var title: String
  /// Frames and events in the order they happened.
  public var entries: [TraceEntry]
  /// Each detent height over the time it held, in the order they began.
  public var guides: [TraceGuide]
  /// The screen's extent in points along the sheet's axis.
  public var screenExtent: Double

  /// Creates a trace.
  /// - Parameters:
  ///   - title: The scenario's name.
  ///   - entries: Frames and events in order.
  ///   - guides: Detent heights over the times they held.
  ///   - screenExtent: The screen's extent in points.
  public init(
    title: String, entries: [TraceEntry] = [], guides: [TraceGuide] = [], screenExtent: Double = 844
  ) {
    self.title = title
    self.entries = entries
    self.guides = guides
    self.screenExtent = screenExtent
  }

  /// The frames of the trace, in order.
  public var frames: [TraceFrame] {
    entries.compactMap { entry in
      if case .frame(let frame) = entry { return frame }
      return nil
    }
  }

  /// Whether any frame has a scroll offset: the formats then add their `scroll` column.
  public var hasScroll: Bool {
    entries.contains { entry in
      if case .frame(let frame) = entry { return frame.scroll != nil }
      return false
    }
  }

  /// Whether any frame describes the view behind the sheet: the formats then add its columns.
  public var hasBehind: Bool {
    entries.contains { entry in
      if case .frame(let frame) = entry { frame.behind != nil } else { false }
    }
  }

  /// Whether a keyboard was shown during the run: then every format gains a `keyboard` column (0 on the
  /// frames before it appeared), and a run that never shows one prints exactly as before.
  public var hasKeyboard: Bool {
    entries.contains { entry in
      if case .frame(let frame) = entry { frame.keyboard != nil } else { false }
    }
  }

  /// The events of the trace, in order.
  public var events: [TraceEvent] {
    entries.compactMap { entry in
      if case .event(let event) = entry { return event }
      return nil
    }
  }
}
