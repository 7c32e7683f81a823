import SheetCore
import SheetScript
import SheetTrace

/// The checks: each makes its calls and judges what it saw, and writes both, the judgement as the
/// expectation a scenario makes of the same `sheet` view (``FuzzProperty/sentence`` its message), so a
/// written finding fails at the same line. A check whose property is exempt still makes its calls
/// (the run stays the same) but judges nothing and writes no expectation.
extension FuzzSheet {
  /// The frames a snap to the current detent is watched for.
  static let snapFrames = 30
  /// How far (points) a snap to the current detent may move the sheet.
  static let snapTolerance = 0.5

  /// Where the sheet rests: its detent when it rests at one.
  var restingDetent: String? {
    guard driver?.machine.state == .resting else { return nil }
    return driver?.machine.detent
  }

  /// Brings the sheet to rest for a check that starts from a detent: a rest check first when it moves
  /// (none with a finger down: the check is skipped).
  /// - Returns: The detent it rests at (nil: the check is skipped), or the rest check's failure.
  func restAtDetent() throws(FuzzStop) -> (detent: String?, failure: (FuzzProperty, String)?) {
    guard let host = driver?.host, host.touches.isEmpty else { return (nil, nil) }
    if !host.isStill, let failure = try rest() { return (nil, failure) }
    return (restingDetent, nil)
  }

  /// A rest check: `settle()`, then the sheet must be at rest within the bound, on an active detent or
  /// dismissed or hidden.
  /// - Returns: nil, or the failure.
  /// - Throws: `FuzzStop` for a `settle()` with a finger down.
  func rest() throws(FuzzStop) -> (FuzzProperty, String)? {
    let judged = target.checks(.rests)
    if judged {
      open("rests within \(LuaLiteral.number(FuzzProperty.restBound)) s")
      write("local start = sheet.time")
    }
    let start = driver?.machine.time ?? 0
    let settled = try settle()
    defer { if judged { close() } }
    guard judged else { return nil }
    write(
      "expect(sheet.time - start <= \(LuaLiteral.number(FuzzProperty.restBound)) "
        + "and (sheet.state ~= 'resting' or sheet.detent ~= nil), \(LuaLiteral.quoted(FuzzProperty.rests.sentence)))"
    )
    guard settled else {
      if driver?.limitReached != nil { return nil }  // the limit is reported by the checks after the step
      return (.rests, "the sheet did not come to rest within 60 s (settle)")
    }
    let elapsed = (driver?.machine.time ?? 0) - start
    let state = driver?.machine.state ?? .hidden
    if elapsed > FuzzProperty.restBound {
      return (.rests, "it came to rest \(state) after \(TraceNumber.format(elapsed)) s")
    }
    if state == .resting && driver?.machine.detent == nil {
      return (.rests, "it rests at height \(TraceNumber.format(driver?.machine.height ?? 0)), on no detent")
    }
    return nil
  }

  /// A snap to the detent the sheet rests at (after a rest check when it moves), watched for
  /// ``snapFrames`` frames.
  func snapCurrent() throws(FuzzStop) -> (FuzzProperty, String)? {
    let (resting, failure) = try restAtDetent()
    guard let detent = resting else { return failure }
    let judged = target.checks(.snapCurrent)
    open("snapping to \(detent), where the sheet rests, does not move it")
    defer { close() }
    let before = driver?.machine.height ?? 0
    if judged { write("local before = sheet.height") }
    try call(.snapTo(detent))
    var moved = 0.0
    if judged { write("local moved = 0") }
    write("for _ = 1, \(Self.snapFrames) do")
    openBlocks += 1
    write(ScenarioAction.wait(1 / sheetFPS).text(fps: sheetFPS) ?? "")
    if judged { write("moved = math.max(moved, math.abs(sheet.height - before))") }
    openBlocks -= 1
    write("end")
    let wasMuted = muted
    muted = true  // the loop's calls are written once, above
    defer { muted = wasMuted }
    for _ in 0..<Self.snapFrames {
      try call(.wait(1 / sheetFPS))
      let distance = abs((driver?.machine.height ?? 0) - before)
      if moved < distance { moved = distance }  // Lua's math.max: the later one when it is greater
    }
    muted = wasMuted
    guard judged else { return nil }
    write(
      "expect(moved <= \(LuaLiteral.number(Self.snapTolerance)) and sheet.detent == \(LuaLiteral.quoted(detent)), "
        + "\(LuaLiteral.quoted(FuzzProperty.snapCurrent.sentence)))")
    if moved <= Self.snapTolerance && driver?.machine.detent == detent { return nil }
    return (
      .snapCurrent,
      "snap_to '\(detent)' at rest there moved the sheet up to \(TraceNumber.format(moved)) pt; "
        + "it is at \(driver?.machine.detent ?? "no detent") after \(Self.snapFrames) frames"
    )
  }

