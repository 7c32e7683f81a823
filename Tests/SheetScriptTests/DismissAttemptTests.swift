import SheetCore
import Testing

@testable import SheetScript

/// `on_dismiss_attempt` through the host API: a sheet that may not be dismissed reports a release below
/// its lowest detent and a backdrop tap that does nothing, as `dismiss_attempt` events and a count, only
/// when the behaviour defines the callback.
@Suite struct DismissAttemptTests {
  /// A behaviour with detents 200 and 600 pt on the reference screen (844 pt tall), `allow_dismiss` as
  /// given and the callback when `callback` is true.
  static func behaviour(allowDismiss: Bool, callback: Bool) -> String {
    """
    return {
      detents = { { id = 'low', height = 200 }, { id = 'high', height = 600 } },
      allow_dismiss = \(allowDismiss),
      tap_to_dismiss = false,
      \(callback ? "on_dismiss_attempt = function(sheet, cause) print(cause, sheet.state) end," : "")
    }

    """
  }

  /// Each row: allow_dismiss, whether the callback is defined, the attempts expected after a drag of
  /// 100 pt down from `low` (its top at y 644) released at rest and a tap at y 100 (the backdrop).
  static let rows: [(allowDismiss: Bool, callback: Bool, attempts: [String], line: UInt)] = [
    (false, true, ["release", "tap"], #line),
    (false, false, [], #line),
    // a sheet that may be dismissed makes no attempts: the release's decision is its own
    (true, true, [], #line),
  ]

  @Test(arguments: rows.indices) func attemptsAreEventsAndACountOnlyWithTheCallback(_ i: Int) throws {
    let row = Self.rows[i]
    let sheet = try ScriptedSheet(
      source: Self.behaviour(allowDismiss: row.allowDismiss, callback: row.callback), name: "d.lua")
    try sheet.advance(to: 0)  // the clock's origin
    sheet.present()
    for k in 1...120 { try sheet.advance(to: Double(k) / 120) }  // a display link's frames for 1 s
    _ = sheet.drainEvents()
    try sheet.touchDown(y: 654, timestamp: 1)
    for k in 1...10 { try sheet.touchMove(y: 654 + Double(k) * 10, timestamp: 1 + Double(k) * 0.01) }
    try sheet.touchUp(y: 754, timestamp: 1.11, velocity: 0)
    for k in 134...360 { try sheet.advance(to: Double(k) / 120) }
    if sheet.state == .resting { try sheet.tap(y: 100) }
    let events = sheet.drainEvents().map(\.description)
    let attempts = events.filter { $0.hasPrefix("dismiss_attempt") }
    #expect(attempts == row.attempts.map { "dismiss_attempt cause=\($0)" }, "line \(row.line): \(events)")
    #expect(sheet.dismissAttempts == row.attempts.count, "line \(row.line)")
    // the callback is told after the event, with the sheet still held by the finger for a release
    let printed = events.filter { $0.hasPrefix("print") }
    let told = row.attempts.map { "print text=\($0)\t\($0 == "release" ? "dragging" : "resting")" }
    #expect(printed == told, "line \(row.line): \(events)")
  }
}
