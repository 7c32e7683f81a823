import Testing

@testable import SheetCore

/// ``SheetSnapshot/target`` and ``SheetSnapshot/targetHeight`` as a policy sees them when a transition
/// starts: its `animation` sees the new transition's target, and the backdrop asked for the sheet at rest
/// at that target sees a resting sheet, with no target (not the target of a transition it replaces).
/// Detents small 200, mid 300, big 400.
@Suite struct TransitionTargetTests {
  /// What the policy was shown: each `animation` call's target, and each backdrop call for a resting
  /// sheet made while the machine itself was moving (the end-of-transition query).
  final class Seen {
    var animations: [(target: ReleaseTarget?, height: Double?)] = []
    var restingBackdrops: [(target: ReleaseTarget?, height: Double?)] = []
  }

  struct RecordingPolicy: SheetPolicy {
    var configuration = SheetConfiguration(
      detents: [Detent("small", .fixed(200)), Detent("mid", .fixed(300)), Detent("big", .fixed(400))],
      presentDetent: "small")
    let seen: Seen
    func backdrop(_ sheet: SheetSnapshot) throws(ScriptError) -> Double? {
      if sheet.state == .resting { seen.restingBackdrops.append((sheet.target, sheet.targetHeight)) }
      return 0.2
    }
    func animation(for transition: SheetTransition, _ sheet: SheetSnapshot) throws(ScriptError)
      -> TransitionAnimation
    {
      seen.animations.append((sheet.target, sheet.targetHeight))
      return TransitionAnimation(height: .curve(.linear, duration: 0.2))
    }
  }

  /// Each row: the snaps made after the sheet rests at small, each after `wait` seconds of the one before
  /// (0.05 s interrupts a 0.2 s snap mid-way), and the targets `animation` saw.
  static let rows: [(snaps: [String], wait: Double, line: UInt)] = [
    (["big"], 0, #line),  // from rest
    (["big", "mid"], 0.05, #line),  // mid interrupts the snap to big
    (["big", "mid", "small"], 0.05, #line),  // twice
  ]

  @Test(arguments: rows.indices) func theRestingTargetsBackdropSeesNoTarget(_ i: Int) throws {
    let row = Self.rows[i]
    let seen = Seen()
    var m = try SheetMachine(policy: RecordingPolicy(seen: seen), geometry: .reference)
    try m.presented()
    seen.animations.removeAll()
    seen.restingBackdrops.removeAll()
    let heights = ["small": 200.0, "mid": 300.0, "big": 400.0]
    for id in row.snaps {
      try m.snap(to: id)
      for _ in 0..<Int((row.wait * 120).rounded()) { try m.step(1.0 / 120) }
    }
    #expect(seen.animations.map(\.target) == row.snaps.map { .detent($0) }, "line \(row.line)")
    #expect(seen.animations.map(\.height) == row.snaps.map { heights[$0] }, "line \(row.line)")
    #expect(seen.restingBackdrops.count == row.snaps.count, "line \(row.line)")
    for (target, height) in seen.restingBackdrops {
      #expect(
        target == nil && height == nil,
        "line \(row.line): \(String(describing: target)) \(String(describing: height))")
    }
  }
}
