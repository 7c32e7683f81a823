import Foundation
import Testing

@testable import SheetCore

/// ``Motion/customCurve(_:duration:)``: the policy's curve evaluated at every frame, its faults and
/// out-of-range values recorded once with the motion finishing on the built-in ease-in-out, and a policy
/// replacement handing a running curve over without a fault.
@Suite struct CustomCurveTests {
  /// Android's quintic ease-out (BottomSheetBehavior's settle interpolator), `(t - 1)^5 + 1`, computed
  /// here on its own.
  static func quinticOut(_ t: Double) -> Double { pow(t - 1, 5) + 1 }

  /// A policy presenting to one 600 pt detent with its curve 3 over 0.3 s; the curve fails past
  /// `failAfter` (by throwing, or by returning `badValue`).
  struct CurvePolicy: SheetPolicy {
    var configuration = SheetConfiguration(detents: [Detent("only", .fixed(600))])
    var failAfter = 2.0
    var badValue: Double?
    func animation(for transition: SheetTransition, _ sheet: SheetSnapshot) throws(ScriptError)
      -> TransitionAnimation
    {
      TransitionAnimation(height: .customCurve(3, duration: 0.3))
    }
    func curve(_ id: Int, at progress: Double) throws(ScriptError) -> Double {
      guard id == 3 else { throw ScriptError(callback: "animation", message: "no curve \(id)") }
      if progress > failAfter {
        if let badValue { return badValue }
        throw ScriptError(callback: "animation", message: "curve failed at \(progress)")
      }
      return CustomCurveTests.quinticOut(progress)
    }
  }

  @Test func everyFrameIsThePolicysCurve() throws {
    var m = try SheetMachine(policy: CurvePolicy(), geometry: .reference)
    var events = try m.present()
    for k in 1...36 {
      let step = try m.step(1.0 / 120)
      events += step.events
      let expected = k == 36 ? 600 : 600 * Self.quinticOut(Double(k) / 36)
      #expect(close(step.frame.height, expected, 1e-9), "frame \(k): \(step.frame.height) vs \(expected)")
      if k > 1 && k < 36 {
        // The velocity is the frame's difference quotient of the curve.
        let slope = 600 * (Self.quinticOut(Double(k) / 36) - Self.quinticOut(Double(k - 1) / 36)) * 120
        #expect(close(step.frame.velocity, slope, 1e-6), "frame \(k)")
      }
    }
    #expect(m.state == .resting && m.height == 600 && events.faults.isEmpty)
  }

  static let failures: [(policy: CurvePolicy, fault: String, line: UInt)] = [
    (CurvePolicy(failAfter: 0.49), "animation: curve failed at 0.5", #line),
    (CurvePolicy(failAfter: 0.49, badValue: .nan), "animation: curve returned nan at progress 0.5", #line),
    (CurvePolicy(failAfter: 0.49, badValue: 11), "animation: curve returned 11 at progress 0.5", #line),
  ]

  /// A fault mid-animation is recorded once; from the last good frame the built-in ease-in-out brings the
  /// sheet to its target in the time the curve had left.
  @Test(arguments: failures.indices) func aFaultMidAnimationFinishesNatively(_ i: Int) throws {
    let row = Self.failures[i]
    var m = try SheetMachine(policy: row.policy, geometry: .reference)
    var events = try m.present()
    var heights: [Double] = []
    while m.state == .presenting && heights.count < 100 {
      let step = try m.step(1.0 / 120)
      events += step.events
      heights.append(step.frame.height)
    }
    #expect(
      events.faults.count == 1 && events.faults[0].hasPrefix(row.fault), "line \(row.line): \(events.faults)")
    #expect(
      heights.count == 36 && m.state == .resting && m.height == 600, "line \(row.line): \(heights.count)")
    // Frames 1-17 follow the curve (progress up to 17/36 < 0.5); frame 18 asks at 0.5, faults, and the
    // ease-in-out (0.42, 0, 0.58, 1) starts from frame 17's height over the 19 frames left.
    let start = 600 * Self.quinticOut(17.0 / 36)
    #expect(close(heights[16], start, 1e-9))
    let ease = CubicBezier(0.42, 0, 0.58, 1)
    for k in 18...35 {
      let expected = start + (600 - start) * ease.value(at: Double(k - 17) / 19)
      #expect(close(heights[k - 1], expected, 1e-6), "line \(row.line), frame \(k)")
    }
  }

  /// The default requirement faults: a policy without curves cannot run one.
  struct NoCurvesPolicy: SheetPolicy {
    var configuration = SheetConfiguration(detents: [Detent("only", .fixed(600))])
    func animation(for transition: SheetTransition, _ sheet: SheetSnapshot) throws(ScriptError)
      -> TransitionAnimation
    {
      TransitionAnimation(height: .customCurve(9, duration: 0.2))
    }
  }

  @Test func theDefaultRequirementFaults() throws {
    var m = try SheetMachine(policy: NoCurvesPolicy(), geometry: .reference)
    var events = try m.present()
    m.runToRest(events: &events)
    #expect(events.faults == ["animation: the policy has no custom curve 9"])
    #expect(m.state == .resting && m.height == 600 && m.time < 0.21)
  }

  /// A replaced policy's running curve goes on natively, without a fault (the new policy never made it).
  @Test func aReplacementHandsARunningCurveOver() throws {
    var m = try SheetMachine(policy: CurvePolicy(), geometry: .reference)
    var events = try m.present()
    for _ in 0..<12 { events += try m.step(1.0 / 120).events }
    let h = m.height
    events += m.replacePolicy(NoCurvesPolicy())
    events += try m.step(1.0 / 120).events
    let ease = CubicBezier(0.42, 0, 0.58, 1)
    #expect(close(m.height, h + (600 - h) * ease.value(at: 1.0 / 24), 1e-6))
    m.runToRest(events: &events)
    #expect(events.faults.isEmpty && m.state == .resting && m.height == 600, "\(events.faults)")
  }
}
