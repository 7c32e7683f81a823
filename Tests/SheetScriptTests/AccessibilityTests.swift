import SheetCore
import Testing

@testable import SheetScript

/// The back action, the accessibility actions and reduce motion through the host API, under the default
/// rules and a behaviour's overrides (`back`, `on_back`, `accessibility`, `reduced`).
@Suite struct AccessibilityTests {
  /// Detents low 200, mid 400, high 600 pt on the reference screen, with the extra fields given.
  static func behaviour(_ extra: String = "") -> String {
    """
    return {
      detents = { { id = 'low', height = 200 }, { id = 'mid', height = 400 }, { id = 'high', height = 600 } },
      \(extra)
    }

    """
  }

  /// A sheet presented and at rest at `detent`, its events drained.
  static func resting(_ source: String, at detent: String = "low") throws -> ScriptedSheet {
    let sheet = try ScriptedSheet(source: source, name: "a.lua")
    try sheet.advance(to: 0)
    sheet.present()
    if detent != "low" { try sheet.snap(to: detent) }
    try settle(sheet)
    _ = sheet.drainEvents()
    return sheet
  }

  /// Advances a display link's frames (120 Hz) until the sheet is still.
  static func settle(_ sheet: ScriptedSheet) throws {
    var t = sheet.time
    while !sheet.isStill && t < 10 {
      t += 1.0 / 120
      try sheet.advance(to: t)
    }
  }

  static func names(_ sheet: ScriptedSheet) -> [String] {
    sheet.accessibilityActions.map { "\($0.name.rawValue)>\($0.target.name)" }
  }

