import SheetCore
import SheetTrace
import Testing

@testable import SheetScenario
@testable import SheetScript

/// The `gesture` view a callback reads is current on every frame, even when only some fields changed.
@Suite struct GestureViewTests {
  /// A behaviour whose sheet follows the finger exactly, through the view's `translation`.
  static let follower = """
    return {
      detents = { { id = 'low', height = 300 }, { id = 'high', height = 600 } },
      on_drag = function(sheet, gesture)
        return gesture.start_height - gesture.translation
      end,
    }
    """

  @Test func aNewGestureStartingWhereTheLastEndedReadsTranslationZero() throws {
    var driver = try PresetTest.driver(source: Self.follower)
    try driver.presentAndSettle()
    #expect(driver.machine.height == 300)
    // First gesture: 700 -> 600 on the sheet (its top edge is at 544), up 100 pt: h = 400.
    try driver.touchDown(y: 700)
    try driver.touchMove(y: 600)
    #expect(driver.machine.height == 400)
    try driver.touchUp(velocity: 0)
    try driver.settle()
    let rest = driver.machine.height
    // Second gesture lands at y 600, the first gesture's last y, and does not move: translation 0.
    #expect(rest == 300)
    try driver.touchDown(y: 600)
    try driver.touchMove(y: 600)
    #expect(driver.machine.height == rest, "the second gesture read a stale translation")
    try driver.touchMove(y: 550)
    #expect(driver.machine.height == rest + 50)
  }

  /// A behaviour that reports, in its release reason, every field of the `gesture` view `on_release`
  /// reads, the `velocity_x` its last `on_drag` read, and how many times `on_drag` ran this pan (kept
  /// in a local of the file: locals persist between calls).
  static let reporter = """
    local drags, drag_velocity_x = 0, 0
    local names = { 'x', 'start_x', 'translation_x', 'velocity_x', 'y', 'start_y', 'translation',
      'velocity', 'start_time', 'time', 'average_velocity', 'average_velocity_x' }
    return {
      detents = { { id = 'low', height = 300 }, { id = 'high', height = 600 } },
      on_drag = function(sheet, gesture)
        drags = drags + 1
        drag_velocity_x = gesture.velocity_x
        return gesture.start_height - gesture.translation
      end,
      on_release = function(sheet, gesture)
        local parts = { ('drags=%d'):format(drags), ('drag_velocity_x=%.17g'):format(drag_velocity_x) }
        for _, name in ipairs(names) do parts[#parts + 1] = ('%s=%.17g'):format(name, gesture[name]) end
        drags = 0
        return 'low', table.concat(parts, ';')
      end,
    }
    """

  /// One touch sample: a screen point (x nil: none given) and its time, seconds.
  typealias Sample = (x: Double?, y: Double, t: Double)

  /// Each row: a pan's samples (the first begins it, the last ends it, with the optional explicit
  /// release velocities) and the `gesture` fields `on_release` must read, worked out by hand. Velocities
  /// are the least-squares slope through the samples of the last 100 ms (VelocityEstimator); averages
  /// are translation / (time - start_time). The reference screen is 390 pt wide: a touch without x is at
  /// x 195.
  static let rows:
    [(
      samples: [Sample], velocity: Double?, velocityX: Double?, expected: [String: Double], line: UInt
    )] = [
      // Held still 0.2 s, then 10 pt up and 10 pt right per 10 ms: the window (1.12...1.22) holds the
      // last three samples, slope -1000 and +1000 pt/s; the averages spread 20 pt over 0.22 s.
      (
        [(100, 600, 1.0), (100, 600, 1.2), (110, 590, 1.21), (120, 580, 1.22)], nil, nil,
        [
          "x": 120, "start_x": 100, "translation_x": 20, "velocity_x": 1000, "drag_velocity_x": 1000,
          "y": 580, "start_y": 600, "translation": -20, "velocity": -1000, "start_time": 1.0, "time": 1.22,
          "average_velocity": -20 / 0.22, "average_velocity_x": 20 / 0.22, "drags": 3,
        ], #line
      ),
      // No x anywhere: the centre, no horizontal travel, a horizontal velocity of exactly 0.
      (
        [(nil, 600, 2.0), (nil, 550, 2.01), (nil, 500, 2.02)], nil, nil,
        [
          "x": 195, "start_x": 195, "translation_x": 0, "velocity_x": 0, "translation": -100,
          "velocity": -5000, "start_time": 2.0, "time": 2.02, "average_velocity": -5000,
          "average_velocity_x": 0, "drags": 2,
        ], #line
      ),
      // A move without x keeps the last x: x 300, 200, 200, 200 at -30, -20, -10, 0 ms. Least squares:
      // mean t -15 ms, mean x 225, sum (t - mt)(x - mx) = -1.5 pt s, sum (t - mt)^2 = 0.0005 s^2, so
      // -3000 pt/s; average -100 pt over 0.03 s.
      (
        [(300, 600, 1.0), (200, 590, 1.01), (nil, 580, 1.02), (nil, 570, 1.03)], nil, nil,
        [
          "x": 200, "start_x": 300, "translation_x": -100, "velocity_x": -3000, "drag_velocity_x": -3000,
          "translation": -30, "velocity": -1000, "time": 1.03, "average_velocity": -1000,
          "average_velocity_x": -100 / 0.03, "drags": 3,
        ], #line
      ),
      // Explicit release velocities win in on_release; on_drag read the estimate (one sample in the
      // window at the release: 0). 300 pt right in 0.25 s: average 1200 pt/s.
      (
        [(50, 600, 0.5), (350, 600, 0.75)], 800, -2500,
        [
          "x": 350, "translation_x": 300, "velocity_x": -2500, "drag_velocity_x": 0, "velocity": 800,
          "translation": 0, "start_time": 0.5, "time": 0.75, "average_velocity": 0,
          "average_velocity_x": 1200, "drags": 1,
        ], #line
      ),
      // Released in the instant it began: no time has passed, so both averages are 0.
      (
        [(10, 600, 3.0), (10, 640, 3.0)], nil, nil,
        [
          "x": 10, "translation": 40, "velocity": 0, "velocity_x": 0, "start_time": 3.0, "time": 3.0,
          "average_velocity": 0, "average_velocity_x": 0, "drags": 1,
        ], #line
      ),
    ]

