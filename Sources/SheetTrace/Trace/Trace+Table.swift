import SheetCore

extension Trace {
  /// The trace as a table for people: every event, and frames sampled where something changed.
  ///
  /// Columns: time, state, detent, the running transition's target (`-` when none), height, backdrop and
  /// dh/dt, then `keyboard` (the keyboard's height) when a keyboard was shown, `scroll` (the scroll
  /// view's content offset, `-` on a frame without one) when a frame has a scroll view, and `scale`,
  /// `radius`, `offset` and `dim` (the view behind the sheet, `-` on a frame without one) when a frame
  /// describes it, in that order. A
  /// frame is shown when it is the first or the last, when the state, detent or target changed,
  /// right after an event, or when at least `interval` seconds passed since the last shown frame and the
  /// sheet moved. A frame with a non-finite number is never shown, and a non-finite event value is shown
  /// as text. Script errors of one kind (one callback, one message but for its numbers, ``ScriptErrorGroup``) are
  /// shown once, the first as it is, with their count and the times of the first and the last:
  /// `(x31, 0.533–0.775 s)`, or `(x49 with other numbers, 0.500–0.908 s)` when their numbers differed.
  /// - Parameter interval: The sampling interval for moving frames, in seconds (0.05...1 is useful).
  /// - Returns: The table's text.
  public func table(interval: Double = 0.1) -> String {
    var out = "\(title)\n"
    let keyboard = hasKeyboard
    let scrollColumn = hasScroll
    let behindColumns = hasBehind
    out += "       t  state       detent     target        height  backdrop     dh/dt"
    out += (keyboard ? "  keyboard" : "") + (scrollColumn ? "     scroll" : "")
    out += behindColumns ? "     scale  radius  offset     dim\n" : "\n"
    var lastShown: TraceFrame?
    var eventPending = false
    let lastFrame = entries.lastIndex { if case .frame(let f) = $0 { f.isFinite } else { false } }
    var repeated: [String: ScriptErrorGroup] = [:]
    for group in scriptErrorGroups() where group.count > 1 {
      repeated["\(group.callback)\u{0}\(ScriptErrorShape(group.message).key)"] = group
    }
    var shownErrors = Set<String>()
    for (index, entry) in entries.enumerated() {
      switch entry {
      case .event(let event):
        var suffix = ""
        if let key = ScriptErrorGroup.groupKey(event) {
          guard shownErrors.insert(key).inserted else { continue }
          suffix = repeated[key]?.repeats ?? ""
        }
        out +=
          TraceNumber.column(event.time, decimals: 4, width: 8) + "  * " + Self.describe(event) + suffix
          + "\n"
        eventPending = true
      case .frame(let frame):
        guard frame.isFinite else { continue }
        if shouldShow(
          frame, after: lastShown, eventPending: eventPending, isLast: index == lastFrame,
          interval: interval)
        {
          out += Self.row(frame, keyboard: keyboard, scroll: scrollColumn, behind: behindColumns)
          lastShown = frame
        }
        eventPending = false
      }
    }
    return out
  }

  /// Whether the table shows a frame.
  private func shouldShow(
    _ frame: TraceFrame, after last: TraceFrame?, eventPending: Bool, isLast: Bool, interval: Double
  ) -> Bool {
    guard let last else { return true }
    if isLast || eventPending { return true }
    if frame.state != last.state || frame.detent != last.detent || frame.target != last.target { return true }
    let scrolled =
      abs((frame.scroll ?? 0) - (last.scroll ?? 0)) > 0.05 || (frame.scroll == nil) != (last.scroll == nil)
    let moved =
      abs(frame.height - last.height) > 0.05 || abs(frame.backdrop - last.backdrop) > 0.0005
      || abs((frame.keyboard ?? 0) - (last.keyboard ?? 0)) > 0.05 || scrolled
      || Self.behindMoved(frame.behind, last.behind)
    return moved && frame.time - last.time >= interval - 1e-9
  }

  /// Whether the view behind changed visibly between two shown frames (by 0.0005 in scale or dim, or
  /// 0.05 pt in corner radius or offset), or appeared or went.
  private static func behindMoved(_ a: BehindView?, _ b: BehindView?) -> Bool {
    guard let a, let b else { return (a == nil) != (b == nil) }
    return abs(a.scale - b.scale) > 0.0005 || abs(a.dim - b.dim) > 0.0005
      || abs(a.cornerRadius - b.cornerRadius) > 0.05 || abs(a.offset - b.offset) > 0.05
  }

  /// One frame as a table row, with the keyboard's height when the trace has a keyboard column, the
  /// scroll offset when it has a scroll column and the view behind when it has its columns (in that
  /// order).
  package static func row(
    _ frame: TraceFrame, keyboard: Bool = false, scroll: Bool = false, behind: Bool = false
  ) -> String {
    var row =
      TraceNumber.column(frame.time, decimals: 4, width: 8) + "  "
      + frame.state.rawValue.padding(11) + " " + (frame.detent ?? "-").padding(10) + " "
      + (frame.target?.name ?? "-").padding(10) + " "
      + TraceNumber.column(frame.height, decimals: 2, width: 9)
      + TraceNumber.column(frame.backdrop, decimals: 4, width: 10)
      + TraceNumber.column(frame.velocity, decimals: 1, width: 10)
    if keyboard { row += TraceNumber.column(frame.keyboard ?? 0, decimals: 2, width: 10) }
    if scroll {
      row += frame.scroll.map { TraceNumber.column($0, decimals: 2, width: 11) } ?? "          -"
    }
    if behind {
      row +=
        frame.behind.map {
          TraceNumber.column($0.scale, decimals: 4, width: 10)
            + TraceNumber.column($0.cornerRadius, decimals: 2, width: 8)
            + TraceNumber.column($0.offset, decimals: 2, width: 8)
            + TraceNumber.column($0.dim, decimals: 4, width: 8)
        } ?? "         -       -       -       -"
    }
    return row + "\n"
  }

  /// One event as `name key=value ...`.
  /// - Parameter event: The event.
  /// - Returns: Its one-line description.
  public static func describe(_ event: TraceEvent) -> String {
    var text = event.name
    for field in event.fields {
      text += " \(field.key)="
      switch field.value {
      case .number(let number):
        text +=
          number.isFinite
          ? TraceNumber.format(number, decimals: 3) : JSONWriter.quoted(TraceNumber.format(number))
      case .integer(let integer): text += String(integer)
      case .bool(let bool): text += bool ? "true" : "false"
      case .null: text += "nil"
      case .string(let string):
        text += string.contains(" ") || string.isEmpty ? JSONWriter.quoted(string) : string
      }
    }
    return text
  }
}

extension String {
  /// The string padded with spaces on the right to at least `width` characters.
  fileprivate func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
