import SheetCore
import SheetScript

/// The replies: a frame after every message, the layout when it changed, the sheet's events once each.
extension PreviewSession {
  /// Drains the sheet's events into the next frame's list; notes the last decision and the watcher's
  /// reloads.
  func collectEvents() {
    for event in sheet.drainEvents() {
      var json = JSONText(type: event.trace.name)
      json.add("t", event.time)
      json.add("text", event.description)
      json.add("fault", event.isFault)
      switch event.kind {
      case .sheet(.decision(let target, let reason)):
        json.add("target", target.name)
        json.add("reason", reason)
        lastDecision = event.description
      case .reload(_, let error):
        if ownReloads > 0 {
          ownReloads -= 1
        } else {
          noteExternalReload(ok: error == nil)
        }
        json.add("ok", error == nil)
        if let error { json.add("message", error.description) }
      default:
        break
      }
      if events.count < Self.maximumEvents { events.append(json.json) } else { droppedEvents += 1 }
    }
  }

  /// The frame to draw, with the events since the last one.
  func frameReply() -> String {
    collectEvents()
    sequence += 1
    let frame = sheet.frame
    var reply = JSONText(type: "frame")
    reply.add("seq", sequence)
    reply.add("t", frame.time)
    reply.add("h", frame.height)
    reply.add("b", frame.backdrop)
    reply.add("v", frame.velocity)
    reply.add("state", frame.state.rawValue)
    reply.add("detent", frame.detent)
    reply.add("target", frame.target?.name)
    reply.add("finger", !sheet.touches.isEmpty)
    reply.add("recording", recorder != nil)
    var items = events
    for note in notes {
      var json = JSONText(type: "note")
      json.add("t", frame.time)
      json.add("text", note)
      items.append(json.json)
    }
    if droppedEvents > 0 {
      var json = JSONText(type: "note")
      json.add("text", "\(droppedEvents) events not shown (the page fell behind)")
      items.append(json.json)
    }
    reply.add("events", raw: JSONText.array(items))
    events.removeAll(keepingCapacity: true)
    notes.removeAll()
    droppedEvents = 0
    return reply.json
  }

  /// The layout, when it changed since it was last sent.
  func layoutReplyIfChanged() -> [String] {
    guard layoutChanged || sheet.detents != sentDetents else { return [] }
    layoutChanged = false
    sentDetents = sheet.detents
    return [layoutReply()]
  }

  /// The screen, the sheet's look, its detents, the thresholds with their ranges, and the choices
  /// the page offers.
  func layoutReply() -> String {
    let g = sheet.configuration.geometry
    let c = sheet.sheetConfiguration
    var reply = JSONText(type: "layout")
    reply.add("width", g.width)
    reply.add("height", g.height)
    reply.add("safeTop", g.safeArea.top)
    reply.add("safeBottom", g.safeArea.bottom)
    reply.add("edge", c.edge == .bottom ? "bottom" : "top")
    reply.add("cornerRadius", c.cornerRadius)
    reply.add("grabber", c.grabber)
    reply.add("backdropMax", c.backdropMax)
    reply.add("contentHeight", sheet.configuration.contentHeight)
    reply.add("fps", fps)
    reply.add("behaviour", String(sheet.behaviour.source.name.split(separator: "/").last ?? ""))
    reply.add("recording", recorder != nil)
    reply.add("scenario", setup.scenario)
    reply.add("saved", lastSaved)
    reply.add(
      "detents",
      raw: JSONText.array(
        sheet.detents.map { detent in
          var json = JSONText(type: "detent")
          json.add("id", detent.id)
          json.add("height", detent.height)
          return json.json
        }))
    reply.add("thresholds", raw: JSONText.array(thresholdEntries()))
    reply.add("compare", raw: JSONText.array(setup.compareBehaviours.map(JSONText.quoted)))
    return reply.json
  }

  /// Each threshold of the running behaviour: its value, its default, and the slider's range (the
  /// native policy's documented range when it reads it; otherwise any finite number is accepted and
  /// the slider spans 0 to four times the default).
  func thresholdEntries() -> [String] {
    sheet.behaviour.thresholds.keys.sorted().map { name in
      let value = sheet.behaviour.thresholds[name] ?? 0
      let base = defaults[name] ?? value
      var json = JSONText(type: "threshold")
      json.add("name", name)
      json.add("value", value)
      json.add("default", base)
      if let threshold = DefaultPolicy.Threshold(rawValue: name) {
        let range = threshold.range
        json.add("min", range.lowerBound)
        json.add("max", range.upperBound)
        json.add("flag", range.isFlag)
        json.add("declared", true)
        json.add("unit", threshold.unit)
      } else {
        let span = Self.sliderSpan(around: base)
        json.add("min", span.lowerBound)
        json.add("max", span.upperBound)
        json.add("flag", false)
        json.add("declared", false)
        json.add("unit", "")
      }
      return json.json
    }
  }

  /// A slider's span for a threshold with no declared range: 0 to four times its default (either sign),
  /// 0...1 for a default of 0.
  static func sliderSpan(around value: Double) -> ClosedRange<Double> {
    if value == 0 { return 0...1 }
    return value > 0 ? 0...(4 * value) : (4 * value)...0
  }
}
