import SheetCore
import SheetScript
import SheetTrace

/// The replies: a frame after every message, the layout when it changed, the sheet's events once each.
extension PreviewSession {
  /// Drains the sheet's events into the next frame's list; notes the last decision and the watcher's
  /// reloads.
  func collectEvents() {
    for event in sheet.drainEvents() {
      switch event.kind {
      case .sheet(.decision): lastDecision = event.description
      case .reload(_, let error):
        askedActions = nil  // a new behaviour may offer other actions
        if ownReloads > 0 {
          ownReloads -= 1
        } else {
          noteExternalReload(ok: error == nil)
        }
      default: break
      }
      if events.count < Self.maximumEvents { events.append(Self.message(event)) } else { droppedEvents += 1 }
    }
  }

  /// An event as the page receives it, from its one description (`ScriptedSheet.Event.trace`):
  /// `{"type": name, "t", "line": how sheet run prints it, "script_error", "fields": {...}}`.
  static func message(_ event: ScriptedSheet.Event) -> String {
    let trace = event.trace
    var json = JSONWriter.message(trace.name)
    json.field("t", trace.time)
    json.field("line", Trace.describe(trace))
    json.field("script_error", event.isScriptError)
    json.key("fields")
    json.beginObject()
    Trace.writeFields(trace, to: &json)
    json.endObject()
    return json.finished()
  }

  /// A note for the page's log (a recording stopped, a file saved): not a sheet event.
  static func note(_ text: String, at time: Double?) -> String {
    var json = JSONWriter.message("note")
    if let time { json.field("t", time) }
    json.field("line", text)
    return json.finished()
  }

  /// The frame to draw, with the events since the last one: the sheet (`h`, `b`, `v`: height, backdrop,
  /// dh/dt), the keyboard's height as it animates (`k`), the pan finger's velocity as a release now would
  /// estimate it (`pv`, screen pt/s, + = down; null without a pan) and who moves with the pan (`owner`,
  /// `sheet` or `scroll`), and the scroll view (`scroll`: its content offset, frame height and top, largest
  /// offset, content height and offset velocity; null without one).
  func frameReply() -> String {
    collectEvents()
    sequence += 1
    let frame = sheet.frame
    var reply = JSONWriter.message("frame")
    reply.field("seq", sequence)
    reply.field("t", frame.time)
    reply.field("h", frame.height)
    reply.field("b", frame.backdrop)
    reply.field("v", frame.velocity)
    reply.field("state", frame.state.rawValue)
    reply.field("detent", frame.detent)
    reply.field("target", frame.target?.name)
    reply.field("k", frame.keyboard)
    reply.field("pv", sheet.machine.panVelocity)
    reply.field("owner", sheet.machine.panOwner?.rawValue)
    reply.key("scroll")
    writeScroll(to: &reply)
    if let behind = frame.behind { reply.behind(behind) }
    writeAccessibility(frame, to: &reply)
    reply.field("finger", !sheet.touches.isEmpty)
    reply.field("recording", recorder != nil)
    reply.key("events")
    reply.beginArray()
    for item in events { reply.raw(item) }
    for note in notes { reply.raw(Self.note(note, at: frame.time)) }
    if droppedEvents > 0 {
      reply.raw(Self.note("\(droppedEvents) events not shown (the page fell behind)", at: nil))
    }
    reply.endArray()
    events.removeAll(keepingCapacity: true)
    notes.removeAll()
    droppedEvents = 0
    return reply.finished()
  }

  /// The fractional detent index (`di`), the running cross-fade (`fade`: `from`, `progress`, or null),
  /// reduce motion (`reduce`) and the accessibility actions the sheet offers now (`actions`: names).
  private func writeAccessibility(_ frame: SheetFrame, to reply: inout JSONWriter) {
    reply.field("di", frame.detentIndex)
    reply.key("fade")
    if let fade = frame.crossFade {
      reply.beginObject()
      reply.field("from", fade.from)
      reply.field("progress", fade.progress)
      reply.endObject()
    } else {
      reply.null()
    }
    reply.field("reduce", sheet.reduceMotion)
    reply.key("actions")
    reply.beginArray()
    for name in offeredActions(frame) { reply.string(name.rawValue) }
    reply.endArray()
  }

