import Foundation
import SheetCore
import SheetTrace
import Testing

@testable import SheetScenario
@testable import SheetScript

/// Gestures recorded through the host API replay to the outcome recorded; two threshold sets differ on
/// a gesture whose outcome is worked out by hand; a summary of shards adds up to the whole's; the
/// synthetic corpus is the same for the same seed and its intent rule is the stated one.
@Suite struct GestureReplayTests {
  /// The system preset (a missing one loads nothing, and every test here fails).
  static let system = Presets.source(named: "system") ?? BehaviourSource(name: "missing.lua", text: "")
  static let frame = 1.0 / 120

  /// Each row: the detent the drag starts from, the finger's travel (screen y, + down), the seconds it
  /// moves, the seconds it then holds still before the lift.
  static let drags: [(detent: String, dy: Double, seconds: Double, hold: Double, line: UInt)] = [
    ("medium", -220, 0.12, 0, #line),  // a fast flick up
    ("medium", 160, 0.09, 0, #line),  // a fast flick down
    ("large", 40, 0.3, 0.15, #line),  // a short drag, held: back to where it was
    ("large", 300, 0.25, 0.15, #line),  // a long drag down, held
    ("medium", -120, 0.4, 0, #line),  // a slow drag up
  ]

  /// Records one drag through a `ScriptedSheet`, its touches 3 ms off the 120 Hz frame grid.
  static func recorded(_ row: (detent: String, dy: Double, seconds: Double, hold: Double, line: UInt)) throws
    -> GestureRecord?
  {
    let sheet = try ScriptedSheet(preset: "system")
    var now = 50.0
    func frames(while condition: () -> Bool) throws {
      var count = 0
      while condition() && count < 2000 {
        now += frame
        try sheet.advance(to: now)
        count += 1
      }
    }
    sheet.present()
    try frames { !sheet.isStill }
    try sheet.snap(to: row.detent)
    try frames { !sheet.isStill }
    sheet.recordGestures(limit: 4, fps: 120)
    let y0 = sheet.frame.height > 0 ? 844 - sheet.frame.height + 20 : 800
    try sheet.touchDown(x: 180, y: y0, timestamp: now + 0.003)
    let moves = Int((row.seconds / frame).rounded())
    for k in 1...moves {
      now += frame
      try sheet.advance(to: now)
      try sheet.touchMove(x: 180, y: y0 + row.dy * Double(k) / Double(moves), timestamp: now + 0.003)
    }
    for _ in 0..<Int((row.hold / frame).rounded()) {
      now += frame
      try sheet.advance(to: now)
      try sheet.touchMove(x: 180, y: y0 + row.dy, timestamp: now + 0.003)
    }
    now += frame
    try sheet.advance(to: now)
    try sheet.touchUp(x: 180, y: y0 + row.dy, timestamp: now + 0.003)
    try frames { !sheet.isStill }
    let gestures = sheet.drainGestures()
    #expect(gestures.count == 1 && sheet.droppedGestureCount == 0)
    return gestures.first
  }

  @Test func aGestureRecordedThroughTheHostReplaysToItsOutcome() throws {
    var ends: Set<String> = []
    let replayer = GestureReplayer(source: Self.system, overrides: [])
    for row in Self.drags {
      let location = Testing.SourceLocation(
        fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1)
      guard let record = try Self.recorded(row), let outcome = record.outcome, let settle = outcome.settle
      else {
        Issue.record("no settled gesture recorded", sourceLocation: location)
        continue
      }
      #expect(record.start.detent == row.detent && record.origin == "host", sourceLocation: location)
      #expect(record.behaviour.hash == GestureRecord.sourceHash(Self.system.text), sourceLocation: location)
      // the line a host writes reads back as the record
      let line = Array(record.jsonLine().utf8)
      let read = line.withUnsafeBytes { b in
        Result { () throws(GestureLogError.Problem) in try GestureLog.record(b) }
      }
      #expect(try read.get() == record, sourceLocation: location)
      let run = try replayer.replay(record).get()
      #expect(run.outcome.end == outcome.end, sourceLocation: location)
      // the replay's frames are on its own grid from the touch-down: settled within a frame of the host's
      #expect(abs((run.outcome.settle ?? -1) - settle) <= Self.frame + 1e-9, sourceLocation: location)
      ends.insert(outcome.end)
    }
    #expect(ends.count >= 3, "the rows reach different detents: \(ends)")
  }

  /// A drag from `medium` (398.5 pt on the reference screen) up by half the way to `large` (787 pt),
  /// held still for 150 ms (longer than the velocity estimator's 100 ms window) before the lift: the
  /// release has no velocity, so no projection, and is at progress 0.5 between the two detents. The
  /// system preset's rule goes on to the far detent past `redirect_progress`: with 0.3 the sheet goes
  /// to `large`, with 0.7 it returns to `medium`.
  static let halfway: GestureRecord = {
    let y0 = 844 - 398.5 + 20
    let rise = (787 - 398.5) / 2
    var touches = [GestureRecord.Touch(t: 0, x: 195, y: y0)]
    for k in 1...24 {
      touches.append(GestureRecord.Touch(t: Double(k) * 0.01, x: 195, y: y0 - rise * Double(k) / 24))
    }
    for k in 25...40 { touches.append(GestureRecord.Touch(t: Double(k) * 0.01, x: 195, y: y0 - rise)) }
    return GestureRecord(
      origin: "synthetic", screen: .reference, behaviour: GestureRecord.Stamp(name: "system.lua", hash: "0"),
      thresholds: [:], start: GestureRecord.Start(state: .resting, detent: "medium", height: 398.5),
      touches: touches, outcome: GestureRecord.Outcome(end: "medium", settle: nil, overshoot: nil),
      intent: "large")
  }()

  @Test func twoThresholdSetsDifferWhereTheRuleSays() throws {
    let low = GestureReplayer(source: Self.system, overrides: [("redirect_progress", 0.3)])
    let high = GestureReplayer(source: Self.system, overrides: [("redirect_progress", 0.7)])
    let replay = GestureReplay(Self.halfway, index: 0, file: "h.jsonl", line: 1, replayers: [low, high])
    #expect(replay.end(0) == "large")
    #expect(replay.end(1) == "medium")
    var summary = GestureReplaySummary(replayers: 2)
    summary.add(replay)
    #expect(summary.changes == ["large→medium": 1])
    #expect(summary.sides[0].confusion == ["large": ["large": 1]])
    #expect(summary.sides[0].moved == ["medium→large": 1])
    #expect(summary.sides[1].moved == [:])
    #expect(
      summary.text(labels: ["a", "b"]).contains("1 of 1 gestures end at another detent: 1 large→medium"))
  }

  /// vaul's detents on the reference screen (`sheet check vaul`): a corpus recorded under `system` names
  /// none of them.
  static let vaulDetents = [
    ResolvedDetent(id: "p1", height: 148), ResolvedDetent(id: "p2", height: 355),
    ResolvedDetent(id: "p3", height: 844),
  ]

  @Test(arguments: [
    ("large", 787.0, "p3", #line),  // 57 pt from p3, 432 from p2
    ("medium", 398.5, "p2", #line),  // 43.5 from p2, 445.5 from p3
    ("medium", 251.5, "p1", #line),  // halfway between p1 and p2: the lower
    ("p2", 800.0, "p2", #line),  // a name the behaviour has wins over the height
  ])
  func aGestureStartsAtItsDetentElseTheNearestByHeight(
    detent: String, height: Double, expected: String, line: Int
  ) {
    var record = Self.halfway
    record.start = GestureRecord.Start(state: .resting, detent: detent, height: height)
    #expect(
      GestureReplayer.startDetent(record, among: Self.vaulDetents) == expected,
      sourceLocation: Testing.SourceLocation(fileID: #fileID, filePath: #filePath, line: line, column: 1))
  }

  @Test func aCorpusRecordedUnderOneBehaviourReplaysUnderAnother() throws {
    let vaul = Presets.source(named: "vaul") ?? BehaviourSource(name: "missing.lua", text: "")
    let replay = GestureReplay(
      Self.halfway, index: 0, file: "h.jsonl", line: 1,
      replayers: [GestureReplayer(source: vaul, overrides: [])])
    // from p2 (355, the nearest to medium's 398.5) the finger rises 194.25 pt and holds: vaul rests
    // somewhere of its own, never fails for want of a detent named 'medium'
    #expect(["p1", "p2", "p3"].contains(replay.end(0) ?? "none"), "\(replay)")
  }

  @Test func shardsSummariesAddUpToTheWholes() throws {
    let synth = try GestureSynth(source: Self.system, screen: .reference, seed: 11)
    let replayers = [GestureReplayer(source: Self.system, overrides: [])]
    let replays = (0..<24).map {
      GestureReplay(synth.gesture($0), index: $0, file: "s", line: $0 + 1, replayers: replayers)
    }
    var whole = GestureReplaySummary(replayers: 1)
    var first = GestureReplaySummary(replayers: 1)
    var second = GestureReplaySummary(replayers: 1)
    for replay in replays {
      whole.add(replay)
      if replay.index < 10 { first.add(replay) } else { second.add(replay) }
    }
    first.merge(second)
    let same = first == whole  // compared whole, not printed whole (its bins are long)
    #expect(same)
    #expect(first.text(labels: ["s"]) == whole.text(labels: ["s"]))
    #expect(whole.gestures == 24 && whole.origins == ["synthetic": 24])
    #expect(whole.sides[0].settle.count == 24)
  }

  @Test func aCorpusOfManyNamesIsCountedWithinTheCapInAnyOrder() throws {
    let synth = try GestureSynth(source: Self.system, screen: .reference, seed: 5)
    let replayers = [GestureReplayer(source: Self.system, overrides: [])]
    let cap = GestureReplaySummary.maximumNames
    let replays = (0..<(cap + 36)).map { k in
      var record = synth.gesture(k)
      record.intent = "intent \(k)"
      record.origin = "origin \(k)"
      return GestureReplay(record, index: k, file: "many", line: k + 1, replayers: replayers)
    }
    var forward = GestureReplaySummary(replayers: 1)
    for replay in replays { forward.add(replay) }
    // the 64 smallest names apart, in sorted order ("intent 0", "intent 1", "intent 10", ...), the rest
    // under one row
    let kept = Set((0..<(cap + 36)).map { "intent \($0)" }.sorted().prefix(cap))
    let confusion = forward.sides[0].confusion
    #expect(Set(confusion.keys) == kept.union([GestureReplaySummary.otherNames]))
    #expect(confusion[GestureReplaySummary.otherNames]?.values.reduce(0, +) == 36)
    #expect(forward.origins.count == cap + 1 && forward.origins[GestureReplaySummary.otherNames] == 36)
    let text = forward.text(labels: ["system.lua"])
    #expect(text.split(separator: "\n").count < 3 * cap, "\(text)")
    #expect(text.contains("(other names)"))
    // backwards, and as three shards merged in any order, the same counts
    var backward = GestureReplaySummary(replayers: 1)
    for replay in replays.reversed() { backward.add(replay) }
    #expect(backward == forward)
    var parts = [GestureReplaySummary](repeating: GestureReplaySummary(replayers: 1), count: 3)
    for (k, replay) in replays.enumerated() { parts[k % 3].add(replay) }
    var merged = parts[2]
    merged.merge(parts[0])
    merged.merge(parts[1])
    #expect(merged.sides == forward.sides && merged.origins == forward.origins)
  }

  @Test func theAgreementIsExactWhenIntentsAreFolded() throws {
    let synth = try GestureSynth(source: Self.system, screen: .reference, seed: 9)
    let replayers = [GestureReplayer(source: Self.system, overrides: [])]
    var summary = GestureReplaySummary(replayers: 1)
    var agreeing = 0
    // half the gestures mean where they end (large, medium, dismiss), half one of 70 intents named
    // "intent k", which sort before "large" and "medium" and push them into the folded row
    for k in 0..<140 {
      var record = synth.gesture(k)
      let end = GestureReplay(record, index: k, file: "c", line: k + 1, replayers: replayers).end(0)
      record.intent = k % 2 == 0 ? end : "intent \(k)"
      if k % 2 == 0, end != nil { agreeing += 1 }
      summary.add(GestureReplay(record, index: k, file: "c", line: k + 1, replayers: replayers))
    }
    #expect(summary.sides[0].confusion["medium"] == nil, "medium is folded")
    #expect(summary.sides[0].agreed == agreeing && agreeing == 70)
    #expect(
      summary.text(labels: ["system.lua"]).contains("70 of 140 gestures with an intent end where it says"))
  }

  @Test func aFitScoreOfManyIntentsCountsItsAgreementExactly() {
    let cap = GestureReplaySummary.maximumNames
    var score = FitScore()
    // 100 intents, each a gesture that ends at it, and one that ends elsewhere; then a failure
    for k in 0..<100 {
      score.add(intent: "intent \(k)", end: "intent \(k)")
      score.add(intent: "intent \(k)", end: "elsewhere")
    }
    score.add(intent: "intent 0", end: nil)
    #expect(score.agreement == 100 && score.gestures == 201 && score.failures == 1)
    // the matrix keeps 64 rows apart and folds the other 36 intents' 72 gestures into one
    #expect(score.confusion.count == cap + 1)
    #expect(score.confusion[GestureReplaySummary.otherNames]?.values.reduce(0, +) == 72)
    #expect(score.confusion.values.reduce(0) { $0 + $1.values.reduce(0, +) } == 200)
  }

  @Test func aSideSheetsGesturesRunAlongItsAxis() throws {
    let text = Self.system.text.replacingOccurrences(of: "edge = 'bottom',", with: "edge = 'trailing',")
    try #require(text != Self.system.text)
    let side = BehaviourSource(name: "side.lua", text: text)
    let synth = try GestureSynth(source: side, screen: .reference, seed: 7)
    let replayer = GestureReplayer(source: side, overrides: [])
    var agree = 0
    var (along, across) = (0.0, 0.0)
    for k in 0..<200 {
      let gesture = synth.gesture(k)
      #expect(gesture.screen.edge == .trailing)
      // the finger goes down just inside the sheet's leading edge (x = width - height) and travels along
      // x; across, it drifts by up to 0.15 of the path's travel
      let first = gesture.touches[0]
      let last = gesture.touches[gesture.touches.count - 1]
      let edge = gesture.screen.width - gesture.start.height
      #expect(first.x >= edge + 8 && first.x <= edge + 40, "gesture \(k) went down at x = \(first.x)")
      along += abs(last.x - first.x)
      across += abs(last.y - first.y)
      if case .success(let run) = replayer.replay(gesture), run.outcome.end == gesture.intent { agree += 1 }
    }
    // a uniform drift of up to ±0.15 moves across about 0.075 of the travel on average (the travel along
    // is cut short where the screen ends, the drift is not)
    #expect(across < 0.2 * along, "\(across) pt across, \(along) pt along")
    // the intent rule (a projection along the axis) agrees with the behaviour's own release about as
    // often as for a bottom sheet (151 of 200 with this seed); a path across the axis would move nothing
    #expect(agree >= 140, "\(agree) of 200 agree")
  }

  @Test func theSameSeedMakesTheSameGestures() throws {
    let a = try GestureSynth(source: Self.system, screen: .reference, seed: 42)
    let b = try GestureSynth(source: Self.system, screen: .reference, seed: 42)
    let c = try GestureSynth(source: Self.system, screen: .reference, seed: 43)
    #expect(a.gesture(7).jsonLine() == b.gesture(7).jsonLine())
    #expect((0..<5).map { a.gesture($0) } == (0..<5).map { b.gesture($0) })
    #expect(a.gesture(7) != c.gesture(7))
    let fps = Set((0..<200).map { a.gesture($0).fps })
    #expect(fps == [60, 120])
    for k in 0..<50 {
      let touches = a.gesture(k).touches
      #expect(touches.first?.t == 0 && zip(touches, touches.dropFirst()).allSatisfy { $0.t <= $1.t })
    }
  }

  /// The intent rule against its formula worked here: `d = v / 1000 · r / (1 − r)`, r = 0.995, and the
  /// nearest of 0 (dismiss), 398.5 (medium) and 787 (large).
  static let intents: [(height: Double, velocity: Double, intent: String, line: UInt)] = [
    (398.5, 0, "medium", #line),
    (600, 0, "large", #line),  // 187 from large, 201.5 from medium
    (100, -1000, "dismiss", #line),  // 100 − 199 = −99
    (300, 1000, "medium", #line),  // 300 + 199 = 499
    (300, 2000, "large", #line),  // 300 + 398 = 698
  ]

  @Test func theIntentIsTheNearestCandidateToTheProjection() throws {
    let synth = try GestureSynth(source: Self.system, screen: .reference, seed: 1)
    #expect(synth.detents.map(\.height) == [398.5, 787])
    for row in Self.intents {
      #expect(
        synth.intent(height: row.height, velocity: row.velocity) == row.intent,
        sourceLocation: Testing.SourceLocation(
          fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1))
    }
  }
}