  @Test(arguments: rows.indices) func theViewReadsThePansPositionVelocityAndTiming(_ i: Int) throws {
    let row = Self.rows[i]
    let behaviour = try Behaviour.load(BehaviourSource(name: "reporter.lua", text: Self.reporter))
    var m = try SheetHost(policy: behaviour, geometry: PresetTest.reference)
    m.present()
    while m.state != .resting { try m.step(1.0 / 120) }
    let first = try #require(row.samples.first)
    #expect(try m.touchDown(x: first.x, y: first.y, time: first.t).drivesPan, "line \(row.line)")
    for sample in row.samples.dropFirst().dropLast() {
      try m.touchMove(x: sample.x, y: sample.y, time: sample.t)
    }
    let last = try #require(row.samples.last)
    let events = try m.touchUp(
      x: last.x, y: last.y, time: last.t, velocity: row.velocity, velocityX: row.velocityX)
    var reason: String?
    for case .decision(_, let text) in events { reason = text }
    let fields = Self.parse(try #require(reason, "line \(row.line): \(events)"))
    for (name, expected) in row.expected {
      let actual = try #require(fields[name], "line \(row.line): no \(name) in \(fields)")
      #expect(abs(actual - expected) <= 1e-6 * max(1, abs(expected)), "line \(row.line): \(name) \(actual)")
    }
  }

  /// `name=value;name=value` as numbers.
  static func parse(_ reason: String) -> [String: Double] {
    var fields: [String: Double] = [:]
    for part in reason.split(separator: ";") {
      let pair = part.split(separator: "=", maxSplits: 1)
      if pair.count == 2, let value = Double(pair[1]) { fields[String(pair[0])] = value }
    }
    return fields
  }

  /// A follower that moves the sheet by each event's `delta` from its height (PanModal's `respond(to:)`
  /// without the halving), listing the deltas it read in its release reason.
  static let incremental = """
    local deltas = {}
    return {
      on_drag = function(sheet, gesture)
        deltas[#deltas + 1] = ('%g'):format(gesture.delta)
        return sheet.height - gesture.delta
      end,
      on_release = function(sheet, gesture)
        local text = table.concat(deltas, ',') .. ';' .. ('%g'):format(gesture.delta)
        deltas = {}
        return { height = sheet.height }, text
      end,
    }
    """

  /// `delta` is each drag call's travel since the previous one: 700 -> 680 -> 650 -> 650 -> 700, lifted
  /// where it was; the release reads the last call's. Summed by the follower, the sheet ends where the
  /// whole translation puts it (398.5 + 700 - 700).
  @Test func deltaIsEachDragCallsOwnTravel() throws {
    var driver = try PresetTest.driver(source: Self.incremental)
    try driver.presentAndSettle()
    try driver.touchDown(y: 700)
    for y in [680.0, 650, 650, 700] { try driver.touchMove(y: y) }
    #expect(PresetTest.close(driver.machine.height, 398.5))
    try driver.touchUp(velocity: 0)
    #expect(driver.last("decision")?["reason"]?.text == "-20,-30,0,50,0;0")
  }

  /// In the scroll view the deltas are the sheet's share: a pan up from medium grows the sheet to
  /// large, where the content takes the rest of the travel (the frame is split at the hand-off), so the
  /// follower's deltas add up to 787 - 398.5 exactly and the content scrolled by the rest.
  @Test func deltaIsTheSheetsShareInTheScrollView() throws {
    var driver = try PresetTest.driver(source: Self.incremental)
    try driver.apply { m throws(SheetError) in try m.setScrollView(ScrollViewBehaviourTests.list) }
    try driver.presentAndSettle()
    try driver.touchDown(y: 600)
    for k in 1...25 { try driver.touchMove(y: 600 - 20 * Double(k)) }
    #expect(PresetTest.close(driver.machine.height, 787, 1e-9))
    #expect(PresetTest.close(driver.machine.scrollOffset ?? 0, 500 - (787 - 398.5), 1e-9))
    try driver.touchUp(velocity: 0)
  }

  /// A mistyped new field is refused with the nearest name, as the old ones are.
  @Test(
    arguments: [
      ("velocty_x", "velocity_x", #line), ("start_tme", "start_time", #line),
      ("average_velocity_y", "average_velocity_x", #line), ("translaton_x", "translation_x", #line),
    ] as [(String, String, UInt)])
  func aMistypedFieldNamesTheNearest(_ typo: String, _ nearest: String, _ line: UInt) throws {
    let text = """
      return {
        on_drag = function(sheet, gesture) return gesture.\(typo) end,
      }
      """
    var driver = try PresetTest.driver(source: text, name: "typo.lua")
    try driver.presentAndSettle()
    try driver.drag(DragGesture(dy: -40, duration: 0.1))
    let errors = driver.scriptErrors
    #expect(
      errors.contains { $0.contains("unknown field '\(typo)' of gesture (did you mean '\(nearest)'?)") },
      "line \(line): \(errors)")
  }
}
