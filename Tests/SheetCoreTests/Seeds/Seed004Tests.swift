import Testing

@testable import SheetCore

/// Seed 004: fixed 300, sheet top edge at y = 544 when open.
@Suite struct Seed004Tests {
  static let spring = Spring.withDuration(0.3, dampingRatio: 1)

  @Test func presentFollowsTheCriticalSpring() throws {
    var m = try SheetMachine(policy: Seed004Policy(), geometry: reference)
    let recorded = try m.present()
    #expect(
      recorded.firstAnimation?.1
        == TransitionAnimation(height: .springDuration(duration: 0.3, dampingRatio: 1)))
    for k in 1...20 {
      _ = try m.step(1.0 / 120)
      let exact = Self.spring.state(at: Double(k) / 120, x0: -300, v0: 0)
      #expect(close(m.height, 300 + exact.x, 1e-9) && close(m.backdrop, m.height / 300, 1e-9), "frame \(k)")
    }
    let t = m.runToRest() + 20.0 / 120
    #expect(m.height == 300 && m.backdrop == 1)
    #expect(close(t, 0.3, 1.0 / 120 + 1e-9))
  }

  static let releases: [(ty: Double, target: ReleaseTarget, line: UInt)] = [
    (149, .detent("open"), #line), (150, .dismiss, #line), (-40, .detent("open"), #line),
    (299, .dismiss, #line),
  ]

  @Test(arguments: releases.indices) func releaseByHalfTheHeight(_ i: Int) throws {
    let row = Self.releases[i]
    var m = try SheetMachine(policy: Seed004Policy(), geometry: reference)
    try m.presented()
    try m.panBegan(y: 600)
    try m.panChanged(y: 600 + row.ty)
    #expect(close(m.backdrop, min(max((300 - row.ty) / 300, 0), 1)), "row at line \(row.line)")
    let recorded = try m.panEnded(y: 600 + row.ty, velocity: 500)
    #expect(recorded.lastDecision?.target == row.target, "row at line \(row.line)")
    #expect(recorded.firstAnimation?.0 == (row.target == .dismiss ? .dismiss : .restore))
    // The spring carries the release velocity: dh/dt = -500.
    _ = try m.step(0.05)
    let end = row.target == .dismiss ? 0.0 : 300
    let exact = Self.spring.state(at: 0.05, x0: 300 - row.ty - end, v0: -500)
    #expect(close(m.height, min(max(end + exact.x, 0), 844), 1e-9), "row at line \(row.line)")
    m.runToRest()
    #expect(m.backdrop == (row.target == .dismiss ? 0 : 1) && m.height == end)
  }
}
