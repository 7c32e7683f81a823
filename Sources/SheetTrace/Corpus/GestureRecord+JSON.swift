import SheetCore

/// A record as its corpus line: one JSON object, numbers as the shortest text that reads back the same
/// `Double` (``JSONWriter/number(_:)``), so a line read back gives the record it was written from.
extension GestureRecord {
  /// The record as one line of JSON, without its newline.
  /// - Returns: The line.
  public func jsonLine() -> String {
    var json = JSONWriter()
    write(to: &json)
    return json.text
  }

  /// Writes the record as one JSON object.
  /// - Parameter json: The writer.
  public func write(to json: inout JSONWriter) {
    json.beginObject()
    json.field("version", Self.version)
    json.field("origin", origin)
    json.key(literal: "screen")
    json.beginObject()
    json.field("width", screen.width)
    json.field("height", screen.height)
    json.field("safe_top", screen.safeArea.top)
    json.field("safe_bottom", screen.safeArea.bottom)
    json.field("edge", screen.edge.rawValue)
    json.endObject()
    if let contentHeight { json.field("content_height", contentHeight) }
    if let scroll {
      json.key(literal: "scroll")
      json.beginObject()
      json.field("content_height", scroll.view.contentHeight)
      json.field("top", scroll.view.top)
      if let height = scroll.view.height { json.field("height", height) }
      json.field("offset", scroll.offset)
      json.endObject()
    }
    json.field("keyboard", keyboard)
    json.field("fps", fps)
    json.key(literal: "behaviour")
    json.beginObject()
    json.field("name", behaviour.name)
    json.field("hash", behaviour.hash)
    json.endObject()
    json.key(literal: "thresholds")
    json.beginObject()
    for name in thresholds.keys.sorted() { json.field(name, thresholds[name]) }
    json.endObject()
    json.key(literal: "start")
    json.beginObject()
    json.field("state", start.state.rawValue)
    json.field("detent", start.detent)
    json.field("height", start.height)
    json.endObject()
    json.key(literal: "touches")
    json.beginArray()
    for touch in touches {
      json.beginArray()
      json.number(touch.t)
      json.number(touch.x)
      json.number(touch.y)
      json.endArray()
    }
    json.endArray()
    json.key(literal: "inputs")
    json.beginArray()
    for input in inputs { write(input, to: &json) }
    json.endArray()
    if let velocity { json.field("velocity", velocity) }
    if let velocityX { json.field("velocity_x", velocityX) }
    if let outcome {
      json.key(literal: "outcome")
      json.beginObject()
      json.field("end", outcome.end)
      json.field("settle", outcome.settle)
      json.field("overshoot", outcome.overshoot)
      json.endObject()
    }
    if let intent { json.field("intent", intent) }
    json.endObject()
  }

  /// An input as `{"t":...,"scroll":offset}` or `{"t":...,"keyboard":height,"duration":seconds}`.
  private func write(_ input: Input, to json: inout JSONWriter) {
    json.beginObject()
    json.field("t", input.t)
    switch input {
    case .scroll(_, let offset):
      json.field("scroll", offset)
    case .keyboard(_, let height, let duration):
      json.field("keyboard", height)
      json.field("duration", duration)
    }
    json.endObject()
  }
}
