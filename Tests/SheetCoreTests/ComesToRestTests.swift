import Testing

@testable import SheetCore

/// Every number that tunes the default policy has a documented range, and the sheet
/// always comes to rest with finite frames, even when the default policy itself is unusable.
@Suite struct ComesToRestTests {
  /// Each row: a threshold name, a value, whether it is accepted.
  static let checks: [(name: String, value: Double, accepted: Bool, line: UInt)] = [
    ("spring_damping", -1, false, #line),
    ("spring_damping", 1e-9, false, #line),
    ("spring_damping", 0.19, false, #line),
    ("spring_damping", 0.2, true, #line),
    ("spring_damping", 2, true, #line),
    ("spring_damping", 2.01, false, #line),
    ("spring_damping", .nan, false, #line),
    ("spring_response", 0, false, #line),
    ("spring_response", -0.3, false, #line),
    ("spring_response", 0.01, true, #line),
    ("spring_response", 2, true, #line),
    ("spring_response", .infinity, false, #line),
    ("projection_rate", 1, false, #line),
    ("projection_rate", 0.9999, true, #line),
    ("projection_rate", 0.9, true, #line),
    ("projection_rate", 0.89, false, #line),
    ("redirect_progress", 0, true, #line),
    ("redirect_progress", 1, true, #line),
    ("redirect_progress", -0.1, false, #line),
    ("rubber_band", 0, true, #line),
    ("rubber_band", 1, true, #line),
    ("rubber_band", -0.55, false, #line),
    ("allows_skipping", 0, true, #line),
    ("allows_skipping", 1, true, #line),
    ("allows_skipping", 0.5, false, #line),
    ("allows_skipping", 2, false, #line),
    // A behaviour's own threshold (no native range): any finite number.
    ("dismiss_velocity", 1e9, true, #line),
    ("dismiss_velocity", -5, true, #line),
    ("dismiss_velocity", .nan, false, #line),
  ]

  @Test(arguments: checks.indices) func thresholdValuesAreCheckedAgainstTheirRange(_ i: Int) {
    let row = Self.checks[i]
    var refusal: ThresholdError?
    do throws(ThresholdError) {
      try DefaultPolicy.Threshold.check(row.name, row.value)
    } catch {
      refusal = error
    }
    #expect((refusal == nil) == row.accepted, "line \(row.line): \(refusal?.description ?? "accepted")")
    if let refusal {
      #expect(refusal.name == row.name, "line \(row.line)")
      #expect(refusal.description.hasPrefix("threshold '\(row.name)' is "), "line \(row.line)")
    }
  }

  @Test func messagesNameTheThresholdTheValueAndTheRange() {
    let cases: [(name: String, value: Double, message: String, line: UInt)] = [
      ("spring_damping", -1, "threshold 'spring_damping' is -1; expected a number in [0.2, 2]", #line),
      ("spring_damping", 1e-9, "threshold 'spring_damping' is 1e-09; expected a number in [0.2, 2]", #line),
      ("spring_response", 0, "threshold 'spring_response' is 0; expected a number in [0.01, 2] s", #line),
      (
        "projection_rate", 1, "threshold 'projection_rate' is 1; expected a number in [0.9, 0.9999] per ms",
        #line
      ),
      ("allows_skipping", 2, "threshold 'allows_skipping' is 2; expected 0 or 1", #line),
      ("x", .infinity, "threshold 'x' is inf; expected a finite number", #line),
    ]
    for row in cases {
      var message = "accepted"
      do throws(ThresholdError) {
        try DefaultPolicy.Threshold.check(row.name, row.value)
      } catch {
        message = error.description
      }
      #expect(message == row.message, "line \(row.line)")
    }
  }

  @Test func theDefaultsLieInTheirRangesAndAreTheNativePolicysOwn() {
    let policy = DefaultPolicy()
    #expect(policy.thresholdProblem == nil)
    for threshold in DefaultPolicy.Threshold.allCases {
      #expect(threshold.range.contains(threshold.defaultValue), "\(threshold.rawValue)")
      #expect(policy[threshold] == threshold.defaultValue, "\(threshold.rawValue)")
      #expect(!threshold.meaning.isEmpty && !threshold.source.isEmpty, "\(threshold.rawValue)")
    }
    var tuned = policy
    #expect(throws: ThresholdError.self) { try tuned.set(.springResponse, to: 0) }
    #expect(tuned.springResponse == 0.3, "a refused value changes nothing")
    tuned.springResponse = 0
    #expect(tuned.thresholdProblem?.name == "spring_response")
  }

  /// The largest displacement and velocity the core accepts, and a phone-sized move.
  static let starts: [(x0: Double, v0: Double)] = [
    (100_000, 1e6), (100_000, -1e6), (-100_000, 1e6), (1000, 10_000), (1000, -10_000), (844, 0),
  ]

  @Test func springsInTheRangesSettleWellWithinTheLimit() {
    var worst = 0.0
    let dampings = stride(from: 0.2, through: 2.0, by: 0.05).map { $0 } + [1.0, 1.0000001, 0.9999999]
    for zeta in dampings {
      for response in [0.01, 0.3, 1, 2] {
        let spring = Spring(dampingRatio: zeta, response: response)
        for start in Self.starts {
          worst = max(worst, spring.settlingTime(x0: start.x0, v0: start.v0, position: 0.5, speed: 1))
        }
      }
    }
    // The documented worst case (DefaultPolicy.Threshold.springDamping) is 22.2 s.
    #expect(worst > 0 && worst < 30, "worst bound \(worst) s")
  }

  /// Each row: a spring and a start; the player at 120 Hz must be done by the bound.
  static let bounded: [(zeta: Double, response: Double, from: Double, to: Double, v: Double, line: UInt)] = [
    (1, 0.3, 0, 398.5, 0, #line),
    (1, 0.3, 500, 0, -3000, #line),
    (0.2, 2, 0, 787, 0, #line),
    (2, 2, 787, 0, 5000, #line),
    (0.5, 0.4, 100, 700, -2000, #line),
    (1.0000001, 0.3, 50, 0, -50, #line),
    (1.5, 0.01, 0, 800, 0, #line),
  ]

  @Test(arguments: bounded.indices) func theSettlingBoundHolds(_ i: Int) {
    let row = Self.bounded[i]
    let motion = Motion.spring(dampingRatio: row.zeta, response: row.response)
    let bound = MotionPlayer.settlingTime(
      motion, from: row.from, to: row.to, velocity: row.v, tolerance: .height)
    var player = MotionPlayer(motion, from: row.from, to: row.to, velocity: row.v, tolerance: .height)
    var t = 0.0
    while !player.isDone && t < 120 {
      player.advance(by: 1.0 / 120)
      t += 1.0 / 120
    }
    #expect(player.isDone && t <= bound + 1.0 / 120, "line \(row.line): done at \(t), bound \(bound)")
  }

  @Test func aSpringStillMovingAfterTheLimitStopsAtItsTarget() {
    var player = MotionPlayer(
      .spring(dampingRatio: 0.01, response: 60), from: 0, to: 500, velocity: 0, tolerance: .height)
    var t = 0.0
    while !player.isDone && t < 120 {
      player.advance(by: 1.0 / 120)
      t += 1.0 / 120
      #expect(player.value.isFinite && player.velocity.isFinite)
    }
    #expect(player.isDone && player.value == 500 && t <= SheetLimits.maximumTransitionTime + 0.01, "t \(t)")
  }

  /// Each row: how the fallback is broken (set directly, past every check that applies a threshold).
  static let brokenFallbacks: [(name: String, breakIt: @Sendable (inout DefaultPolicy) -> Void, line: UInt)] =
    [
      ("response 0", { $0.springResponse = 0 }, #line),
      ("response -1", { $0.springResponse = -1 }, #line),
      ("response inf", { $0.springResponse = .infinity }, #line),
      ("damping -1", { $0.springDampingRatio = -1 }, #line),
      ("damping nan", { $0.springDampingRatio = .nan }, #line),
      // Usable numbers, but a spring that would oscillate for hours.
      ("damping 1e-9", { $0.springDampingRatio = 1e-9 }, #line),
      (
        "damping 0.01, response 60",
        { policy in
          policy.springDampingRatio = 0.01
          policy.springResponse = 60
        }, #line
      ),
    ]

  @Test(arguments: brokenFallbacks.indices) func anUnusableFallbackAnimationGivesWayToTheLastResort(_ i: Int)
    throws
  {
    let row = Self.brokenFallbacks[i]
    var policy = DefaultPolicy()
    row.breakIt(&policy)
    var m = try SheetMachine(policy: policy, geometry: reference)
    let presented = try m.present()
    #expect(presented.startedAnimations.last?.1 == .lastResort, "line \(row.line): \(presented)")
    #expect(
      presented.faults.contains { $0.hasPrefix("animation: the default policy's present animation") },
      "line \(row.line): \(presented.faults)")
    var t = 0.0
    while m.state == .presenting && t < 60 {
      let frame = try m.step(SheetMachine.defaultFrameInterval).frame
      t += SheetMachine.defaultFrameInterval
      #expect(EdgeValidationTests.isSound(frame, on: reference), "line \(row.line): \(frame)")
    }
    #expect(m.state == .resting && m.detent == "medium" && m.height == 398.5, "line \(row.line)")
    #expect(t < 0.26, "line \(row.line): the last resort takes 0.25 s, took \(t)")
    // A drag and release, and a dismissal, come to rest the same way.
    try m.drag(from: 460, to: 300, release: -1500)
    #expect(m.runToRest(limit: 60) < 0.26 && m.state == .resting, "line \(row.line)")
    m.dismiss()
    #expect(m.runToRest(limit: 60) < 0.26 && m.state == .dismissed && m.height == 0, "line \(row.line)")
  }

  /// A policy whose animation is a spring that would not come to rest within the limit.
  struct SlowSpringPolicy: SheetPolicy {
    var configuration = DefaultPolicy.standardConfiguration
    func animation(for transition: SheetTransition, _ sheet: SheetSnapshot) throws(ScriptError)
      -> TransitionAnimation
    {
      TransitionAnimation(height: .spring(dampingRatio: 0.01, response: 60))
    }
  }

  @Test func anAnimationThatCannotSettleFallsBackToTheNativeOne() throws {
    var m = try SheetMachine(policy: SlowSpringPolicy(), geometry: reference)
    let presented = try m.present()
    #expect(presented.startedAnimations.last?.1 == DefaultPolicy().animation(for: .present, m.snapshot))
    let fault = try #require(presented.faults.first)
    #expect(
      fault.hasPrefix(
        "animation: returned a present animation that cannot be played: height: spring damping 0.01 "
          + "response 60s does not come to rest"), "\(fault)")
    #expect(m.runToRest() < 1 && m.state == .resting)
  }

  @Test func aFallbackWithNonFiniteParametersNeverPutsNaNInAFrame() throws {
    var policy = DefaultPolicy()
    policy.rubberBandConstant = .nan
    policy.backdropMax = .nan
    policy.springResponse = 0
    var m = try SheetMachine(policy: policy, geometry: reference)
    try m.present()
    m.runToRest()
    try m.panBegan(y: 460)
    for i in 1...60 {
      let frame = try m.step(SheetMachine.defaultFrameInterval).frame
      #expect(EdgeValidationTests.isSound(frame, on: reference), "\(frame)")
      try m.panChanged(y: 460 - Double(i) * 10)  // far past the largest detent: the rubber band
    }
    try m.panEnded(y: -140, velocity: -800)
    var t = 0.0
    while m.state == .settling && t < 60 {
      let frame = try m.step(SheetMachine.defaultFrameInterval).frame
      t += SheetMachine.defaultFrameInterval
      #expect(EdgeValidationTests.isSound(frame, on: reference), "\(frame)")
    }
    #expect(m.state == .resting)
  }
}
