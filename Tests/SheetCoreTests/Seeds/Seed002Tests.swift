import Testing

@testable import SheetCore

/// Seed 002 on the reference screen: default 300, max = 844 - 64 = 780.
@Suite struct Seed002Tests {
  static func machine() throws -> SheetMachine {
    var m = try SheetMachine(policy: Seed002Policy(), geometry: reference)
    let recorded = try m.present()
    let present = TransitionAnimation(
      height: .curve(.easeInOut, duration: 0.3), backdrop: .curve(.easeInOut, duration: 0.4))
    #expect(recorded.firstAnimation?.1 == present)
    for _ in 0..<37 { _ = try m.step(1.0 / 120) }
    #expect(m.height == 300 && m.state == .presenting && m.backdrop < 0.6)
    let t = m.runToRest()
    #expect(m.state == .resting && m.backdrop == 0.6 && close(t + 37.0 / 120, 0.4, 1.0 / 120 + 1e-9))
    return m
  }

  static let rules: [(start: Double, ty: Double, target: ReleaseTarget, line: UInt)] = [
    (300, 120, .dismiss, #line),  // newHeight 180 < 200
    (300, 50, .detent("default"), #line),  // 250 < 300
    (780, 100, .detent("default"), #line),  // 680 < max and down
    (300, -100, .detent("max"), #line),  // 400 > 300 and up
    (300, 0, .height(300), #line),  // 300: no rule applies (not < 300, not down, not > 300)
    (800, 10, .height(790), #line),  // newHeight 790 >= max while down: nothing moves
  ]

  @Test(arguments: rules.indices) func rulesInOrder(_ i: Int) throws {
    let row = Self.rules[i]
    let h = row.start - row.ty
    let input = releaseInput(Seed002Policy(), start: row.start, height: h, translation: row.ty, velocity: 0)
    let target = try Seed002Policy().release(input).target
    #expect(target == row.target, "row at line \(row.line)")
  }

  @Test func backdropUnchangedWhileDraggingAndHeightAnimations() throws {
    var m = try Self.machine()
    try m.panBegan(y: 700)
    try m.panChanged(y: 800)
    #expect(m.height == 200 && m.backdrop == 0.6)
    let recorded = try m.panEnded(y: 750, velocity: 0)
    #expect(recorded.lastDecision?.target == .detent("default"))
    #expect(recorded.firstAnimation?.1 == TransitionAnimation(height: .curve(.easeInOut, duration: 0.4)))
    let t = m.runToRest()
    #expect(m.height == 300 && close(t, 0.4, 1.0 / 120 + 1e-9))
  }

  @Test func dismissSlidesBy300AndReportsTheFinalHeight() throws {
    var m = try Self.machine()
    #expect(try m.drag(from: 700, to: 500, release: 0).lastDecision?.target == .detent("max"))
    m.runToRest()
    #expect(m.height == 780)
    let recorded = try m.tap(y: 20)
    #expect(recorded.firstAnimation?.1.slide == 300)
    for _ in 0..<37 { _ = try m.step(1.0 / 120) }
    #expect(m.height == 480 && m.state == .dismissing)
    var settling: [SheetEvent] = []
    let t = m.runToRest(events: &settling)
    #expect(m.state == .dismissed && m.height == 480 && m.backdrop == 0)
    #expect(settling.contains(.settled(detent: nil, height: 480)))
    #expect(close(t + 37.0 / 120, 0.4, 1.0 / 120 + 1e-9))
  }
}
