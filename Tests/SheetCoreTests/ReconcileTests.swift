import Testing

@testable import SheetCore

/// Re-resolving detents (resize, content change, policy swap) leaves a running animation alone when its
/// goal did not move.
@Suite struct ReconcileTests {
  /// Whether any recorded event is a `resize` animation.
  static func hasResizeAnimation(_ events: [SheetEvent]) -> Bool {
    events.contains { if case .animation(.resize, _, _) = $0 { true } else { false } }
  }

  @Test func anIdenticalPolicyDuringPresentKeepsThePresentAnimation() throws {
    var m = try SheetMachine(policy: DefaultPolicy(), geometry: .reference)
    try m.present()
    for _ in 0..<5 { _ = try m.step(1.0 / 120) }
    let events = m.replacePolicy(DefaultPolicy())
    #expect(m.state == .presenting)
    #expect(!Self.hasResizeAnimation(events))
  }

  @Test func theSameGeometryWhileSettlingKeepsTheAnimation() throws {
    var m = try SheetMachine(policy: DefaultPolicy(), geometry: .reference)
    try m.present()
    while m.state != .resting { _ = try m.step(1.0 / 120) }
    try m.snap(to: "large")
    for _ in 0..<5 { _ = try m.step(1.0 / 120) }
    let events = try m.resize(.reference)
    #expect(m.state == .settling)
    #expect(!Self.hasResizeAnimation(events))
    #expect(!events.contains(.state(from: .settling, to: .settling)))
  }

  @Test func aNewGeometryWhileSettlingRetargets() throws {
    var m = try SheetMachine(policy: DefaultPolicy(), geometry: .reference)
    try m.present()
    while m.state != .resting { _ = try m.step(1.0 / 120) }
    try m.snap(to: "large")
    _ = try m.step(1.0 / 120)
    let rotated = SheetGeometry(width: 844, height: 390, safeArea: SafeArea(top: 0, bottom: 21))
    let events = try m.resize(rotated)
    #expect(Self.hasResizeAnimation(events))
    while m.state != .resting { _ = try m.step(1.0 / 120) }
    #expect(m.detent == "large")
    #expect(m.height == 390 - 10)  // large = available height (390 - 0) - 10
  }
}
