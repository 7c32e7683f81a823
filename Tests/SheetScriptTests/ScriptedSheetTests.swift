import Foundation
import SheetCore
import SheetTestSupport
import Testing

@testable import SheetScenario
@testable import SheetScript
@testable import SheetTrace

/// The host API: every event once and as `sheet run` writes it, touches on their own clock, reload that
/// keeps the last good behaviour, faults among the events, no input refused for its state.
@Suite struct ScriptedSheetTests {
  static let dt = 1.0 / 120

  /// A session of inputs, fed to a `SheetDriver` (how scenarios run) and to a `ScriptedSheet` alike.
  enum Step {
    case present, dismiss, tap(Double), snap(String), frames(Int)
    case drag(dy: Double, frames: Int, release: Bool)
  }

  static let session: [Step] = [
    .present, .present, .frames(40),  // a second present while presenting is ignored
    .drag(dy: -240, frames: 48, release: true), .frames(40),  // up to expanded
    .snap("normal"), .frames(40),
    .drag(dy: 30, frames: 6, release: false), .dismiss, .snap("normal"),  // queued, then ignored
    .drag(dy: 10, frames: 2, release: true), .frames(40),  // the drag's second landing is ignored
    .present, .frames(10), .tap(400), .frames(40),  // the behaviour decides what the tap does
  ]

  /// The driver's trace events for the session.
  static func driverEvents(_ behaviour: Behaviour) throws -> [TraceEvent] {
    try driver(behaviour).trace.events
  }

  /// The driver after the session.
  static func driver(_ behaviour: Behaviour) throws -> SheetDriver {
    var driver = try SheetDriver(policy: behaviour, geometry: .reference)
    for step in session {
      switch step {
      case .present: try driver.apply { h in h.present() }
      case .dismiss: try driver.apply { m in m.dismiss() }
      case .tap(let y): try driver.apply { m throws(SheetError) in try m.tap(y: y) }
      case .snap(let id): try driver.apply { m throws(SheetError) in try m.snap(to: id) }
      case .frames(let n): for _ in 0..<n { try driver.frame() }
      case .drag(let dy, let frames, let release):
        try driver.drag(DragGesture(dy: dy, duration: Double(frames) / 120, release: release))
      }
    }
    return driver
  }

  /// The sheet's drained events for the session, touches stamped on the sheet's own clock (origin 0).
  static func sheetEvents(_ sheet: ScriptedSheet) throws -> [ScriptedSheet.Event] {
    var drained = sheet.drainEvents()
    for step in session {
      switch step {
      case .present: sheet.present()
      case .dismiss: sheet.dismiss()
      case .tap(let y): try sheet.tap(x: 100, y: y)
      case .snap(let id): try sheet.snap(to: id)
      case .frames(let n): for _ in 0..<n { try sheet.step(dt) }
      case .drag(let dy, let frames, let release):
        let start = sheet.touches.first?.y ?? (844 - sheet.frame.height + 10)
        try sheet.touchDown(x: 195, y: start, timestamp: sheet.time)
        for k in 1...frames {
          try sheet.touchMove(x: 195, y: start + dy * Double(k) / Double(frames), timestamp: sheet.time + dt)
          try sheet.step(dt)
          drained += sheet.drainEvents()
        }
        if release { try sheet.touchUp(x: 195, y: start + dy, timestamp: sheet.time) }
      }
      drained += sheet.drainEvents()
    }
    return drained
  }

  @Test func everyEventComesOutOnceAsTheScenarioTraceHasIt() throws {
    let expected = try Self.driverEvents(try PresetTest.load("bottom-sheet-vc"))
    let sheet = try ScriptedSheet(preset: "bottom-sheet-vc")
    let events = try Self.sheetEvents(sheet)
    #expect(events.map(\.trace) == expected)
    #expect(events.map(\.description) == expected.map(Trace.describe))
    #expect(sheet.drainEvents().isEmpty)  // drained once
    #expect(sheet.droppedEventCount == 0)
    // The session's landmarks, each once.
    let names = events.map(\.trace.name)
    #expect(names.filter { $0 == "decision" }.count == 1)  // the second release was the queued dismissal
    #expect(names.filter { $0 == "queued" }.count == 1)
    #expect(names.filter { $0 == "ignored" }.count == 3, "\(events.map(\.description))")
    #expect(names.filter { $0 == "tap" }.count == 1)
    #expect(events.contains { $0.description == "queued input=dismiss state=dragging" })
    #expect(events.contains { $0.description == "ignored input=pan_began state=dragging" })
    #expect(events.contains { $0.description.hasPrefix("decision target=expanded reason=") })
  }