  /// The scroll view as the frame carries it, or null.
  private func writeScroll(to reply: inout JSONWriter) {
    guard let scroll = sheet.machine.scrollSnapshot else {
      reply.null()
      return
    }
    reply.beginObject()
    reply.field("type", "scroll")
    reply.field("offset", scroll.offset)
    reply.field("height", scroll.height)
    reply.field("top", scroll.top)
    reply.field("max", scroll.maxOffset)
    reply.field("content", scroll.contentHeight)
    reply.field("velocity", scroll.velocity)
    reply.endObject()
  }

  /// The layout, when it changed since it was last sent.
  func layoutReplyIfChanged() -> [String] {
    guard layoutChanged || sheet.detents != sentDetents else { return [] }
    layoutChanged = false
    sentDetents = sheet.detents
    return [layoutReply()]
  }

  /// The screen (its size, its insets on all four sides, the device and its orientation), the sheet's
  /// look, its detents, the keyboard's reported height, the behaviour file the page may write into
  /// (`file`, null for a preset), the thresholds with their ranges, and the choices the page offers.
  func layoutReply() -> String {
    let g = sheet.configuration.geometry
    let c = sheet.sheetConfiguration
    var reply = JSONWriter.message("layout")
    reply.field("width", g.width)
    reply.field("height", g.height)
    reply.field("safeTop", g.safeArea.top)
    reply.field("safeBottom", g.safeArea.bottom)
    let insets = device.insets(landscape: landscape)
    reply.field("safeLeft", insets.left)
    reply.field("safeRight", insets.right)
    reply.field("device", device.id)
    reply.field("landscape", landscape)
    reply.field("keyboard", sheet.machine.keyboard.targetHeight)
    reply.field("file", setup.isPreset ? nil : sheet.source.name)
    reply.field("edge", c.edge.rawValue)
    reply.field("cornerRadius", c.cornerRadius)
    reply.field("grabber", c.grabber)
    reply.field("backdropMax", c.backdropMax)
    reply.field("contentHeight", sheet.configuration.contentHeight)
    reply.field("fps", fps)
    reply.field("behaviour", String(sheet.behaviour.source.name.split(separator: "/").last ?? ""))
    reply.field("recording", recorder != nil)
    reply.field("scenario", setup.scenario)
    reply.field("saved", lastSaved)
    reply.key("detents")
    reply.beginArray()
    for detent in sheet.detents {
      reply.beginObject()
      reply.field("type", "detent")
      reply.field("id", detent.id)
      reply.field("height", detent.height)
      reply.endObject()
    }
    reply.endArray()
    reply.key("thresholds")
    reply.beginArray()
    writeThresholds(to: &reply)
    reply.endArray()
    reply.key("compare")
    reply.beginArray()
    for behaviour in setup.compareBehaviours { reply.string(behaviour) }
    reply.endArray()
    reply.key("devices")
    reply.beginArray()
    let start = PreviewDevice.matching(setup.geometry) == nil ? [PreviewDevice.custom(setup.geometry)] : []
    for choice in PreviewDevice.catalogue + start {
      reply.beginObject()
      reply.field("type", "device")
      reply.field("id", choice.id)
      reply.field("name", choice.name)
      reply.endObject()
    }
    reply.endArray()
    return reply.finished()
  }

  /// Each threshold of the running behaviour: its value, its default, and the slider's range (the
  /// default policy's documented range when it reads it; otherwise any finite number is accepted and
  /// the slider spans 0 to four times the default).
  func writeThresholds(to json: inout JSONWriter) {
    for name in sheet.behaviour.thresholds.keys.sorted() {
      let value = sheet.behaviour.thresholds[name] ?? 0
      let base = defaults[name] ?? value
      json.beginObject()
      json.field("type", "threshold")
      json.field("name", name)
      json.field("value", value)
      json.field("default", base)
      if let threshold = DefaultPolicy.Threshold(rawValue: name) {
        let range = threshold.range
        json.field("min", range.lowerBound)
        json.field("max", range.upperBound)
        json.field("flag", range.isFlag)
        json.field("declared", true)
        json.field("unit", threshold.unit)
      } else {
        let span = Self.sliderSpan(around: base)
        json.field("min", span.lowerBound)
        json.field("max", span.upperBound)
        json.field("flag", false)
        json.field("declared", false)
        json.field("unit", "")
      }
      json.endObject()
    }
  }

  /// A slider's span for a threshold with no declared range: 0 to four times its default (either sign),
  /// 0...1 for a default of 0.
  static func sliderSpan(around value: Double) -> ClosedRange<Double> {
    if value == 0 { return 0...1 }
    return value > 0 ? 0...(4 * value) : (4 * value)...0
  }
}
