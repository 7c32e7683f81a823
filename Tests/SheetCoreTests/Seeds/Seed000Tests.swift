import Testing

@testable import SheetCore

@Suite struct Seed000Tests {
  static func machine(_ policy: Seed000Policy = Seed000Policy()) throws(SheetError) -> SheetMachine {
    try SheetMachine(policy: policy, geometry: reference)
  }

  @Test func detentsAndBackdrop() throws {
    var m = try Self.machine()
    #expect(reference.availableHeight == 797)
    #expect(
      m.detents == [ResolvedDetent(id: "normal", height: 500), ResolvedDetent(id: "expanded", height: 757)])
    let recorded = try m.present()
    #expect(recorded.firstAnimation?.1 == TransitionAnimation(height: .curve(.easeOut, duration: 0.25)))
    for _ in 0..<15 { _ = try m.step(1.0 / 120) }
    #expect(close(m.height, 500 * Curve.easeOut.bezier.value(at: 0.5), 1e-9))
    for _ in 0..<15 { _ = try m.step(1.0 / 120) }
    #expect(m.state == .resting && m.height == 500)
    #expect(close(m.backdrop, 0.30840, 1e-5) && close(m.backdrop, 0.4 * (1 - 148.5 / 648.5)))
    try m.snap(to: "expanded")
    m.runToRest()
    #expect(m.height == 757 && m.backdrop == 0.4)
  }

  static let releases: [(height: Double, vy: Double, expected: ReleaseTarget, line: UInt)] = [
    (600, 900, .detent("normal"), #line),
    (600, 1600, .dismiss, #line),
    (600, 1500, .detent("normal"), #line),
    (628.5, 0, .detent("expanded"), #line),  // c = 168.5, midway between 40 and 297: the first wins
    (628.4, 0, .detent("normal"), #line),
    (250, 0, .detent("normal"), #line),  // c = 547, midway between 297 and 797: the first wins
    (249.9, 0, .dismiss, #line),
  ]

  @Test(arguments: releases.indices) func release(_ i: Int) throws {
    let row = Self.releases[i]
    let input = releaseInput(Seed000Policy(), start: 500, height: row.height, velocity: row.vy)
    #expect(try Seed000Policy().release(input).target == row.expected, "row at line \(row.line)")
  }

  @Test func releaseThroughTheMachine() throws {
    var m = try Self.machine()
    try m.presented()
    let first = try m.drag(from: 400, to: 300, release: 900)
    #expect(first.lastDecision?.target == .detent("normal"))
    #expect(first.contains(.release(velocity: 900)))
    m.runToRest()
    let second = try m.drag(from: 400, to: 300, release: 1600)
    #expect(second.lastDecision?.target == .dismiss && m.state == .dismissing)
    let anim = second.startedAnimations.first?.1
    #expect(anim == TransitionAnimation(height: .curve(.easeIn, duration: 0.25)))
    m.runToRest()
    #expect(m.state == .dismissed && m.height == 0 && m.backdrop == 0)
  }

  @Test func dragStopsAtMinTop() throws {
    var m = try Self.machine()
    try m.presented()
    try m.panBegan(y: 400)
    try m.panChanged(y: 200)
    #expect(m.height == 700)
    try m.panChanged(y: 100)  // c = 297 - 300 = -3 < 40: c keeps its last value
    #expect(m.height == 700)
    #expect(close(m.backdrop, 0.4))
  }

  /// The unclamped `E - defaultHeight`: with defaultHeight 900 > E, present goes to E - minTop but a
  /// release never picks normal (its candidate c = -103 is never nearest).
  @Test func unclampedDefaultHeightNote() throws {
    let p = Seed000Policy(defaultHeight: 900)
    var m = try Self.machine(p)
    try m.presented()
    #expect(m.height == 757 && m.detent == "normal")
    for h in stride(from: 0.0, through: 757, by: 0.5) {
      let target = try p.release(releaseInput(p, start: 757, height: h, velocity: 0)).target
      #expect(target != .detent("normal"), "h \(h)")
    }
  }

  @Test func resizeGoesToNormalEvenFromExpanded() throws {
    var m = try Self.machine()
    try m.presented()
    try m.snap(to: "expanded")
    m.runToRest()
    let landscape = SheetGeometry(width: 844, height: 390, safeArea: SafeArea(top: 0, bottom: 21))
    let recorded = try m.resize(landscape)
    #expect(recorded.firstAnimation?.0 == .resize)
    #expect(recorded.firstAnimation?.1 == TransitionAnimation(height: .curve(.easeOut, duration: 0.25)))
    // E = 390 < defaultHeight, so normal is E - minTop = 350.
    #expect(m.detents.first == ResolvedDetent(id: "normal", height: 350))
    let t = m.runToRest()
    #expect(m.height == 350 && m.detent == "normal" && close(t, 0.25, 1.0 / 120 + 1e-9))
  }
}
