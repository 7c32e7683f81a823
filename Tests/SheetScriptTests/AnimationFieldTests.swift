import Foundation
import LuaHost
import SheetCore
import SheetTrace
import Testing

@testable import SheetScenario
@testable import SheetScript

/// The animation fields from Lua: `backdrop_follows_height`, the spring forms and options, and
/// `curve = function(t)`, each against an independent calculation of the frames.
@Suite struct AnimationFieldTests {
  /// FloatingPanel's backdrop rule on detents `half` 248 and `full` 759: 0.3 at full, 0 at half and
  /// below, linear between (Core.swift getBackdropAlpha(at:with:), which its attraction animator calls
  /// at every frame).
  static func panel(follows: Bool, present: String = "S.linear(1)", extra: String = "") -> String {
    """
    local S = require 'sheet'
    return {
      detents = { { id = 'half', height = 248 }, { id = 'full', height = 759 } },
      present_detent = 'full',
      backdrop_follows_height = \(follows),
      backdrop = function(sheet)
        local half, full = sheet.detents.half, sheet.detents.full
        return 0.3 * S.clamp((sheet.height - half) / (full - half), 0, 1)
      end,
      animations = { present = \(present) },\(extra)
    }
    """
  }

  /// The rule, computed here.
  static func alpha(_ h: Double) -> Double { 0.3 * min(max((h - 248) / 511, 0), 1) }

