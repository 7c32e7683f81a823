import Foundation
import Testing

@testable import SheetCore

/// The stepped spring (``SpringMotion/stepped``) against FloatingPanel's `NumericSpringAnimator` written
/// again here from scenee/FloatingPanel `Sources/Core.swift` (its `update(_:)` and `spring(x:v:xt:zeta:
/// omega:h:)`), in the panel's absolute coordinate with the target `xt`, not from the core's code.
@Suite struct SteppedSpringTests {
  /// The animator's frames from `value` at `velocity` toward `target`, one display-link callback each
  /// with the interval `h`, until its stop test (within a pixel of the target after a frame that moved
  /// it at most a pixel); the last frame is the target, where the completion puts the panel.
  static func numericSpringAnimator(
    value: Double, velocity: Double, target: Double, zeta: Double, response: Double, h: Double,
    displayScale: Double
  ) -> [Double] {
    let omega = 2 * Double.pi / response
    var x = value
    var v = velocity
    var frames: [Double] = []
    while frames.count < 100_000 {
      let pre = x
      let f = 1 + 2 * h * zeta * omega
      let h2 = pow(h, 2)
      let o2 = pow(omega, 2)
      let det = f + h2 * o2
      x = (f * x + h * v + h2 * o2 * target) / det
      v = (v + h * o2 * (target - x)) / det
      if abs(target - x) <= 1 / displayScale && abs(pre - x) / (1 / displayScale) <= 1 {
        frames.append(target)
        return frames
      }
      frames.append(x)
    }
    return frames
  }

  /// FloatingPanel's damping above its 300 pt/s cutoff: ln(0.991) / (-2π (1 / 0.4) 0.001) = 0.5756.
  static let fastZeta = log(0.991) / (-2 * Double.pi * (1 / 0.4) * 0.001)

  /// Each row: a move in heights (the panel's coordinate reversed, which the step's linearity allows),
  /// the damping, the frame rate and the display scale.
  static let rows:
    [(from: Double, to: Double, v: Double, zeta: Double, fps: Double, scale: Double, line: UInt)] = [
      (415.5, 779, 1500, fastZeta, 60, 3, #line),  // a flick up from half to full
      (415.5, 779, 1500, fastZeta, 120, 3, #line),
      (779, 103, -2400, fastZeta, 60, 3, #line),  // a fast flick down to tip
      (779, 103, -2400, fastZeta, 120, 2, #line),
      (103, 415.5, 250, 1, 60, 3, #line),  // a slow release: critically damped
      (103, 415.5, 0, 1, 120, 3, #line),  // a programmatic move: startAttraction with velocity 0
    ]

  @Test(arguments: rows.indices) func framesAreTheAnimatorsSteps(_ i: Int) {
    let row = Self.rows[i]
    let expected = Self.numericSpringAnimator(
      value: row.from, velocity: row.v, target: row.to, zeta: row.zeta, response: 0.4, h: 1 / row.fps,
      displayScale: row.scale)
    let motion = Motion.springMotion(
      SpringMotion(
        .response(dampingRatio: row.zeta, response: 0.4), restDistance: 1 / row.scale, stepped: true))
    #expect(motion.problem == nil)
    var player = MotionPlayer(motion, from: row.from, to: row.to, velocity: row.v, tolerance: .height)
    var got: [Double] = []
    while !player.isDone && got.count < 100_000 {
      player.advance(by: 1 / row.fps)
      got.append(player.value)
    }
    #expect(
      got.count == expected.count, "line \(row.line): \(got.count) frames, the animator's \(expected.count)")
    for (k, (a, b)) in zip(got, expected).enumerated() {
      #expect(close(a, b, 1e-9), "line \(row.line), frame \(k + 1): \(a) vs the animator's \(b)")
    }
    #expect(got.last == row.to)
  }

  /// The reason the preset steps: after a fast release the frames stand points away from the closed
  /// form, and differently at 60 and 120 Hz (0.1 s after a 1500 pt/s flick from half to full: 653.16
  /// at 60 Hz, 665.27 at 120 Hz, 683.42 closed form).
  @Test func steppedFramesDifferFromTheClosedFormAndByFrameRate() {
    let spring = Spring(dampingRatio: Self.fastZeta, response: 0.4)
    let closed = 779 + spring.state(at: 0.1, x0: 415.5 - 779, v0: 1500).x
    var at: [Double] = []
    for fps in [60.0, 120.0] {
      var player = MotionPlayer(
        .springMotion(SpringMotion(.response(dampingRatio: Self.fastZeta, response: 0.4), stepped: true)),
        from: 415.5, to: 779, velocity: 1500, tolerance: .height)
      for _ in 0..<Int(0.1 * fps) { player.advance(by: 1 / fps) }
      at.append(player.value)
    }
    #expect(close(closed, 683.423, 1e-3) && close(at[0], 653.161, 1e-3) && close(at[1], 665.271, 1e-3))
    #expect(closed - at[0] > 25 && closed - at[1] > 15 && at[1] - at[0] > 10)
  }

  /// As the interval shrinks the step tends to the spring's closed form (its local error is O(h²)).
  @Test func tinyStepsApproachTheClosedForm() {
    let spring = Spring(dampingRatio: 0.6, response: 0.4)
    var x = -300.0
    var v = 800.0
    let h = 1e-5
    for _ in 0..<20_000 { (x, v) = spring.frameStep(x: x, v: v, h: h) }
    let exact = spring.state(at: 0.2, x0: -300, v0: 800)
    #expect(close(x, exact.x, 0.05) && close(v, exact.v, 0.5), "\(x) \(v) vs \(exact.x) \(exact.v)")
  }

  /// No time, no step; and a stepped spring takes no rest speed (it rests by distance).
  @Test func aZeroIntervalChangesNothingAndRestSpeedIsRefused() {
    let form = SpringMotion.Form.response(dampingRatio: 1, response: 0.4)
    var player = MotionPlayer(
      .springMotion(SpringMotion(form, stepped: true)), from: 100, to: 400, velocity: 50, tolerance: .height)
    player.advance(by: 0)
    #expect(player.value == 100 && player.velocity == 50 && !player.isDone)
    let problem = SpringMotion(form, restSpeed: 1, stepped: true).problem
    #expect(problem == "spring rest speed 1.0 of a stepped spring (it rests by distance)")
    #expect(SpringMotion(form, restSpeed: 1).problem == nil)
  }
}