  /// Each row: extra behaviour fields, the detent at rest, the actions offered (name>target), by the
  /// default rules (Material 3's drag handle, one detent at a time) or the behaviour's.
  static let actionRows: [(extra: String, detent: String, actions: [String], line: UInt)] = [
    ("", "low", ["expand>mid", "dismiss>dismiss"], #line),
    ("", "mid", ["expand>high", "collapse>low", "dismiss>dismiss"], #line),
    ("", "high", ["collapse>mid", "dismiss>dismiss"], #line),
    ("allow_dismiss = false,", "mid", ["expand>high", "collapse>low"], #line),
    (
      "accessibility = function(sheet, a) a.expand = 'high'; a.dismiss = false; return a end,", "low",
      ["expand>high"], #line
    ),
    ("accessibility = function() return nil end,", "high", ["collapse>mid", "dismiss>dismiss"], #line),
  ]

  @Test(arguments: actionRows.indices) func theOfferedActions(_ i: Int) throws {
    let row = Self.actionRows[i]
    let sheet = try Self.resting(Self.behaviour(row.extra), at: row.detent)
    #expect(Self.names(sheet) == row.actions, "line \(row.line)")
  }

  @Test func performingAnActionGoesWhereItSaysAndOneNotOfferedChangesNothing() throws {
    let sheet = try Self.resting(Self.behaviour())
    sheet.performAccessibilityAction(.collapse)
    #expect(sheet.drainEvents().map(\.description) == ["accessibility_action name=collapse target=none"])
    sheet.performAccessibilityAction(.expand)
    try Self.settle(sheet)
    #expect(sheet.frame.detent == "mid" && sheet.frame.height == 400)
    sheet.performAccessibilityAction(.dismiss)
    try Self.settle(sheet)
    #expect(sheet.state == .dismissed)
    #expect(sheet.accessibilityActions.isEmpty, "none while the sheet is not on screen")
  }

  /// Each row: extra fields, the detent at rest, the back event and where the sheet ends.
  static let backRows: [(extra: String, detent: String, event: String, end: String, line: UInt)] = [
    ("", "high", "back target=dismiss", "dismissed", #line),
    ("back = 'collapse',", "high", "back target=mid", "mid", #line),
    ("back = 'collapse',", "low", "back target=dismiss", "dismissed", #line),
    ("back = 'collapse', allow_dismiss = false,", "low", "back target=dismiss", "low", #line),
    ("on_back = function() return false end,", "mid", "back target=none", "mid", #line),
    ("on_back = function() return 'high' end,", "low", "back target=high", "high", #line),
    ("on_back = function() return nil end, back = 'collapse',", "mid", "back target=low", "low", #line),
  ]

  @Test(arguments: backRows.indices) func back(_ i: Int) throws {
    let row = Self.backRows[i]
    let sheet = try Self.resting(Self.behaviour(row.extra), at: row.detent)
    sheet.back()
    let events = sheet.drainEvents().map(\.description)
    #expect(events.first == row.event, "line \(row.line): \(events)")
    try Self.settle(sheet)
    #expect((sheet.frame.detent ?? sheet.state.rawValue) == row.end, "line \(row.line)")
  }

  @Test func aForbiddenDismissalIsAnAttemptForBackAndTheDismissAction() throws {
    let extra = """
      allow_dismiss = false,
      on_dismiss_attempt = function(sheet, cause) print(cause) end,
      accessibility = function(sheet, a) a.dismiss = 'dismiss'; return a end,
      """
    let sheet = try Self.resting(Self.behaviour(extra))
    sheet.back()
    sheet.performAccessibilityAction(.dismiss)
    let attempts = sheet.drainEvents().map(\.description).filter { $0.hasPrefix("dismiss_attempt") }
    #expect(attempts == ["dismiss_attempt cause=back", "dismiss_attempt cause=accessibility"])
    #expect(sheet.dismissAttempts == 2 && sheet.state == .resting && sheet.frame.detent == "low")
  }

  @Test func badAnswersAreScriptErrorsAndTheDefaultDecides() throws {
    let sheet = try Self.resting(
      Self.behaviour(
        "on_back = function() return 'nowhere' end, accessibility = function() return { up = 'high' } end,"))
    sheet.back()
    let events = sheet.drainEvents().map(\.description)
    #expect(events.contains { $0.hasPrefix("script_error callback=on_back") }, "\(events)")
    #expect(events.contains("back target=dismiss"), "the default: dismiss")
    let other = try Self.resting(Self.behaviour("accessibility = function() return { up = 'high' } end,"))
    #expect(Self.names(other) == ["expand>mid", "dismiss>dismiss"])
    #expect(
      other.drainEvents().map(\.description).contains { $0.hasPrefix("script_error callback=accessibility") })
  }

  /// Under reduce motion a transition is the default 0.2 s cross-fade (or the behaviour's `reduced`
  /// animation): the height is the target's from the first frame, and it ends after 0.2 s.
  @Test func reduceMotionCrossFades() throws {
    let sheet = try Self.resting(
      Self.behaviour("reduced = { dismiss = { curve = 'linear', duration = 0.5 } },"))
    sheet.reduceMotion = true
    try sheet.snap(to: "high")
    let start = sheet.time
    try sheet.advance(to: start + 1.0 / 120)
    #expect(sheet.frame.height == 600 && sheet.frame.crossFade?.from == 200)
    try Self.settle(sheet)
    // ease-in-out over 0.2 s: done on the 24th frame at 120 Hz
    #expect(abs(sheet.time - start - 24.0 / 120) < 1e-9)
    #expect(sheet.frame.crossFade == nil)
    sheet.dismiss()
    let dismissed = sheet.time
    for k in 1...30 { try sheet.advance(to: dismissed + Double(k) / 120) }  // 0.25 s of frames
    #expect(abs(sheet.frame.height - 300) < 1e-9, "the reduced dismiss is linear over 0.5 s: 600 * 0.5")
    let events = sheet.drainEvents().map(\.description)
    #expect(events.first == "reduce_motion on=true")
    #expect(
      events.contains(#"animation transition=snap target=high height="ease_in_out 0.2s" cross_fade=true"#))
  }
}