  /// At height 253 of a linear present over 1 s (frame 40: 759 / 3): the blend by progress gives
  /// 0.3 / 3 = 0.1, the rule at the height 0.3 · 5 / 511 = 0.00294: 0.099 against 0.003.
  @Test func atHeight253TheRuleIsEvaluatedNotBlended() throws {
    var blended = try PresetTest.driver(source: Self.panel(follows: false))
    var following = try PresetTest.driver(source: Self.panel(follows: true))
    try blended.apply { h in h.present() }
    try following.apply { h in h.present() }
    for _ in 0..<40 {
      try blended.frame()
      try following.frame()
    }
    #expect(PresetTest.close(following.machine.height, 253) && PresetTest.close(blended.machine.height, 253))
    #expect(PresetTest.close(blended.machine.backdrop, 0.1), "\(blended.machine.backdrop)")
    #expect(
      PresetTest.close(following.machine.backdrop, 0.3 * 5 / 511, 1e-12), "\(following.machine.backdrop)")
  }

  /// Every frame of the default policy's spring's snap from full to half, and of a dismissal, is the rule at the
  /// frame's height; the snap ends at 0 (half) and the dismissal at 0.
  @Test func everyFrameOfASnapAndADismissalFollowsTheRule() throws {
    var driver = try PresetTest.driver(source: Self.panel(follows: true))
    try driver.presentAndSettle()
    #expect(driver.machine.backdrop == 0.3)
    try driver.apply { m throws(SheetError) in try m.snap(to: "half") }
    var frames = 0
    while driver.machine.state == .settling {
      try driver.frame()
      frames += 1
      #expect(PresetTest.close(driver.machine.backdrop, Self.alpha(driver.machine.height), 1e-12))
    }
    #expect(frames > 10 && driver.machine.backdrop == 0 && driver.machine.detent == "half")
    try driver.apply { m throws(SheetError) in try m.snap(to: "full") }
    #expect(try driver.settle())
    try driver.apply { m throws(SheetError) in m.dismiss() }
    while driver.machine.state == .dismissing {
      try driver.frame()
      #expect(PresetTest.close(driver.machine.backdrop, Self.alpha(driver.machine.height), 1e-12))
    }
    #expect(driver.machine.state == .dismissed && driver.machine.backdrop == 0 && driver.scriptErrors.isEmpty)
  }

  /// A backdrop that fails mid-transition is reported once for the transition, keeps the previous
  /// frame's value, and the sheet comes to rest.
  @Test func aFailingFrameBackdropIsReportedOnce() throws {
    let text = """
      return {
        detents = { { id = 'half', height = 248 }, { id = 'full', height = 759 } },
        present_detent = 'full',
        backdrop_follows_height = true,
        backdrop = function(sheet)
          if sheet.state == 'presenting' and sheet.height > 400 then error('dim failed') end
          return sheet.height / 2530
        end,
        animations = { present = { curve = 'linear', duration = 1 } },
      }
      """
    var driver = try PresetTest.driver(source: text, name: "bad.lua")
    try driver.presentAndSettle()
    #expect(driver.scriptErrors.count == 1, "\(driver.scriptErrors)")
    #expect(
      driver.scriptErrors.allSatisfy { $0.hasPrefix("backdrop: bad.lua:6:") && $0.contains("dim failed") })
    #expect(driver.machine.state == .resting && PresetTest.close(driver.machine.backdrop, 0.3))
  }

  /// gorhom's iOS spring (src/constants.ts ANIMATION_CONFIGS: stiffness 1000, damping 500, mass 3,
  /// overshootClamping, rest thresholds 10 and 10) presenting 0 -> 759 from rest: ζ = 4.56 >= 1, so
  /// Reanimated moves it critically damped at ω0 = √(1000 / 3): h = 759 - 759 (1 + ω0 t) e^(-ω0 t),
  /// resting on the first frame within 10 pt and 10 pt/s.
  @Test func gorhomsSpringPresentsLikeReanimated() throws {
    let present = "S.spring_physics(1000, 500, 3, { clamp = true, rest_distance = 10, rest_speed = 10 })"
    var driver = try PresetTest.driver(source: Self.panel(follows: false, present: present))
    try driver.apply { h in h.present() }
    let w = sqrt(1000.0 / 3)
    var k = 0
    while driver.machine.state == .presenting {
      try driver.frame()
      k += 1
      let t = Double(k) / 120
      let x = 759 * (1 + w * t) * exp(-w * t)
      let v = 759 * w * w * t * exp(-w * t)
      let resting = x <= 10 && v <= 10
      #expect(resting == (driver.machine.state == .resting), "frame \(k)")
      #expect(PresetTest.close(driver.machine.height, resting ? 759 : 759 - x, 1e-6), "frame \(k)")
    }
    let label = try #require(driver.last("animation")?["height"]?.text)
    #expect(label == "spring stiffness=1000 damping=500 mass=3 rest_distance=10 rest_speed=10 clamp")
  }

  /// A stepped spring from the helper: FloatingPanel's attraction, one implicit step a frame
  /// (SteppedSpringTests checks the step against the animator), its label ending in `stepped`.
  @Test func aSteppedSpringReadsFromTheHelper() throws {
    let present = "S.spring(1, 0.4, { stepped = true, rest_distance = 1 / 3 })"
    var driver = try PresetTest.driver(source: Self.panel(follows: false, present: present))
    try driver.apply { h in h.present() }
    var x = -759.0
    var v = 0.0
    let spring = Spring(dampingRatio: 1, response: 0.4)
    for k in 1...30 {
      try driver.frame()
      (x, v) = spring.frameStep(x: x, v: v, h: 1.0 / 120)
      #expect(PresetTest.close(driver.machine.height, 759 + x, 1e-9), "frame \(k)")
    }
    let label = try #require(driver.last("animation")?["height"]?.text)
    #expect(label == "spring damping=1 response=0.4s rest_distance=0.3333 stepped")
  }

  /// Apple's snappy preset over 0.4 s: bounce 0.15, so ζ = 0.85 and ω0 = 2π / 0.4; from 0 to 759 at rest
  /// the displacement is e^(-ζω0 t) x0 (cos ωd t + ζω0 / ωd sin ωd t), x0 = -759.
  @Test func snappyIsApplesBounce() throws {
    var driver = try PresetTest.driver(source: Self.panel(follows: false, present: "S.snappy(0.4)"))
    try driver.apply { h in h.present() }
    let zeta = 0.85
    let w = 2 * Double.pi / 0.4
    let wd = w * sqrt(1 - zeta * zeta)
    for k in 1...40 {
      try driver.frame()
      let t = Double(k) / 120
      let x = exp(-zeta * w * t) * -759 * (cos(wd * t) + zeta * w / wd * sin(wd * t))
      #expect(PresetTest.close(driver.machine.height, min(759 + x, 844), 1e-6), "frame \(k)")
    }
    #expect(driver.last("animation")?["height"]?.text == "spring duration=0.4s bounce=0.15")
  }

  /// A snap started mid-present carries `velocity_fraction` of the present's 759 pt/s: critically damped
  /// at ω0 = 2π / 0.4 from h = 189.75 (frame 30) toward 248, x(t) = (x0 + (v0 + ω0 x0) t) e^(-ω0 t).
  @Test(arguments: [0.0, 0.5, 1.0]) func aSnapCarriesItsVelocityFraction(_ fraction: Double) throws {
    let snap = "\n  snap = S.spring(1, 0.4, { velocity_fraction = \(fraction) }),"
    let text = Self.panel(follows: false).replacingOccurrences(
      of: "animations = { present = S.linear(1) },", with: "animations = { present = S.linear(1),\(snap) },")
    var driver = try PresetTest.driver(source: text)
    try driver.apply { h in h.present() }
    for _ in 0..<30 { try driver.frame() }
    #expect(PresetTest.close(driver.machine.height, 189.75) && PresetTest.close(driver.machine.velocity, 759))
    try driver.apply { m throws(SheetError) in try m.snap(to: "half") }
    let w = 2 * Double.pi / 0.4
    let x0 = 189.75 - 248
    let v0 = 759 * fraction
    for k in 1...20 {
      try driver.frame()
      let t = Double(k) / 120
      let x = (x0 + (v0 + w * x0) * t) * exp(-w * t)
      #expect(PresetTest.close(driver.machine.height, 248 + x, 1e-6), "fraction \(fraction), frame \(k)")
    }
  }

  /// Android's quintic ease-out, `(t - 1)^5 + 1`, as a function curve over 0.3 s: every frame is the
  /// function at the frame's time progress.
  static let quintic = "S.curve(function(t) return (t - 1) ^ 5 + 1 end, 0.3)"

  @Test func aFunctionCurveIsEvaluatedEveryFrame() throws {
    var driver = try PresetTest.driver(source: Self.panel(follows: false, present: Self.quintic))
    try driver.apply { h in h.present() }
    for k in 1...36 {
      try driver.frame()
      let expected = k == 36 ? 759 : 759 * (pow(Double(k) / 36 - 1, 5) + 1)
      #expect(PresetTest.close(driver.machine.height, expected, 1e-9), "frame \(k)")
    }
    #expect(driver.machine.state == .resting && driver.scriptErrors.isEmpty)
    #expect(driver.last("animation")?["height"]?.text == "function 0.3s")
  }

  /// An `animations` function returning a function curve for every transition: each transition's curve
  /// is read (and checked) when it starts, and many transitions reuse the registry's slots.
  @Test func callbacksCurvesAreReadPerTransition() throws {
    let text = """
      local S = require 'sheet'
      return {
        detents = { { id = 'low', height = 200 }, { id = 'high', height = 600 } },
        animations = function(sheet, transition)
          return S.curve(function(t) return t * t end, 0.2)
        end,
      }
      """
    var driver = try PresetTest.driver(source: text)
    try driver.presentAndSettle()
    for round in 0..<12 {
      let (from, to) = round % 2 == 0 ? (200.0, 600.0) : (600.0, 200.0)
      try driver.apply { m throws(SheetError) in try m.snap(to: round % 2 == 0 ? "high" : "low") }
      for k in 1...24 {
        try driver.frame()
        let u = Double(k) / 24
        #expect(
          PresetTest.close(driver.machine.height, from + (to - from) * u * u, 1e-9),
          "round \(round), frame \(k)")
      }
      #expect(driver.machine.state == .resting)
    }
    #expect(driver.scriptErrors.isEmpty, "\(driver.scriptErrors)")
  }

  static let curveFaults: [(curve: String, fragments: [String], line: UInt)] = [
    (
      "function(t) if t > 0.49 and t < 1 then error('eased too far') end return (t - 1) ^ 5 + 1 end",
      ["eased too far"], #line
    ),
    (
      "function(t) if t > 0.49 and t < 1 then return 20 end return (t - 1) ^ 5 + 1 end",
      ["bad.lua:3:", "curve returned 20"], #line
    ),
    ("function(t) if t > 0.49 and t < 1 then return 'x' end return (t - 1) ^ 5 + 1 end", ["bad.lua:"], #line),
  ]

  /// A curve that fails mid-animation is reported once (callback `animations`) and the present finishes
  /// on the built-in ease-in-out in the time it had left.
  @Test(arguments: curveFaults.indices) func aCurveFailingMidAnimationFinishesNatively(_ i: Int) throws {
    let row = Self.curveFaults[i]
    let text = """
      return {
        detents = { { id = 'only', height = 600 } },
        animations = { present = { curve = \(row.curve), duration = 0.3 } },
      }
      """
    var driver = try PresetTest.driver(source: text, name: "bad.lua")
    try driver.apply { h in h.present() }
    var frames = 0
    while driver.machine.state == .presenting {
      try driver.frame()
      frames += 1
    }
    #expect(frames == 36 && driver.machine.height == 600, "line \(row.line): \(frames) frames")
    #expect(driver.scriptErrors.count == 1, "line \(row.line): \(driver.scriptErrors)")
    let error = driver.scriptErrors.first ?? ""
    #expect(error.hasPrefix("animations: "), "line \(row.line): \(error)")
    #expect(row.fragments.allSatisfy { error.contains($0) }, "line \(row.line): \(error)")
  }

  /// A curve with bad ends returned by a callback is refused when read: the native animation plays.
  @Test func aCallbacksCurveWithBadEndsIsRefused() throws {
    let text = """
      return {
        detents = { { id = 'only', height = 600 } },
        animations = function() return { curve = function(t) return t + 0.5 end, duration = 0.3 } end,
      }
      """
    var driver = try PresetTest.driver(source: text, name: "bad.lua")
    try driver.presentAndSettle()
    #expect(
      driver.scriptErrors.count == 1 && driver.scriptErrors[0].contains("f(0) = 0.5"),
      "\(driver.scriptErrors)")
    #expect(driver.last("animation")?["height"]?.text == "spring damping=1 response=0.3s")
  }

  /// Frames of a function curve with the backdrop following the height make no Lua allocation in steady
  /// state (the curve is one number in, one number out; the backdrop reads the reused `sheet` view).
  @Test func aFunctionCurveAndAFollowingBackdropAllocateNothingPerFrame() throws {
    let present = "S.curve(function(t) return (t - 1) ^ 5 + 1 end, 30)"
    let behaviour = try Behaviour.load(
      BehaviourSource(name: "curve.lua", text: Self.panel(follows: true, present: present)))
    var driver = try SheetDriver(policy: behaviour, geometry: PresetTest.reference, recording: false)
    try driver.apply { h in h.present() }
    for _ in 0..<200 { try driver.frame() }  // warm-up
    let before = behaviour.allocationCount
    let memory = behaviour.memoryInUse
    for _ in 0..<2000 { try driver.frame() }
    #expect(driver.machine.state == .presenting)
    #expect(
      behaviour.allocationCount == before, "\(behaviour.allocationCount - before) allocations in 2,000 frames"
    )
    #expect(behaviour.memoryInUse == memory)
  }
}
