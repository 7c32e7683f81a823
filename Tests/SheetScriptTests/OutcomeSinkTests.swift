import Foundation
import LuaHost
import SheetCore
import SheetTestSupport
import Testing

@testable import SheetScenario
@testable import SheetScript
@testable import SheetTrace

/// The outcome sink (`keepsFrames` false, what `sheet tune` runs with) keeps only what a run's outcome
/// is made of, and counts everything else toward the trace limits: events by their bytes, frames by a
/// bound at least their bytes (a run whose bound reaches the trace-size limit is run again keeping its
/// frames). Every scenario ends the same, kept or not, also when a trace limit stops it.
@Suite struct OutcomeSinkTests {

  /// Every scenario of the shipped suite, found as `sheet test` finds them (recursively).
  static let scenarios = ScenarioRunner.find(
    in: [packageRoot.appendingPathComponent("Tests/Scenarios").path]
  ).scenarios

  /// What a run's outcome is.
  struct Outcome: Equatable {
    var passed: Bool
    var failures: [ScenarioFailure]
    var scriptError: String?
    var summary: String
    var counts: [Int]
    var thresholds: [String]
    var scriptErrorGroups: [ScriptErrorGroup]

    init(_ result: ScenarioResult) {
      passed = result.passed
      failures = result.failures
      scriptError = result.scriptError
      summary = result.summary
      counts = [
        result.expectationsPassed, result.expectationsFailed, result.scriptErrors,
        result.expectedScriptErrors,
      ]
      thresholds = result.thresholds
      scriptErrorGroups = result.trace.scriptErrorGroups()
    }
  }

  /// A run as `ScenarioRunner` runs it (the sink's undecided limit run again, keeping its frames).
  static func outcome(_ file: String, keepsFrames: Bool, limits: ScenarioLimits = ScenarioLimits()) -> Outcome
  {
    var options = ScenarioOptions()
    options.keepsFrames = keepsFrames
    options.limits = limits
    return Outcome(ScenarioRunner.run(file: file, options: options))
  }

  /// A run's session, to read its driver's accounting.
  static func driver(_ file: String, keepsFrames: Bool, limits: ScenarioLimits = ScenarioLimits()) throws
    -> SheetDriver?
  {
    var options = ScenarioOptions()
    options.keepsFrames = keepsFrames
    options.limits = limits
    let session = try ScenarioSession(file: file, options: options)
    _ = session.run(text: try SourceFile.read(file))
    return session.driver
  }

  @Test func theSuiteHasScenarios() {
    #expect(Self.scenarios.count > 50, "\(Self.scenarios.count)")
  }

  /// Every scenario: the same outcome kept or not; the same entries and frames, the sink's bytes a bound
  /// of the trace's, which are exactly its JSON Lines.
  @Test func everyScenarioEndsTheSameInTheSink() throws {
    for file in Self.scenarios {
      #expect(Self.outcome(file, keepsFrames: true) == Self.outcome(file, keepsFrames: false), "\(file)")
      let kept = try #require(try Self.driver(file, keepsFrames: true), "\(file)")
      let sunk = try #require(try Self.driver(file, keepsFrames: false), "\(file)")
      #expect(kept.entryCount == sunk.entryCount && kept.frameCount == sunk.frameCount, "\(file)")
      #expect(kept.traceBytes == kept.trace.jsonLines().utf8.count, "\(file)")
      #expect(sunk.traceBytes >= kept.traceBytes && !sunk.limitUndecided, "\(file)")
    }
  }

  /// Every scenario stopped by a trace limit part way (of entries, then of bytes), and one whose bytes
  /// just fit (the sink's bound reaches the limit, the run kept does not): the same outcome, kept or
  /// not.
  @Test func aTraceLimitEndsTheSinksRunTheSameWay() throws {
    for file in Self.scenarios {
      let full = try #require(try Self.driver(file, keepsFrames: true), "\(file)")
      guard full.entryCount > 4 else { continue }
      var limits: [ScenarioLimits] = []
      for fraction in [0.3, 0.7] {
        var byEntries = ScenarioLimits()
        byEntries.traceEntries = Int(Double(full.entryCount) * fraction)
        var byBytes = ScenarioLimits()
        byBytes.traceBytes = Int(Double(full.traceBytes) * fraction)
        limits += [byEntries, byBytes]
      }
      var fits = ScenarioLimits()
      fits.traceBytes = full.traceBytes
      limits.append(fits)
      for limit in limits {
        let kept = Self.outcome(file, keepsFrames: true, limits: limit)
        let sunk = Self.outcome(file, keepsFrames: false, limits: limit)
        #expect(kept == sunk, "\(file) \(limit)")
      }
      let fitting = try #require(try Self.driver(file, keepsFrames: false, limits: fits))
      #expect(fitting.limitUndecided, "\(file): the bound reaches the limit the trace fits")
    }
  }

