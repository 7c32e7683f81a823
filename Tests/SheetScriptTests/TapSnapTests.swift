import SheetCore
import Testing

@testable import SheetScript
@testable import SheetTrace

/// `on_tap` answering a detent id: the sheet snaps there with the `snap` transition; an id that is not
/// an active detent is a fault reported at `on_tap`'s line, and the default policy's tap rule (`tap_to_dismiss`,
/// here the default `'backdrop'`) decides instead.
@Suite struct TapSnapTests {
  /// Detents low (300) and high (600), plus `closed`, declared but inactive (height 0). `on_tap` is on
  /// line 7; it reads the tap's x, which defaults to the screen's centre (195 on the reference screen).
  static let behaviour = """
    return {
      detents = {
        { id = 'low', height = 300 }, { id = 'high', height = 600 },
        { id = 'closed', height = 0 },
      },
      tap_to_dismiss = 'backdrop',
      on_tap = function(sheet, tap)
        if tap.x < 100 then return 'high' end
        if tap.x > 300 then return 'nope' end
        if tap.x == 195 and tap.region == 'backdrop' then return 'closed' end
        if tap.region == 'sheet' then return 'low' end
        return nil
      end,
    }
    """

  /// Each row: the tap (x nil: none given; y 700 is on the sheet at 300, y 100 the backdrop), the
  /// trace's `tap` fields, the detent the sheet comes to rest at (nil: dismissed), and the fault's text.
  static let rows:
    [(x: Double?, y: Double, action: String, target: String?, rest: String?, fault: String?, line: UInt)] = [
      (50, 700, "snap", "high", "high", nil, #line),
      (50, 100, "snap", "high", "high", nil, #line),  // a backdrop tap may snap too
      (200, 700, "snap", "low", "low", nil, #line),  // to the detent it rests at: a snap that ends at once
      (
        350, 700, "none", nil, "low",
        "tap.lua:7: on_tap returned 'nope', not an active detent (active: 'low', 'high')", #line
      ),
      (
        350, 100, "dismiss", nil, nil,
        "tap.lua:7: on_tap returned 'nope', not an active detent (active: 'low', 'high')", #line
      ),
      (
        nil, 100, "dismiss", nil, nil,
        "tap.lua:7: on_tap returned 'closed', not an active detent (active: 'low', 'high')", #line
      ),
      (250, 100, "none", nil, "low", nil, #line),
    ]

  @Test(arguments: rows.indices) func aTapAnswersADetentOrFallsBack(_ i: Int) throws {
    let row = Self.rows[i]
    var driver = try PresetTest.driver(source: Self.behaviour, name: "tap.lua")
    try driver.presentAndSettle()
    #expect(driver.machine.detent == "low")
    try driver.apply { m throws(SheetError) in try m.tap(x: row.x, y: row.y) }
    let tap = try #require(driver.last("tap"), "line \(row.line)")
    #expect(tap["action"]?.text == row.action, "line \(row.line): \(tap)")
    #expect(tap["target"]?.text == row.target, "line \(row.line): \(tap)")
    #expect(try driver.settle(), "line \(row.line)")
    #expect(driver.machine.detent == row.rest, "line \(row.line)")
    #expect(driver.machine.state == (row.rest == nil ? .dismissed : .resting), "line \(row.line)")
    if let target = row.target {
      let animation = try #require(driver.last("animation"), "line \(row.line)")
      #expect(animation["transition"]?.text == "snap", "line \(row.line): \(animation)")
      #expect(driver.machine.height == (target == "high" ? 600 : 300), "line \(row.line)")
    }
    #expect(driver.scriptErrors == row.fault.map { ["on_tap: \($0)"] } ?? [], "line \(row.line)")
  }

  @Test func aSnappingTapReadsAsOneTraceLine() throws {
    var driver = try PresetTest.driver(source: Self.behaviour, name: "tap.lua")
    try driver.presentAndSettle()
    try driver.apply { m throws(SheetError) in try m.tap(x: 20, y: 700) }
    let tap = try #require(driver.last("tap"))
    #expect(Trace.describe(tap) == "tap region=sheet action=snap target=high")
  }
}
