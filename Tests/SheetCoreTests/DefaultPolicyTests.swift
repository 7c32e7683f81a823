import Testing

@testable import SheetCore

@Suite struct DefaultPolicyTests {
  static func sheet(_ geometry: SheetGeometry = reference, height: Double, policy: DefaultPolicy)
    -> SheetSnapshot
  {
    let detents = DetentResolution.resolve(
      policy.configuration.detents, in: DetentContext(geometry: geometry, contentHeight: nil)
    ).ascending
    return SheetSnapshot(
      geometry: geometry, detents: detents, contentHeight: nil, state: .dragging, height: height, detent: nil,
      backdrop: 0, time: 0)
  }

  static func input(
    _ geometry: SheetGeometry = reference, start: Double, height: Double, velocity: Double,
    policy: DefaultPolicy = DefaultPolicy()
  ) -> GestureInput {
    GestureInput(
      sheet: sheet(geometry, height: height, policy: policy), startY: 0, y: 0, startHeight: start,
      startDetent: nil, velocity: velocity)
  }

  static var skipping: DefaultPolicy {
    var p = DefaultPolicy()
    p.allowsSkipping = true
    return p
  }

  static var undismissable: DefaultPolicy {
    var p = DefaultPolicy()
    p.configuration.allowsDismiss = false
    return p
  }

  static var topEdge: SheetGeometry {
    var g = reference
    g.edge = .top
    return g
  }

  // Reference screen: medium = 398.5, large = 787, candidates [0, 398.5, 787].
  static let releases: [(input: GestureInput, policy: DefaultPolicy, expected: ReleaseTarget, line: UInt)] = [
    (input(start: 398.5, height: 450, velocity: -1200), DefaultPolicy(), .detent("large"), #line),
    (input(start: 398.5, height: 450, velocity: -200), DefaultPolicy(), .detent("medium"), #line),
    (input(start: 398.5, height: 600, velocity: -200), DefaultPolicy(), .detent("large"), #line),
    (input(start: 787, height: 700, velocity: 3000), DefaultPolicy(), .detent("medium"), #line),
    (input(start: 787, height: 700, velocity: 3000), skipping, .dismiss, #line),
    (input(start: 398.5, height: 300, velocity: 100), DefaultPolicy(), .detent("medium"), #line),
    (input(start: 398.5, height: 150, velocity: 100), DefaultPolicy(), .dismiss, #line),
    (input(start: 398.5, height: 199.25, velocity: 0), DefaultPolicy(), .dismiss, #line),
    (input(start: 398.5, height: 199.26, velocity: 0), DefaultPolicy(), .detent("medium"), #line),
    (
      input(start: 398.5, height: 100, velocity: 2000, policy: undismissable), undismissable,
      .detent("medium"), #line
    ),
    (input(topEdge, start: 405, height: 420, velocity: 1000), DefaultPolicy(), .detent("large"), #line),
    (input(topEdge, start: 405, height: 420, velocity: -1000), DefaultPolicy(), .dismiss, #line),
  ]

  @Test(arguments: releases.indices) func release(_ i: Int) {
    let row = Self.releases[i]
    let decision = row.policy.release(row.input)
    #expect(decision.target == row.expected, "row at line \(row.line): \(decision.reason)")
  }

  @Test func reasonText() {
    let d = DefaultPolicy().release(Self.input(start: 398.5, height: 450, velocity: -200))
    #expect(
      d.reason
        == "projected 549.8 (v 200.0) between medium 398.5 and large 787.0, progress 0.39 <= 0.50 -> medium")
    let e = DefaultPolicy().release(Self.input(start: 398.5, height: 450, velocity: -1200))
    #expect(e.reason == "projected 1048.8 (v 1200.0) at large 787.0 -> large")
    let f = DefaultPolicy().release(Self.input(start: 398.5, height: 199.25, velocity: 0))
    #expect(f.reason == "projected 199.2 (v 0.0) between dismiss 0.0 and medium 398.5, nearest -> dismiss")
  }

  static let backdrops: [(height: Double, undimmed: String?, expected: Double, line: UInt)] = [
    (0, nil, 0, #line), (199.25, nil, 0.15, #line), (398.5, nil, 0.3, #line), (787, nil, 0.3, #line),
    (398.5, "medium", 0, #line), (592.75, "medium", 0.15, #line), (800, "medium", 0.3, #line),
    (787, "large", 0, #line), (300, "missing", 0.3 * 300 / 398.5, #line),
  ]

  @Test(arguments: backdrops.indices) func backdrop(_ i: Int) {
    let row = Self.backdrops[i]
    var p = DefaultPolicy()
    p.largestUndimmedDetent = row.undimmed
    let got = p.backdrop(Self.sheet(height: row.height, policy: p)) ?? -1
    #expect(close(got, row.expected, 1e-12), "row at line \(row.line): \(got)")
  }

  static func band(_ x: Double) -> Double { (1 - 1 / (x * 0.55 / 797 + 1)) * 797 }

  static let drags:
    [(start: Double, translation: Double, policy: DefaultPolicy, expected: Double, line: UInt)] = [
      (398.5, -100, DefaultPolicy(), 498.5, #line),
      (398.5, 100, DefaultPolicy(), 298.5, #line),
      (787, -100, DefaultPolicy(), 787 + band(100), #line),
      (787, -10_000, DefaultPolicy(), 844, #line),
      (398.5, 500, DefaultPolicy(), 0, #line),
      (398.5, 200, undismissable, 398.5 - band(200), #line),
    ]

  @Test(arguments: drags.indices) func dragHeight(_ i: Int) {
    let row = Self.drags[i]
    var input = Self.input(start: row.start, height: row.start, velocity: 0, policy: row.policy)
    input.y = row.translation
    #expect(close(row.policy.dragHeight(input), row.expected, 1e-9), "row at line \(row.line)")
  }

  @Test func everyTransitionIsTheCriticalSpring() {
    for t in SheetTransition.allCases {
      let a = DefaultPolicy().animation(for: t, Self.sheet(height: 0, policy: DefaultPolicy()))
      #expect(a == TransitionAnimation(height: .spring(dampingRatio: 1, response: 0.3)))
    }
  }
}