  /// The driver (scenarios, `sheet run`, `watch`, the CLI) and the host API drive the sheet through
  /// the same `SheetHost`, so the same inputs record the same events and leave the same sheet. (Nothing
  /// else can drive a machine: its inputs are SheetCore's own.)
  @Test func theDriverAndTheHostAPIDriveTheSameHost() throws {
    let driver = try Self.driver(try PresetTest.load("bottom-sheet-vc"))
    let sheet = try ScriptedSheet(preset: "bottom-sheet-vc")
    let events = try Self.sheetEvents(sheet)
    #expect(events.map(\.trace) == driver.trace.events)
    #expect(driver.machine.frame == sheet.frame)
    #expect(driver.machine.time == sheet.time && sheet.time > 2)
  }

  @Test func jsonLineIsTheLineTheJSONLinesWriterWrites() throws {
    let sheet = try ScriptedSheet(preset: "bottom-sheet-vc")
    let events = try Self.sheetEvents(sheet)
    let expected = try Self.driverEvents(try PresetTest.load("bottom-sheet-vc"))
    let lines = Trace(title: "t", entries: expected.map(TraceEntry.event)).jsonLines()
      .split(separator: "\n").map(String.init)
    #expect(events.map(\.jsonLine) == lines)
    #expect(events.allSatisfy { !$0.jsonLine.contains("\n") })
    let release = try #require(events.first { $0.trace.name == "release" })
    #expect(
      release.jsonLine
        == #"{"t":0.733333,"kind":"event","event":"release","finger_velocity":-600,"dh_dt":600}"#)
    #expect(release.description == "release finger_velocity=-600 dh_dt=600")
  }

  @Test func touchesOnTheirOwnClockReleaseAtTheMachinesVelocity() throws {
    // Touches between frames, with jittered timestamps on a host clock far from 0.
    let origin = 81_234.5
    var machine = try SheetHost(policy: try PresetTest.load("bottom-sheet-vc"), geometry: .reference)
    let sheet = try ScriptedSheet(preset: "bottom-sheet-vc")
    machine.present()
    sheet.present()
    _ = try sheet.advance(to: origin)  // fixes the clock: origin is the sheet's time 0
    #expect(sheet.clockOrigin == origin)
    var t = 0.0
    for _ in 0..<40 {
      t += Self.dt
      _ = try machine.step(Self.dt)
      _ = try sheet.advance(to: origin + t)
    }
    var random = SystemRandomNumberGenerator()
    var samples: [(y: Double, t: Double)] = [(354, t + 0.001)]
    for k in 1...20 {
      samples.append(
        (354 - Double(k * k) * 0.9, t + Double(k) * 0.0075 + .random(in: 0...0.002, using: &random)))
    }
    try machine.touchDown(y: samples[0].y, time: samples[0].t)
    try sheet.touchDown(x: 200, y: samples[0].y, timestamp: origin + samples[0].t)
    for sample in samples.dropFirst() {
      try machine.touchMove(y: sample.y, time: sample.t)
      try sheet.touchMove(x: 200, y: sample.y, timestamp: origin + sample.t)
    }
    let last = samples[samples.count - 1]
    let direct = try machine.touchUp(y: last.y, time: last.t + 0.004)
    try sheet.touchUp(x: 200, y: last.y, timestamp: origin + last.t + 0.004)
    func release(_ events: [SheetEvent]) -> Double? {
      for case .release(let v, _) in events { return v }
      return nil
    }
    let expected = try #require(release(Array(direct)))
    let drained = sheet.drainEvents().compactMap { event -> SheetEvent? in
      if case .sheet(let e) = event.kind { return e }
      return nil
    }
    let got = try #require(release(drained))
    // The sheet's clock is the host's minus the origin: the same times to within rounding.
    #expect(abs(got - expected) <= 1e-6 * max(1, abs(expected)), "\(got) vs \(expected)")
    #expect(expected < -1000)  // a fast accelerating flick up
    #expect(sheet.touches.isEmpty)
  }

