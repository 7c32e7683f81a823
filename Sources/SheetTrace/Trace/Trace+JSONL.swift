import SheetCore

extension Trace {
  /// The trace as JSON Lines: one object a line, each with `t` (seconds) and `kind` (`frame` or `event`).
  ///
  /// Frames carry `state`, `detent`, `target` (where the running transition goes; `null` when none runs,
  /// like a missing `detent`), `height`, `backdrop`, `dh_dt` (the height's rate of change, pt/s, + =
  /// growing) and `index` (the fractional detent index, ``TraceFrame/index``), then `keyboard` (points) when a keyboard was shown in the run, `scroll` (the scroll
  /// view's content offset) on a frame with a scroll view and `behind` (the view behind the sheet,
  /// `JSONWriter/behind(_:)`) on a frame whose behaviour describes it, in that order; events carry `event` and
  /// their fields. A frame with a non-finite number is left out and a
  /// non-finite event value is written as a string (`"nan"`), so every number is a finite JSON number.
  /// - Returns: The text, ending with a newline when the trace is not empty.
  public func jsonLines() -> String {
    var writer = JSONWriter()
    let keyboard = hasKeyboard
    for entry in entries {
      switch entry {
      case .frame(let frame):
        guard frame.isFinite else { continue }
        Self.write(frame, keyboard: keyboard, to: &writer)
      case .event(let event):
        Self.write(event, to: &writer)
      }
    }
    return writer.text
  }

  /// Writes a frame's line (with its newline).
  /// - Parameters:
  ///   - frame: The frame.
  ///   - keyboard: Whether the trace has a keyboard column.
  ///   - writer: Where it goes.
  public static func write(_ frame: TraceFrame, keyboard: Bool, to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key(literal: "t")
    writer.number(frame.time, decimals: 6)
    writer.key(literal: "kind")
    writer.string("frame")
    writer.key(literal: "state")
    writer.string(frame.state.rawValue)
    writer.key(literal: "detent")
    writer.string(frame.detent)
    writer.key(literal: "target")
    writer.string(frame.target?.name)
    writer.key(literal: "height")
    writer.number(frame.height, decimals: 4)
    writer.key(literal: "backdrop")
    writer.number(frame.backdrop, decimals: 5)
    writer.key(literal: "dh_dt")
    writer.number(frame.velocity, decimals: 3)
    writer.key(literal: "index")
    writer.number(frame.index, decimals: TraceFrame.indexDecimals)
    if keyboard {
      writer.key(literal: "keyboard")
      writer.number(frame.keyboard ?? 0, decimals: 4)
    }
    if let scroll = frame.scroll {
      writer.key(literal: "scroll")
      writer.number(scroll, decimals: 4)
    }
    if let behind = frame.behind { writer.behind(behind) }
    if let fade = frame.crossFade { writer.crossFade(fade) }
    writer.endObject()
    writer.newline()
  }

  /// Writes an event's line (with its newline).
  /// - Parameters:
  ///   - event: The event.
  ///   - writer: Where it goes.
  public static func write(_ event: TraceEvent, to writer: inout JSONWriter) {
    writeEvent(named: event.name, time: event.time, fields: event.fields, to: &writer)
  }

  /// Writes the line of an event given by its parts (with its newline).
  package static func writeEvent(
    named name: String, time: Double, fields: [TraceField], to writer: inout JSONWriter
  ) {
    writer.beginObject()
    writer.key(literal: "t")
    writer.number(time, decimals: 6)
    writer.key(literal: "kind")
    writer.string("event")
    writer.key(literal: "event")
    writer.string(name)
    writeFields(fields, to: &writer)
    writer.endObject()
    writer.newline()
  }

  /// Writes an event's fields as keys and values of the open object.
  public static func writeFields(_ event: TraceEvent, to writer: inout JSONWriter) {
    writeFields(event.fields, to: &writer)
  }

  /// Writes fields as keys and values of the open object.
  package static func writeFields(_ fields: [TraceField], to writer: inout JSONWriter) {
    for field in fields {
      writer.key(field.key)
      switch field.value {
      case .number(let number): writer.number(number, decimals: 6)
      case .integer(let integer): writer.integer(integer)
      case .string(let string): writer.string(string)
      case .bool(let bool): writer.bool(bool)
      case .null: writer.null()
      }
    }
  }
}
