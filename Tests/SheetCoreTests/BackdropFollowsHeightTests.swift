import Testing

@testable import SheetCore

/// ``SheetConfiguration/backdropFollowsHeight``: during a transition the backdrop is the policy's at
/// each frame's height (FloatingPanel's Core.swift sets `backdropView.alpha` from
/// `getBackdropAlpha(at:with:)` in every update of its attraction animator) instead of the start and
/// end values blended by progress.
@Suite struct BackdropFollowsHeightTests {
  /// FloatingPanel-like: `half` 248 pt and `full` 759 pt; alpha 0.3 at full, 0 at half and below, linear
  /// between (the linear interpolation of the two states' alphas by position in getBackdropAlpha).
  static func alpha(_ h: Double) -> Double { 0.3 * min(max((h - 248) / (759 - 248), 0), 1) }

  struct PanelPolicy: SheetPolicy {
    var configuration: SheetConfiguration
    var failAbove: Double = .infinity
    init(follows: Bool, failAbove: Double = .infinity) {
      configuration = SheetConfiguration(
        detents: [Detent("half", .fixed(248)), Detent("full", .fixed(759))], presentDetent: "full",
        backdropFollowsHeight: follows)
      self.failAbove = failAbove
    }
    func backdrop(_ sheet: SheetSnapshot) throws(ScriptError) -> Double? {
      if sheet.height > failAbove && sheet.state != .resting {
        throw ScriptError(callback: "backdrop", message: "dim failed at \(sheet.height)")
      }
      return BackdropFollowsHeightTests.alpha(sheet.height)
    }
    func animation(for transition: SheetTransition, _ sheet: SheetSnapshot) throws(ScriptError)
      -> TransitionAnimation
    {
      TransitionAnimation(height: .curve(.linear, duration: 1))
    }
  }

  /// A linear present from 0 to 759 over 1 s passes 253 at frame 40 (t = 1/3). Blended by progress the
  /// backdrop there is 0.3 / 3 = 0.1; evaluated at the height it is 0.3 (253 - 248) / 511 = 0.00294.
  @Test func atHeight253TheBackdropIsTheRulesValueNotTheBlend() throws {
    var blended = try SheetMachine(policy: PanelPolicy(follows: false), geometry: .reference)
    var following = try SheetMachine(policy: PanelPolicy(follows: true), geometry: .reference)
    try blended.present()
    try following.present()
    for _ in 0..<40 {
      try blended.step(1.0 / 120)
      try following.step(1.0 / 120)
    }
    #expect(close(following.height, 253, 1e-9) && close(blended.height, 253, 1e-9))
    #expect(close(blended.backdrop, 0.1, 1e-9), "\(blended.backdrop)")
    #expect(close(following.backdrop, 0.3 * 5 / 511, 1e-12), "\(following.backdrop)")
    #expect(abs(following.backdrop - 0.003) < 0.0001)
  }

  @Test func everyFrameOfAPresentAndADismissalFollowsTheHeight() throws {
    var m = try SheetMachine(policy: PanelPolicy(follows: true), geometry: .reference)
    var events = try m.present()
    while m.state == .presenting {
      let step = try m.step(1.0 / 120)
      events += step.events
      #expect(close(step.frame.backdrop, Self.alpha(step.frame.height), 1e-12), "\(step.frame)")
    }
    #expect(m.backdrop == 0.3 && m.height == 759)
    m.dismiss()
    while m.state == .dismissing {
      let step = try m.step(1.0 / 120)
      events += step.events
      #expect(close(step.frame.backdrop, Self.alpha(step.frame.height), 1e-12), "\(step.frame)")
    }
    #expect(m.state == .dismissed && m.backdrop == 0 && events.faults.isEmpty)
  }

  /// A fault keeps the previous frame's value and is recorded once for the transition.
  @Test func aFaultKeepsThePreviousValueOnce() throws {
    var m = try SheetMachine(policy: PanelPolicy(follows: true, failAbove: 500), geometry: .reference)
    var events = try m.present()
    var kept: Double?
    while m.state == .presenting {
      let step = try m.step(1.0 / 120)
      events += step.events
      if step.frame.state == .presenting && step.frame.height > 500 {
        kept = kept ?? step.frame.backdrop
        #expect(step.frame.backdrop == kept && kept! < Self.alpha(500) + 1e-12)
      }
    }
    #expect(
      events.faults.count == 1 && events.faults[0].hasPrefix("backdrop: dim failed at 50"), "\(events.faults)"
    )
    #expect(m.state == .resting && m.backdrop == 0.3)
  }

  /// An animation's own backdrop motion still wins.
  struct OwnMotionPolicy: SheetPolicy {
    var configuration = SheetConfiguration(
      detents: [Detent("half", .fixed(248)), Detent("full", .fixed(759))], presentDetent: "full",
      backdropFollowsHeight: true)
    func backdrop(_ sheet: SheetSnapshot) throws(ScriptError) -> Double? {
      BackdropFollowsHeightTests.alpha(sheet.height)
    }
    func animation(for transition: SheetTransition, _ sheet: SheetSnapshot) throws(ScriptError)
      -> TransitionAnimation
    {
      TransitionAnimation(height: .curve(.linear, duration: 1), backdrop: .curve(.linear, duration: 0.5))
    }
  }

  @Test func aBackdropMotionStillWins() throws {
    var m = try SheetMachine(policy: OwnMotionPolicy(), geometry: .reference)
    try m.present()
    for _ in 0..<30 { try m.step(1.0 / 120) }
    #expect(close(m.backdrop, 0.3 * 0.5, 1e-9), "\(m.backdrop)")  // linear 0 -> 0.3 over 0.5 s, at 0.25 s
  }
}