  /// The host API's x: optional (the screen's centre when left out, a move without x keeps the last),
  /// recorded on the events and read by the behaviour, whose release sees the estimated horizontal
  /// velocity of the touch's own timestamps (50 pt right per 10 ms: 5000 pt/s) or the one the host gives.
  @Test func touchesCarryXToTheBehaviour() throws {
    let text = """
      return {
        detents = { { id = 'low', height = 300 }, { id = 'high', height = 600 } },
        on_release = function(sheet, gesture)
          return 'low', ('x=%.17g vx=%.17g dx=%.17g'):format(gesture.x, gesture.velocity_x, gesture.translation_x)
        end,
      }
      """
    let rows: [(xs: [Double?], velocityX: Double?, reason: String, line: UInt)] = [
      ([100, 150, 200], nil, "x=200 vx=5000 dx=100", #line),
      ([nil, nil, nil], nil, "x=195 vx=0 dx=0", #line),  // 390 pt wide: the centre
      ([100, nil, nil], nil, "x=100 vx=0 dx=0", #line),
      ([100, 150, nil], -700, "x=150 vx=-700 dx=50", #line),
    ]
    for row in rows {
      let sheet = try ScriptedSheet(source: text)
      sheet.present()
      var now = 1.0
      while !sheet.isStill {
        now += Self.dt
        _ = try sheet.advance(to: now)
      }
      try sheet.touchDown(x: row.xs[0], y: 700, timestamp: now)
      try sheet.touchMove(x: row.xs[1], y: 700, timestamp: now + 0.01)
      try sheet.touchUp(x: row.xs[2], y: 700, timestamp: now + 0.02, velocityX: row.velocityX)
      let events = sheet.drainEvents()
      let reasons = events.compactMap { event -> String? in
        if case .sheet(.decision(_, let reason)) = event.kind { return reason }
        return nil
      }
      #expect(reasons.count == 1, "line \(row.line)")
      // %.17g of 5000 estimated from rounded times may carry a last-digit error: compare the numbers.
      let got = reasons.first.map { Self.numbers($0) } ?? []
      #expect(
        zip(got, Self.numbers(row.reason)).allSatisfy { abs($0 - $1) <= 1e-6 }, "line \(row.line): \(reasons)"
      )
      let began = events.first { if case .sheet(.gesture(.began, _)) = $0.kind { true } else { false } }
      #expect(began?.x == row.xs[0] ?? 195, "line \(row.line)")
    }
    let sheet = try ScriptedSheet(source: text)
    #expect(throws: SheetError.invalidValue(field: "x", value: 1e7)) { try sheet.tap(x: 1e7, y: 10) }
    #expect(throws: SheetError.invalidValue(field: "x", value: -1e7)) {
      try sheet.touchDown(x: -1e7, y: 10, timestamp: 0)
    }
    #expect(throws: SheetError.invalidValue(field: "velocityX", value: 2e6)) {
      try sheet.touchUp(y: 10, timestamp: 0, velocityX: 2e6)
    }
  }

  /// The numbers in `name=value` text, in order.
  static func numbers(_ text: String) -> [Double] {
    text.split(separator: " ").compactMap { $0.split(separator: "=").last.flatMap { Double($0) } }
  }

  @Test func advanceStepsToTheTimestampInStepsOfAtMostOneSecond() throws {
    let sheet = try ScriptedSheet(preset: "bottom-sheet-vc")
    sheet.present()
    #expect(try sheet.advance(to: 10).time == 0)  // the first timestamp fixes the clock
    #expect(try sheet.advance(to: 10.125).time == 0.125)
    #expect(try sheet.advance(to: 10.1).time == 0.125)  // backwards: the same frame
    let frame = try sheet.advance(to: 13.5)  // a 3.4 s gap: four steps, time follows the host
    #expect(abs(frame.time - 3.5) < 1e-9 && frame.state == .resting)
    // Time spent still is idle (a host may pause its display link): 1000 s at rest step nothing.
    #expect(try sheet.advance(to: 10 + 3.5 + 1000).time == frame.time)
    #expect(abs((sheet.clockOrigin ?? 0) - (10 + 1000)) < 1e-9)
    // A motion that starts from still starts with one frame, however long the pause before it was.
    try sheet.touchDown(x: 10, y: 354, timestamp: 2000)
    #expect(abs(try sheet.advance(to: 2001).time - (3.5 + 1.0 / 120)) < 1e-9)
    // A moving sheet's gap is stepped through, 60 steps at most, the rest skipped (an app suspended).
    let moving = sheet.time
    _ = try sheet.advance(to: 2001 + 1000)
    #expect(abs(sheet.time - (moving + Double(SheetHost.maximumCatchUpSteps))) < 1e-9)
    #expect(abs(try sheet.advance(to: 2001 + 1000 + 0.5).time - (moving + 60.5)) < 1e-9)
    #expect(throws: SheetError.invalidValue(field: "timestamp", value: .infinity)) {
      try sheet.advance(to: .infinity)
    }
  }

