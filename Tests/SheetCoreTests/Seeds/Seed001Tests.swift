import Testing

@testable import SheetCore

/// Seed 001 with C = 600: the sheet's top edge rests at y = 244, its band reaches y = 272.
@Suite struct Seed001Tests {
  static func machine() throws -> SheetMachine {
    var m = try SheetMachine(policy: Seed001Policy(), geometry: reference, contentHeight: 600)
    let recorded = try m.present()
    #expect(recorded.firstAnimation?.1 == TransitionAnimation(height: .curve(.easeInOut, duration: 0.3)))
    for _ in 0..<18 { _ = try m.step(1.0 / 120) }
    let p = Curve.easeInOut.bezier.value(at: 0.5)
    #expect(close(m.height, 600 * p, 1e-9) && close(m.backdrop, 0.7 * p, 1e-9))
    m.runToRest()
    #expect(m.height == 600 && m.backdrop == 0.7)
    return m
  }

  @Test func upwardDragsAreIgnored() throws {
    var m = try Self.machine()
    try m.panBegan(y: 250)
    try m.panChanged(y: 150)
    #expect(m.height == 600)
    try m.panChanged(y: 400)
    #expect(m.height == 450 && close(m.backdrop, 0.7 - 0.7 * 150 / 600))
    try m.panChanged(y: 100)
    #expect(m.height == 450)
  }

  static let starts: [(y: Double, tracked: Bool, line: UInt)] = [
    (100, true, #line), (244, true, #line), (272, true, #line), (273, false, #line), (700, false, #line),
  ]

  @Test(arguments: starts.indices) func grabBand(_ i: Int) throws {
    let row = Self.starts[i]
    var m = try Self.machine()
    let response = try m.panBegan(y: row.y)
    #expect(response.isTracking == row.tracked, "row at line \(row.line)")
  }

  @Test func tapInTheGestureAreaDismissesIn03() throws {
    var m = try Self.machine()
    #expect(try m.tap(y: 500).contains(.tap(region: .sheet, action: .none)))
    let recorded = try m.tap(y: 260)
    #expect(recorded.contains(.tap(region: .gestureArea, action: .dismiss)))
    #expect(recorded.firstAnimation?.1 == TransitionAnimation(height: .curve(.easeInOut, duration: 0.3)))
    let t = m.runToRest()
    #expect(m.state == .dismissed && close(t, 0.3, 1.0 / 120 + 1e-9))
  }

  static let releases: [(inset: Double, vy: Double, target: ReleaseTarget, duration: Double, line: UInt)] = [
    (301, 0, .dismiss, 0.3, #line),
    (300, 2001, .dismiss, 0.2, #line),
    (300, 2000, .detent("content"), 0.1, #line),
    (-50, 3000, .dismiss, 0.2, #line),
    (-50, 0, .detent("content"), 0.1, #line),
  ]

  @Test(arguments: releases.indices) func release(_ i: Int) throws {
    let row = Self.releases[i]
    var m = try Self.machine()
    try m.panBegan(y: 250)
    try m.panChanged(y: 250 + row.inset)
    let recorded = try m.panEnded(y: 250 + row.inset, velocity: row.vy)
    #expect(recorded.lastDecision?.target == row.target, "row at line \(row.line)")
    let animation = TransitionAnimation(height: .curve(.easeInOut, duration: row.duration))
    #expect(recorded.firstAnimation?.1 == animation, "row at line \(row.line)")
    let t = m.runToRest()
    #expect(close(t, row.duration, 1.0 / 120 + 1e-9), "row at line \(row.line)")
    #expect(m.backdrop == (row.target == .dismiss ? 0 : 0.7))
  }
}