  /// A rotation there and back: the screen's width and height swapped, `settle()`, swapped back,
  /// `settle()`; the sheet must rest at the detent it started at. A keyboard that is up is reported
  /// again with each turn (``resize(width:height:safeTop:safeBottom:)``).
  func rotation() throws(FuzzStop) -> (FuzzProperty, String)? {
    let (resting, failure) = try restAtDetent()
    guard let detent = resting, let geometry = driver?.machine.geometry else { return failure }
    guard geometry.safeArea.top + geometry.safeArea.bottom < geometry.width else { return nil }
    let judged = target.checks(.rotation)
    open("a rotation there and back returns to \(detent)")
    defer { close() }
    for (width, height) in [(geometry.height, geometry.width), (geometry.width, geometry.height)] {
      try resize(width: width, height: height, safeTop: nil, safeBottom: nil)
      guard try settle() else { return stuck() }
    }
    guard judged else { return nil }
    write(
      "expect(sheet.state == 'resting' and sheet.detent == \(LuaLiteral.quoted(detent)), "
        + "\(LuaLiteral.quoted(FuzzProperty.rotation.sentence)))")
    if restingDetent == detent { return nil }
    return (.rotation, "from \(detent) it came back \(place)")
  }

  /// A reload of the behaviour while the sheet rests at a detent, then `settle()`: it must rest at the
  /// same detent and height.
  func reloadCheck() throws(FuzzStop) -> (FuzzProperty, String)? {
    let (resting, failure) = try restAtDetent()
    guard let detent = resting else { return failure }
    let judged = target.checks(.reload)
    open("a reload of the same file changes nothing")
    defer { close() }
    let height = driver?.machine.height ?? 0
    if judged { write("local height = sheet.height") }
    try reload()
    guard try settle() else { return stuck() }
    guard judged else { return nil }
    write(
      "expect(sheet.state == 'resting' and sheet.detent == \(LuaLiteral.quoted(detent)) "
        + "and sheet.height == height, \(LuaLiteral.quoted(FuzzProperty.reload.sentence)))")
    if restingDetent == detent && driver?.machine.height == height { return nil }
    return (.reload, "resting at \(detent) (\(TraceNumber.format(height))), after a reload it is \(place)")
  }

  /// A pair of flicks from the detent the sheet rests at: the slower, a rest, back to that detent
  /// (presented again when it was dismissed, snapped back when it is elsewhere), the faster, a rest;
  /// the faster must end at least as far in the flicks' direction. Each rest is a rest check.
  func pair(dy: Double, slow: Double, fast: Double, grab: Double) throws(FuzzStop) -> (FuzzProperty, String)?
  {
    let (resting, failure) = try restAtDetent()
    guard let detent = resting else { return failure }
    let opening = dy * geometry.edge.heightSign > 0
    let at = grabAlong(grab)
    let sign: Double = dy < 0 ? -1 : 1
    let judged = target.checks(.monotone)
    open("monotone releases: flicks \(opening ? "opening" : "closing") the sheet from \(detent)")
    defer { close() }
    if let failure = try checkedFlick(along: dy, velocity: sign * slow, at: at) { return failure }
    if let failure = try rest() { return failure }
    let slower = driver?.machine.height ?? 0
    if judged { write("local slower = sheet.height") }
    if driver?.machine.state == .dismissed || driver?.machine.state == .hidden {
      try call(.present)
      if let failure = try rest() { return failure }
    }
    if restingDetent != detent && detents.contains(where: { $0.id == detent }) {
      try call(.snapTo(detent))
      if let failure = try rest() { return failure }
    }
    guard restingDetent == detent else { return nil }  // cannot go back to the same place: no judgement
    if let failure = try checkedFlick(along: dy, velocity: sign * fast, at: at) { return failure }
    if let failure = try rest() { return failure }
    guard judged else { return nil }
    let faster = driver?.machine.height ?? 0
    write(
      "expect(sheet.height \(opening ? ">=" : "<=") slower, \(LuaLiteral.quoted(FuzzProperty.monotone.sentence)))"
    )
    if opening ? faster >= slower : faster <= slower { return nil }
    return (
      .monotone,
      "from \(detent), a flick of \(TraceNumber.format(dy)) pt at \(TraceNumber.format(sign * slow)) pt/s ends at "
        + "\(TraceNumber.format(slower)) and one at \(TraceNumber.format(sign * fast)) pt/s at \(TraceNumber.format(faster))"
    )
  }

  /// Where the sheet is, in words.
  var place: String {
    guard let m = driver?.machine else { return "hidden" }
    if let detent = m.detent, m.state == .resting { return "resting at \(detent)" }
    return "\(m.state.rawValue) at height \(TraceNumber.format(m.height))"
  }