  @Test func noInputThrowsForItsStateOnlyBadValuesDo() throws {
    let sheet = try ScriptedSheet(preset: "bottom-sheet-vc")
    var random = SplitMix64(seed: 11)
    var t = 0.0
    var states = Set<SheetState>()
    for _ in 0..<3000 {
      states.insert(sheet.state)
      let y = random.uniform(0, 844)
      switch random.int(0...8) {  // every input, in whatever state the last ones left the sheet
      case 0: try sheet.touchDown(x: 10, y: y, timestamp: t)
      case 1, 2: try sheet.touchMove(x: 10, y: y, timestamp: t)
      case 3: try sheet.touchUp(x: 10, y: y, timestamp: t)
      case 4: sheet.touchCancel(timestamp: t)
      case 5: try sheet.tap(x: 10, y: y)
      case 6: try sheet.snap(to: random.chance(0.5) ? "normal" : "expanded")
      case 7: sheet.dismiss()
      default: sheet.present()
      }
      t += random.uniform(0, 0.05)
      try sheet.advance(to: t)
    }
    #expect(states == Set(SheetState.allCases), "\(states)")
    let kinds = Set(sheet.drainEvents().map(\.trace.name))
    #expect(kinds.isSuperset(of: ["ignored", "queued", "decision", "tap", "settled"]), "\(kinds)")
    // Bad values throw, and change nothing.
    let before = sheet.frame
    #expect(throws: SheetError.invalidValue(field: "x", value: .infinity)) {
      try sheet.touchMove(x: .infinity, y: 1, timestamp: t)
    }
    #expect(throws: SheetError.self) { try sheet.touchUp(x: 0, y: .nan, timestamp: t) }
    sheet.touchCancel(timestamp: -.infinity)  // a cancel always ends a pan: no bad value stops it
    #expect(throws: SheetError.unknownDetent("tall")) { try sheet.snap(to: "tall") }
    #expect(throws: SheetError.invalidValue(field: "dt", value: -1)) { try sheet.step(-1) }
    #expect(sheet.frame == before)
    #expect(sheet.drainEvents().map(\.trace.name).allSatisfy { $0 == "ignored" }, "only the cancel, ignored")
  }

  static let versionOne = """
    return {
      detents = { { id = 'low', height = 300 }, { id = 'high', height = 600 } },
      thresholds = { spring_response = 0.3 },
    }
    """

  @Test func reloadKeepsTheLastGoodAndSwapsAGoodOneAtASafeMoment() throws {
    let sheet = try ScriptedSheet(source: Self.versionOne, name: "v.lua")
    sheet.present()
    while !sheet.isStill { try sheet.step() }
    let first = sheet.behaviour
    #expect(sheet.drainEvents().count == 5)  // present, animation, state, settled, state
    // Broken: refused with file:line, field and value; the running behaviour stays.
    let broken = "return {\n  detents = { { id = 'low', height = 'very' } },\n}"
    #expect {
      try sheet.reload(source: broken)
    } throws: { error in
      "\(error)".hasPrefix("v.lua:2: field 'detents[1].height' is 'very'")
    }
    #expect(sheet.behaviour === first && sheet.source.text == Self.versionOne)
    let refused = sheet.drainEvents()
    #expect(refused.count == 1 && refused[0].isScriptError)
    #expect(refused[0].description.hasPrefix("reload ok=false file=v.lua message=\"v.lua:2: field"))
    // Good, during a drag: waits for the lift, then the new detents move the sheet.
    try sheet.touchDown(x: 0, y: 844 - 300 + 10, timestamp: sheet.time)
    try sheet.reload(source: Self.versionOne.replacingOccurrences(of: "height = 300", with: "height = 350"))
    #expect(sheet.behaviour === first && sheet.source.text.contains("350"))
    try sheet.touchUp(x: 0, y: 844 - 300 + 10, timestamp: sheet.time)
    #expect(sheet.behaviour !== first)
    while !sheet.isStill { try sheet.step() }
    #expect(sheet.frame.detent == "low" && sheet.frame.height == 350)
    let names = sheet.drainEvents().map(\.description)
    let reloaded = try #require(names.firstIndex(of: "reload ok=true file=v.lua"))
    #expect(names[..<reloaded].contains { $0.hasPrefix("gesture phase=began") })
    #expect(names[reloaded...].contains { $0.hasPrefix("gesture phase=ended") })
    // It took over when the drag ended: its `reloaded` follows the release's decision.
    let tookOver = try #require(names.firstIndex(of: "reloaded file=v.lua"))
    #expect(names[..<tookOver].contains { $0.hasPrefix("decision ") })
    #expect(
      names.contains("animation transition=resize target=low height=\"spring damping=1 response=0.3s\""))
    // reload() loads the same text again; a preset reloads too.
    try sheet.reload()
    #expect(sheet.drainEvents().map(\.description) == ["reload ok=true file=v.lua", "reloaded file=v.lua"])
  }

  /// A version whose top level closes coroutines inside `__close` handlers one hundred deep (Lua
  /// 5.4.4's C-stack overflow, which killed the host) is refused with its line, as any broken version
  /// is, and the running behaviour goes on.
  @Test func aReloadThatWouldOverflowTheCStackIsRefused() throws {
    let sheet = try ScriptedSheet(source: Self.versionOne, name: "v.lua")
    sheet.present()
    while !sheet.isStill { try sheet.step() }
    let first = sheet.behaviour
    _ = sheet.drainEvents()
    let chain = LuaReproductions.closeChain(levels: 100)
    #expect {
      try sheet.reload(source: "local _ = (function() " + chain + "\nend)()\n" + Self.versionOne)
    } throws: { error in
      "\(error)".hasPrefix("v.lua:9: coroutines closed inside __close handlers nested more than 4 deep")
    }
    #expect(sheet.behaviour === first)
    #expect(sheet.drainEvents().map(\.trace.name) == ["reload"])
    try sheet.snap(to: "high")
    while !sheet.isStill { try sheet.step() }
    #expect(sheet.frame.detent == "high" && sheet.frame.height == 600)
  }

  @Test func reloadFromAFileReadsItAgainWithTheOverrides() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scripted-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("b.lua")
    try Self.versionOne.write(to: file, atomically: true, encoding: .utf8)
    let configuration = try ScriptedSheet.Configuration(overrides: ["spring_response": 0.4])
    let sheet = try ScriptedSheet(file: file.path, configuration: configuration)
    #expect(sheet.behaviour.thresholds["spring_response"] == 0.4)
    try "return { detents = 5 }".write(to: file, atomically: true, encoding: .utf8)
    #expect(throws: BehaviourError.self) { try sheet.reload() }
    #expect(sheet.behaviour.thresholds["spring_response"] == 0.4)
    let text = Self.versionOne.replacingOccurrences(of: "600", with: "650")
    try text.write(to: file, atomically: true, encoding: .utf8)
    try sheet.reload()
    #expect(sheet.behaviour.configuration.detents.map(\.id) == ["low", "high"])
    #expect(sheet.behaviour.thresholds["spring_response"] == 0.4)  // overrides apply to every version
    #expect(sheet.detents.map(\.height) == [300, 650])
    #expect(sheet.drainEvents().map(\.trace.name) == ["reload", "reload", "reloaded"])
  }

  @Test func theWatcherReloadsAChangedFileOnTheOwnersQueue() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scripted-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("w.lua")
    try Self.versionOne.write(to: file, atomically: true, encoding: .utf8)
    let queue = DispatchQueue(label: "owner")
    let sheet = try ScriptedSheet(file: file.path)
    let box = Unchecked(sheet)
    #expect(queue.sync { box.value.watchFile(interval: 0.02, queue: queue) })
    // The new version appears in one step (written beside, dated later, renamed over the file), so the
    // watcher cannot catch a half-written file.
    let text = Self.versionOne.replacingOccurrences(of: "600", with: "640")
    let next = folder.appendingPathComponent("w.lua.next")
    try text.write(to: next, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: 5)], ofItemAtPath: next.path)
    #expect(rename(next.path, file.path) == 0)
    // The reload announces nothing but its event, so the owner's queue is polled for it; the limit
    // is a guard against hanging, not a timing check.
    let deadline = Date().addingTimeInterval(300)
    while Date() < deadline, queue.sync(execute: { box.value.detents.last?.height }) != 640 {
      Thread.sleep(forTimeInterval: 0.01)
    }
    queue.sync {
      #expect(box.value.detents.last?.height == 640)
      #expect(box.value.drainEvents().first?.description == "reload ok=true file=\(file.path)")
      box.value.stopWatching()
    }
    #expect(try ScriptedSheet(preset: "system").watchFile() == false)  // a preset has no file
  }

  @Test func scriptFaultsOfEveryKindAreAmongTheEvents() throws {
    let source = """
      return {
        detents = {
          { id = 'low', height = function(ctx)
              if ctx.screen.width > ctx.screen.height then error('no landscape') end
              return 300
            end },
          { id = 'high', height = 600 },
        },
        on_release = function() return 'hihg' end,
        on_drag = function(sheet, gesture)
          if gesture.translation > 50 then while true do end end
          return sheet.height - gesture.translation
        end,
        stateDidChange = nil,
      }
      """
    let sheet = try ScriptedSheet(source: source, name: "faulty.lua")
    sheet.present()
    while !sheet.isStill { try sheet.step() }
    try sheet.touchDown(x: 0, y: 844 - 300 + 10, timestamp: sheet.time)
    try sheet.touchMove(x: 0, y: 844 - 300 + 30, timestamp: sheet.time + 0.01)
    try sheet.touchMove(x: 0, y: 844 - 300 + 90, timestamp: sheet.time + 0.02)  // the budget blows
    try sheet.touchUp(x: 0, y: 844 - 300 + 90, timestamp: sheet.time + 0.03)  // a misspelt detent
    try sheet.resize(PresetTest.rotated)  // the detent function fails
    #expect(throws: BehaviourError.self) { try sheet.reload(source: "return {") }
    let faults = sheet.drainEvents().filter(\.isScriptError)
    let callbacks = faults.compactMap { event -> String? in
      if case .string(let name)? = event.trace["callback"] { return name }
      return event.trace.name
    }
    #expect(
      callbacks == ["on_drag", "on_drag", "on_release", "detents", "reload"], "\(faults.map(\.description))")
    #expect(faults.allSatisfy { $0.description.contains("faulty.lua:") })
    #expect(faults[0].description.hasPrefix("script_error callback=on_drag"))
    #expect(sheet.configuration.geometry == PresetTest.rotated)
  }

  @Test func aBehavioursPrintIsAnEvent() throws {
    let sheet = try ScriptedSheet(
      source: """
        print('loaded')
        return {
          detents = { { id = 'a', height = 300 } },
          on_release = function(sheet) print('released at ' .. sheet.height) return 'a' end,
        }
        """)
    sheet.present()
    while !sheet.isStill { try sheet.step() }
    try sheet.touchDown(x: 0, y: 600, timestamp: 0)
    try sheet.touchUp(x: 0, y: 600, timestamp: 0)
    let prints = sheet.drainEvents().filter { $0.trace.name == "print" }.map(\.description)
    #expect(prints == ["print text=loaded", "print text=\"released at 300.0\""])
  }

  @Test func loadErrorsAreTypedAndNameTheFileLineFieldAndValue() throws {
    #expect(throws: BehaviourError.notFound(reference: "bottom-sheet", searched: [])) {
      try ScriptedSheet(preset: "bottom-sheet")
    }
    do {
      _ = try ScriptedSheet(preset: "bottom-sheet")
    } catch {
      #expect(error.description.hasPrefix("no preset named 'bottom-sheet' (did you mean 'bottom-sheet-vc'?)"))
    }
    #expect(throws: BehaviourError.self) { try ScriptedSheet(file: "no-such-file.lua") }
    let bad = "return {\n  detents = { { id = 'a', height = -5 } },\n}"
    do {
      _ = try ScriptedSheet(source: bad, name: "bad.lua")
      Issue.record("loaded")
    } catch {
      guard case .invalidField(let place, let path, let value, _) = error else {
        return #expect(Bool(false), "\(error)")
      }
      #expect(place == "bad.lua:2" && path == "detents[1].height" && value == "-5")
    }
    let overrides = try ScriptedSheet.Configuration(overrides: ["dismiss_velocty": 1800])
    #expect {
      try ScriptedSheet(preset: "bottom-sheet-vc", configuration: overrides)
    } throws: { error in
      "\(error)"
        == "bottom-sheet-vc.lua: unknown threshold 'dismiss_velocty' (did you mean 'dismiss_velocity'?)"
    }
    #expect(throws: SheetError.invalidValue(field: "geometry.width", value: 0)) {
      try ScriptedSheet.Configuration(geometry: SheetGeometry(width: 0, height: 0))
    }
    for (deadline, line) in [(-0.1, #line), (60.5, #line), (.infinity, #line)] {
      #expect(
        throws: SheetError.invalidValue(field: "callbackDeadline", value: deadline),
        sourceLocation: Testing.SourceLocation(fileID: #fileID, filePath: #filePath, line: line, column: 1)
      ) { try ScriptedSheet.Configuration(callbackDeadline: deadline) }
    }
    #expect(throws: (any Error).self) { try ScriptedSheet.Configuration(callbackDeadline: .nan) }
    #expect(try ScriptedSheet.Configuration(callbackDeadline: 0).callbackDeadline == 0)
    #expect(ScriptedSheet.Configuration.standard.callbackDeadline == 0.5)
  }

  @Test func aDraggingHostFrameAllocatesNothingInLuaAndQueuesNothing() throws {
    let sheet = try ScriptedSheet(preset: "system")
    sheet.present()
    var now = 0.0
    while !sheet.isStill {
      now += Self.dt
      try sheet.advance(to: now)
    }
    _ = sheet.drainEvents()
    let y0 = 844 - sheet.frame.height + 10
    try sheet.touchDown(x: 100, y: y0, timestamp: now)
    func frame(_ k: Int) throws {
      now += Self.dt
      try sheet.touchMove(x: 100, y: y0 - 120 * sin(Double(k) / 40), timestamp: now)
      try sheet.advance(to: now)
    }
    for k in 1...200 { try frame(k) }
    _ = sheet.drainEvents()
    let before = sheet.behaviour.allocationCount
    for k in 201...1200 { try frame(k) }
    #expect(sheet.behaviour.allocationCount == before)
    #expect(sheet.drainEvents().isEmpty && sheet.state == .dragging)
  }

  /// The landing page's example (SheetScript.docc/SheetScript.md), kept honest.
  @Test func theLandingPagesExample() throws {
    let sheet = try ScriptedSheet(preset: "bottom-sheet-vc")
    sheet.present()
    var now = 0.0  // the host's clock: a display link's timestamps
    while !sheet.isStill {
      now += 1.0 / 120
      try sheet.advance(to: now)  // returns the frame to draw: its height and backdrop
    }
    let events = sheet.drainEvents().map(\.description)
    #expect(events.first == "present detent=normal" && events.contains("settled detent=normal height=500"))
    #expect(sheet.frame.detent == "normal" && sheet.frame.height == 500)
    #expect(abs(sheet.frame.backdrop - 0.3084) < 1e-4)
  }

  @Test func theValuesItHandsOutAreSendable() {
    func sendable<T: Sendable>(_: T.Type) -> Bool { true }
    #expect(sendable(ScriptedSheet.Event.self) && sendable(ScriptedSheet.Configuration.self))
    #expect(sendable(SheetFrame.self) && sendable(BehaviourError.self) && sendable(SheetHost.Touch.self))
  }
}

/// A value sent to another queue by a test that uses it only there.
final class Unchecked<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
