import Foundation
import Testing

@testable import SheetCore

/// The spring forms and options of ``SpringMotion`` against Apple's documented numbers and an independent
/// re-implementation of Reanimated's per-frame spring step (springUtils.ts / spring.ts), written here from
/// Reanimated's formulas, not from the core's code.
@Suite struct SpringMotionTests {
  /// Reanimated's frame step: from the current value and velocity, the closed form over one frame's `t`,
  /// underdamped when ζ < 1 and critically damped at ω0 otherwise; then its termination test
  /// (overshootClamping: crossed the target since the start; else within both rest thresholds).
  /// Returns the values after each frame, the last being the target when it terminated.
  static func reanimated(
    stiffness k: Double, damping c: Double, mass m: Double, from: Double, to: Double, velocity: Double,
    clamp: Bool, restDisplacement: Double, restSpeed: Double, dt: Double = 1.0 / 120, frames: Int = 10_000
  ) -> [Double] {
    let zeta = c / (2 * sqrt(k * m))
    let w0 = sqrt(k / m)
    let w1 = w0 * sqrt(max(1 - zeta * zeta, 0))
    var current = from
    var v = velocity
    var values: [Double] = []
    for _ in 0..<frames {
      let x0 = to - current  // Reanimated's sign convention: x0 = toValue - current, v0 = -velocity
      let v0 = -v
      let t = dt
      if zeta < 1 {
        let envelope = exp(-zeta * w0 * t)
        let frag = envelope * (sin(w1 * t) * ((v0 + zeta * w0 * x0) / w1) + x0 * cos(w1 * t))
        current = to - frag
        v = zeta * w0 * frag - envelope * (cos(w1 * t) * (v0 + zeta * w0 * x0) - w1 * x0 * sin(w1 * t))
      } else {
        let envelope = exp(-w0 * t)
        current = to - envelope * (x0 + (v0 + w0 * x0) * t)
        v = envelope * (v0 * (t * w0 - 1) + t * x0 * w0 * w0)
      }
      let overshooting = clamp && ((current > to && from < to) || (current < to && from > to))
      let resting = abs(v) < restSpeed && abs(to - current) < restDisplacement
      if overshooting || resting {
        values.append(to)
        return values
      }
      values.append(current)
    }
    return values
  }

  /// Plays `motion` at 120 Hz and returns the value after each frame until it is done.
  static func play(_ motion: Motion, from: Double, to: Double, velocity: Double) -> [Double] {
    var player = MotionPlayer(motion, from: from, to: to, velocity: velocity, tolerance: .height)
    var values: [Double] = []
    while !player.isDone && values.count < 10_000 {
      player.advance(by: 1.0 / 120)
      values.append(player.value)
    }
    return values
  }