  /// The sink keeps a script error and the scenario's expectations; the sheet's own events go.
  @Test func theSinkKeepsTheScriptErrors() throws {
    let file = packageRoot.appendingPathComponent("Tests/Scenarios/fault_release.lua").path
    var options = ScenarioOptions()
    options.keepsFrames = false
    let result = ScenarioRunner.run(file: file, options: options)
    let names = Set(result.trace.events.map(\.name))
    #expect(names.contains("script_error"))
    #expect(names.contains("expect"))
    #expect(!names.contains("state"))
    #expect(result.trace.frames.isEmpty)
  }

  // MARK: - The size of each event

  static let long = String(repeating: "é-long-detent-name ", count: 12)

  /// Motions of every form, with and without their options.
  static let motions: [Motion] = [
    .curve(.linear, duration: 0.25), .curve(.easeIn, duration: 1), .curve(.easeOut, duration: 0.123456),
    .curve(.easeInOut, duration: 60), .curve(.bezier(0.1, -0.5, 0.9, 1.25), duration: 0.3),
    .spring(dampingRatio: 1, response: 0.3), .spring(dampingRatio: 0.123456789, response: 12.5),
    .springDuration(duration: 0.5, dampingRatio: 0.8),
    .springMotion(SpringMotion(.response(dampingRatio: 0.7, response: 0.4))),
    .springMotion(SpringMotion(.duration(0.35, dampingRatio: 1), velocityFraction: 0.5)),
    .springMotion(
      SpringMotion(
        .physics(stiffness: 1000, damping: 500, mass: 3), restDistance: 10, restSpeed: 10, clamps: true)),
    .springMotion(SpringMotion(.bounce(duration: 0.5, bounce: -0.25), velocityFraction: 0)),
    .customCurve(3, duration: 0.3), .customCurve(0, duration: 0),
  ]

  /// Release targets of every kind, with short and long detent ids.
  static let targets: [ReleaseTarget] = [
    .detent("m"), .detent(long), .dismiss, .height(420.5), .height(-0.04), .height(123_456.789),
  ]

  /// Every event case, with short, empty and long strings and every optional part present and absent.
  static var events: [SheetEvent] {
    var events: [SheetEvent] = [
      .present(detent: "medium"), .present(detent: ""), .present(detent: long), .dismiss(cause: .request),
      .dismiss(cause: .tap), .snap(to: "large"), .snap(to: long), .gesture(.began, y: 100),
      .gesture(.ended, y: -3.5), .gesture(.cancelled, y: 0), .ignoredGesture(reason: "outside"),
      .ignoredGesture(reason: long), .release(velocity: 300), .release(velocity: -1, velocityX: 0),
      .release(velocity: 0, velocityX: 12.5), .resize(SheetGeometry(width: 390, height: 844)),
      .content(500), .keyboard(height: 300, duration: 0.25), .scriptError(callback: "release", message: "x"),
      .scriptError(callback: long, message: long), .settled(detent: "medium", height: 398.5),
      .settled(detent: nil, height: 0), .settled(detent: long, height: 1),
      .scrollView(ScrollView(contentHeight: 1000, top: 10)),
      .scrollView(ScrollView(contentHeight: 1000, top: 10, height: 300)), .scrollView(nil),
      .scrollTo(offset: 12),
    ]
    for input in SheetInput.allCases {
      for state in SheetState.allCases {
        events += [.ignored(input: input, state: state), .queued(input: input, state: state)]
      }
    }
    for from in SheetState.allCases {
      for to in SheetState.allCases { events.append(.state(from: from, to: to)) }
    }
    for owner in ScrollOwner.allCases { events.append(.scrollHandoff(to: owner, height: 300, offset: 4)) }
    for target in targets {
      events += [.decision(target: target, reason: "nearest"), .decision(target: target, reason: long)]
    }
    for region in TouchRegion.allCases {
      for action: TapAction in [.dismiss, .none, .snap("large"), .snap(long)] {
        events.append(.tap(region: region, action: action))
      }
    }
    for (index, motion) in motions.enumerated() {
      let transition = SheetTransition.allCases[index % SheetTransition.allCases.count]
      let target = targets[index % targets.count]
      let other = motions[(index + 5) % motions.count]
      events += [
        .animation(transition, TransitionAnimation(height: motion), to: target),
        .animation(transition, TransitionAnimation(height: motion, backdrop: other, slide: 20), to: target),
        .animation(transition, TransitionAnimation(height: other, backdrop: motion), to: target),
        .animation(transition, TransitionAnimation(height: motion, slide: 0), to: target),
      ]
    }
    return events
  }

  /// The sink counts every event as the bytes of its JSON Lines line, on both edges: what the kept
  /// trace writes for it (one writer does both).
  @Test func theSinksSizeIsTheWrittenLinesSize() throws {
    for edge in [SheetEdge.bottom, .top] {
      for event in Self.events {
        let made = TraceEvent(event, time: 1.5, edge: edge)
        let written = Trace(title: "t", entries: [.event(made)]).jsonLines().utf8.count
        #expect(SheetDriver.bytes(of: made) == written, "\(event)")
      }
    }
  }
}