  /// A check's `settle()` that did not come to rest: a rest failure (unless a limit stopped it).
  func stuck() -> (FuzzProperty, String)? {
    guard target.checks(.rests), driver?.limitReached == nil else { return nil }
    return (.rests, "the sheet did not come to rest within 60 s (settle)")
  }

  /// The properties checked after every step: no script error or limit reached, finite numbers, no
  /// dismissal a release made when the behaviour forbids it, and the author's properties. On a
  /// failure, the expectation that fails is written after the step.
  /// - Parameters:
  ///   - step: The step just carried out.
  ///   - before: The state before it.
  /// - Returns: nil, or the failure.
  func checkAfter(_ step: FuzzStep, from before: SheetState?) -> (FuzzProperty, String)? {
    guard let entries = driver?.trace.entries, let m = driver?.machine else { return nil }
    driver?.trace.entries.removeAll(keepingCapacity: true)
    let limit = driver?.limitReached
    if target.checks(.noError) {
      if let limit { return (.noError, limit) }
      for case .event(let event) in entries where event.name == "script_error" {
        if case .string(let message)? = event["message"] {
          write(
            "expect(sheet.state == \(LuaLiteral.quoted(m.state.rawValue)), "
              + "\(LuaLiteral.quoted("the replay ends \(m.state.rawValue), as the fuzz run did")))")
          return (.noError, "script error: \(message)")
        }
      }
    }
    if target.checks(.finite), let problem = Self.nonFinite(m) {
      write(
        "expect(sheet.height == sheet.height and sheet.velocity == sheet.velocity and sheet.backdrop >= 0 "
          + "and sheet.backdrop <= 1 and sheet.height >= 0 and sheet.height <= \(LuaLiteral.number(m.geometry.extent)) "
          + "and math.abs(sheet.velocity) ~= math.huge, \(LuaLiteral.quoted(FuzzProperty.finite.sentence)))"
      )
      return (.finite, problem)
    }
    if step.releases, let found = forbiddenDismissal(in: entries, from: before) { return found }
    if let properties, driver != nil {
      if let failed = properties.firstFailing(on: m, checked: target.checks) {
        write(
          "expect(properties[\(LuaLiteral.quoted(failed.name))](sheet), "
            + "\(LuaLiteral.quoted(FuzzProperty.user(failed.name).sentence)))")
        return (.user(failed.name), failed.detail)
      }
    }
    return nil
  }

  /// A dismissal a release decided though the behaviour does not allow dismissal: the release's
  /// `decision` event among `entries` (the events of the calls just made, which ended with it) targets
  /// `dismiss` and the sheet now leaves, which it was not doing before. Writes the expectation that fails.
  /// - Parameters:
  ///   - entries: The trace entries of the calls just made.
  ///   - before: The state before them.
  /// - Returns: nil, or the failure.
  func forbiddenDismissal(in entries: [TraceEntry], from before: SheetState?) -> (FuzzProperty, String)? {
    guard target.checks(.noDismiss), let m = driver?.machine, !m.configuration.allowsDismiss,
      m.state == .dismissing || m.state == .dismissed, before != .dismissing, before != .dismissed,
      case .event(let event)? = entries.last(where: {
        if case .event(let e) = $0 { e.name == "decision" } else { false }
      }),
      event["target"] == .string("dismiss")
    else { return nil }
    write(
      "expect(sheet.state ~= 'dismissing' and sheet.state ~= 'dismissed', "
        + "\(LuaLiteral.quoted(FuzzProperty.noDismiss.sentence)))")
    let reason = event["reason"].flatMap { if case .string(let r) = $0 { r } else { nil } } ?? ""
    return (.noDismiss, "a release decided dismiss (\(reason)) and the behaviour has allow_dismiss = false")
  }

  /// A flick a check makes, checked as a step that releases is (``forbiddenDismissal(in:from:)``).
  func checkedFlick(along: Double, velocity: Double, at: Double) throws(FuzzStop) -> (FuzzProperty, String)? {
    let mark = driver?.trace.entries.count ?? 0
    let before = driver?.machine.state
    try call(flick(along: along, velocity: velocity, at: at))
    return forbiddenDismissal(in: Array(driver?.trace.entries.dropFirst(mark) ?? []), from: before)
  }

  /// What is wrong with the sheet's numbers, or nil: height, velocity and backdrop finite, the height
  /// within the screen, the backdrop within [0, 1].
  static func nonFinite(_ m: SheetMachine) -> String? {
    guard m.height.isFinite, m.height >= 0, m.height <= m.geometry.extent else {
      return "height \(m.height) outside [0, \(TraceNumber.format(m.geometry.extent))]"
    }
    guard m.velocity.isFinite else { return "velocity \(m.velocity)" }
    guard m.backdrop.isFinite, m.backdrop >= 0, m.backdrop <= 1 else { return "backdrop \(m.backdrop)" }
    return nil
  }
}