  /// Each row: a Reanimated physics config and a move. gorhom's iOS spring is
  /// gorhom/react-native-bottom-sheet src/constants.ts ANIMATION_CONFIGS (damping 500, stiffness 1000,
  /// mass 3, overshootClamping true, rest thresholds 10 and 10); Reanimated 3's default is
  /// springConfigs.ts Reanimated3DefaultSpringConfig (damping 10, mass 1, stiffness 100) with the rest
  /// thresholds springUtils.ts documents (0.01 and 2); Wiggly is springConfigs.ts WigglySpringConfig.
  static let reanimatedRows:
    [(
      k: Double, c: Double, m: Double, clamp: Bool, rest: (Double, Double), from: Double, to: Double,
      v: Double, line: UInt
    )] = [
      (1000, 500, 3, true, (10, 10), 300, 700, 0, #line),  // gorhom, a snap up from rest
      (1000, 500, 3, true, (10, 10), 700, 300, -2400, #line),  // gorhom, a flick down
      (1000, 500, 3, false, (0.5, 1), 100, 600, 900, #line),  // gorhom's numbers, no clamping
      (100, 10, 1, false, (0.01, 2), 0, 500, 0, #line),  // Reanimated 3's default: ζ = 0.5
      (100, 10, 1, true, (0.01, 2), 0, 500, 0, #line),  // the same, clamped at the target
      (900, 100, 4, false, (0.5, 1), 600, 200, 1500, #line),  // Wiggly: ζ = 0.83
    ]

  @Test(arguments: reanimatedRows.indices) func thePhysicsFormStepsLikeReanimated(_ i: Int) {
    let row = Self.reanimatedRows[i]
    let motion = Motion.springMotion(
      SpringMotion(
        .physics(stiffness: row.k, damping: row.c, mass: row.m), restDistance: row.rest.0,
        restSpeed: row.rest.1, clamps: row.clamp))
    #expect(motion.problem == nil)
    let expected = Self.reanimated(
      stiffness: row.k, damping: row.c, mass: row.m, from: row.from, to: row.to, velocity: row.v,
      clamp: row.clamp, restDisplacement: row.rest.0, restSpeed: row.rest.1)
    let got = Self.play(motion, from: row.from, to: row.to, velocity: row.v)
    #expect(
      got.count == expected.count, "line \(row.line): \(got.count) frames, Reanimated \(expected.count)")
    for (k, (a, b)) in zip(got, expected).enumerated() {
      #expect(close(a, b, 1e-6), "line \(row.line), frame \(k + 1): \(a) vs Reanimated's \(b)")
    }
    #expect(got.last == row.to)
  }

  @Test func gorhomsSpringIsCriticallyDampedAtOmega0AndRestsQuickly() {
    // ζ = 500 / (2 √3000) = 4.56 > 1: Reanimated evaluates it critically damped at ω0 = √(1000 / 3).
    let spring = SpringMotion.physicsSpring(stiffness: 1000, damping: 500, mass: 3)
    #expect(spring.dampingRatio == 1)
    #expect(close(spring.angularFrequency, sqrt(1000.0 / 3), 1e-9))
    // A 400 pt snap: the displacement 400 (1 + ω0 t) e^(-ω0 t) is within 10 pt from frame 37 (0.31 s),
    // but the speed 400 ω0² t e^(-ω0 t) falls below 10 pt/s only at frame 58 (0.48 s), where it rests.
    let frames = Self.play(
      .springMotion(
        SpringMotion(.physics(stiffness: 1000, damping: 500, mass: 3), restDistance: 10, restSpeed: 10)),
      from: 300, to: 700, velocity: 0)
    let w = sqrt(1000.0 / 3)
    let first = (1...200).first { k in
      let t = Double(k) / 120
      let x = 400 * (1 + w * t) * exp(-w * t)
      let v = 400 * w * w * t * exp(-w * t)
      return x <= 10 && v <= 10
    }
    #expect(frames.count == first && first == 58)
  }

  /// Apple's own numbers (SwiftUI `Spring` documentation): `Spring(duration: 0.5, bounce: 0.3)` has mass
  /// 1, stiffness 157.9 and damping 17.6; `Spring(mass: 1, stiffness: 100, damping: 10)` has duration
  /// 0.63 and bounce 0.5.
  @Test func theBounceFormMatchesApplesExample() {
    let s = SpringMotion.bounceSpring(duration: 0.5, bounce: 0.3)
    #expect(abs(s.stiffness - 157.9) < 0.05 && abs(s.damping - 17.6) < 0.05, "\(s.stiffness) \(s.damping)")
    let p = SpringMotion.physicsSpring(stiffness: 100, damping: 10, mass: 1)
    #expect(
      abs(p.response - 0.63) < 0.005 && close(1 - p.dampingRatio, 0.5), "\(p.response) \(p.dampingRatio)")
  }

  static let bounceRows: [(bounce: Double, zeta: Double, line: UInt)] = [
    (0, 1, #line), (0.3, 0.7, #line), (0.15, 0.85, #line), (0.99, 0.01, #line),
    // Negative bounce: Flutter's SpringDescription.withDurationAndBounce, 1 / (1 + b).
    (-0.5, 2, #line), (-0.9, 10, #line),
  ]

  @Test(arguments: bounceRows.indices) func bounceMapsToADampingRatio(_ i: Int) {
    let row = Self.bounceRows[i]
    let s = SpringMotion.bounceSpring(duration: 0.4, bounce: row.bounce)
    #expect(close(s.dampingRatio, row.zeta, 1e-12) && s.response == 0.4, "line \(row.line)")
  }

  @Test func presetsAreApplesBounces() {
    #expect(SpringMotion.preset(.smooth) == SpringMotion(.bounce(duration: 0.5, bounce: 0)))
    #expect(SpringMotion.preset(.snappy) == SpringMotion(.bounce(duration: 0.5, bounce: 0.15)))
    #expect(SpringMotion.preset(.bouncy, duration: 0.3) == SpringMotion(.bounce(duration: 0.3, bounce: 0.3)))
  }

  /// The default options leave the older forms unchanged, frame for frame.
  @Test func defaultOptionsAreTheOlderForms() {
    let pairs: [(Motion, Motion)] = [
      (
        .spring(dampingRatio: 0.8, response: 0.4),
        .springMotion(SpringMotion(.response(dampingRatio: 0.8, response: 0.4)))
      ),
      (
        .springDuration(duration: 0.3, dampingRatio: 1),
        .springMotion(SpringMotion(.duration(0.3, dampingRatio: 1)))
      ),
    ]
    for (old, new) in pairs {
      #expect(
        Self.play(old, from: 200, to: 650, velocity: -800)
          == Self.play(new, from: 200, to: 650, velocity: -800))
    }
  }

  /// The velocity fraction scales the start velocity: against an RK4 integration of the spring from the
  /// scaled velocity.
  @Test(arguments: [0.0, 0.5, 2.0]) func velocityFractionScalesTheStartVelocity(_ fraction: Double) {
    let form = SpringMotion.Form.response(dampingRatio: 0.7, response: 0.35)
    var player = MotionPlayer(
      .springMotion(SpringMotion(form, velocityFraction: fraction)), from: 300, to: 600, velocity: 1200,
      tolerance: .height)
    for _ in 0..<24 { player.advance(by: 1.0 / 120) }
    let numeric = SpringTests.integrate(
      Spring(dampingRatio: 0.7, response: 0.35), x0: -300, v0: 1200 * fraction, until: 0.2)
    #expect(close(player.value, 600 + numeric.x, 1e-5), "\(player.value) vs \(600 + numeric.x)")
  }

  /// Clamping ends the spring on the first frame its closed form reaches or crosses the target.
  @Test func clampingEndsAtTheFirstCrossing() {
    let spring = Spring(dampingRatio: 0.3, response: 0.5)
    let first = (1...1000).first { k in spring.state(at: Double(k) / 120, x0: -400, v0: 0).x >= 0 }
    let frames = Self.play(
      .springMotion(SpringMotion(.response(dampingRatio: 0.3, response: 0.5), clamps: true)),
      from: 100, to: 500, velocity: 0)
    #expect(frames.count == first && frames.allSatisfy { $0 <= 500 })
  }

  /// Looser rest tolerances end sooner: on the first frame within both.
  @Test func restTolerancesDecideTheLastFrame() {
    let spring = Spring(dampingRatio: 1, response: 0.3)
    let first = (1...1000).first { k in
      let s = spring.state(at: Double(k) / 120, x0: -500, v0: 0)
      return abs(s.x) <= 20 && abs(s.v) <= 40
    }
    let frames = Self.play(
      .springMotion(SpringMotion(.response(dampingRatio: 1, response: 0.3), restDistance: 20, restSpeed: 40)),
      from: 0, to: 500, velocity: 0)
    #expect(frames.count == first)
    #expect(
      frames.count < Self.play(.spring(dampingRatio: 1, response: 0.3), from: 0, to: 500, velocity: 0).count)
  }

  /// Every form in range comes to rest within its settling bound, with its options.
  static let boundRows: [(spring: SpringMotion, from: Double, to: Double, v: Double, line: UInt)] = [
    (
      SpringMotion(
        .physics(stiffness: 1000, damping: 500, mass: 3), restDistance: 10, restSpeed: 10, clamps: true), 0,
      787, 0, #line
    ),
    (SpringMotion(.physics(stiffness: 100, damping: 10, mass: 1)), 787, 0, 5000, #line),
    (SpringMotion(.physics(stiffness: 50, damping: 0.5, mass: 2)), 0, 400, 0, #line),
    (SpringMotion(.bounce(duration: 0.5, bounce: 0.3)), 100, 700, -3000, #line),
    (SpringMotion(.bounce(duration: 2, bounce: -0.9)), 0, 787, 0, #line),
    (SpringMotion.preset(.bouncy, duration: 1), 700, 0, 0, #line),
    (
      SpringMotion(
        .response(dampingRatio: 0.5, response: 0.4), velocityFraction: 10, restDistance: 1e-4, restSpeed: 1e-4
      ), 0, 500, 1e5, #line
    ),
  ]

  @Test(arguments: boundRows.indices) func theSettlingBoundHolds(_ i: Int) {
    let row = Self.boundRows[i]
    #expect(row.spring.problem == nil, "line \(row.line)")
    let motion = Motion.springMotion(row.spring)
    let bound = MotionPlayer.settlingTime(
      motion, from: row.from, to: row.to, velocity: row.v, tolerance: .height)
    let frames = Self.play(motion, from: row.from, to: row.to, velocity: row.v)
    let t = Double(frames.count) / 120
    #expect(frames.last == row.to && t <= bound + 1.0 / 120, "line \(row.line): done at \(t), bound \(bound)")
  }

  static let badRows: [(spring: SpringMotion, problem: String, line: UInt)] = [
    (SpringMotion(.physics(stiffness: 0, damping: 10, mass: 1)), "spring stiffness 0.0", #line),
    (SpringMotion(.physics(stiffness: 100, damping: -1, mass: 1)), "spring damping -1.0", #line),
    (SpringMotion(.physics(stiffness: 100, damping: 10, mass: .nan)), "spring mass nan", #line),
    (SpringMotion(.bounce(duration: 0.5, bounce: 1)), "spring bounce 1.0", #line),
    (SpringMotion(.bounce(duration: 0, bounce: 0)), "spring duration 0.0", #line),
    (
      SpringMotion(.response(dampingRatio: 1, response: 0.3), velocityFraction: -1),
      "spring velocity fraction -1.0", #line
    ),
    (
      SpringMotion(.response(dampingRatio: 1, response: 0.3), restDistance: 0), "spring rest distance 0.0",
      #line
    ),
    (
      SpringMotion(.response(dampingRatio: 1, response: 0.3), restSpeed: .infinity), "spring rest speed inf",
      #line
    ),
  ]

  @Test(arguments: badRows.indices) func unusableNumbersAreNamed(_ i: Int) {
    let row = Self.badRows[i]
    #expect(Motion.springMotion(row.spring).problem == row.problem, "line \(row.line)")
  }

  /// A physics spring too weak to come to rest within 60 s is refused when the transition starts, and
  /// the native one plays.
  struct WeakSpringPolicy: SheetPolicy {
    var configuration = DefaultPolicy.standardConfiguration
    func animation(for transition: SheetTransition, _ sheet: SheetSnapshot) throws(ScriptError)
      -> TransitionAnimation
    {
      TransitionAnimation(
        height: .springMotion(SpringMotion(.physics(stiffness: 0.01, damping: 0.001, mass: 1))))
    }
  }

  @Test func aSpringThatCannotSettleFallsBack() throws {
    var m = try SheetMachine(policy: WeakSpringPolicy(), geometry: .reference)
    let events = try m.present()
    #expect(events.startedAnimations.last?.1 == DefaultPolicy().animation(for: .present, m.snapshot))
    let fault = try #require(events.faults.first)
    #expect(
      fault.contains("spring stiffness 0.01 damping 0.001 mass 1 does not come to rest within 60 s"),
      "\(fault)")
    #expect(m.runToRest() < 2 && m.state == .resting)
  }
}
