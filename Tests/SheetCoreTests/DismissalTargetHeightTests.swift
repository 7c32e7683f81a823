import Testing

@testable import SheetCore

/// A dismissal's ``SheetSnapshot/targetHeight`` is 0 whatever its slide: the `animation` callback and the
/// callbacks during the dismissal (here the state change to `dismissing`) see the same target.
@Suite struct DismissalTargetHeightTests {
  final class Seen {
    var states: [(state: SheetState, target: ReleaseTarget?, height: Double?)] = []
  }

  struct SlidingPolicy: SheetPolicy {
    var configuration = SheetConfiguration(detents: [Detent("big", .fixed(600))])
    let slide: Double?
    let seen: Seen
    func animation(for transition: SheetTransition, _ sheet: SheetSnapshot) throws(ScriptError)
      -> TransitionAnimation
    {
      TransitionAnimation(height: .curve(.linear, duration: 0.2), slide: transition == .dismiss ? slide : nil)
    }
    func stateDidChange(from: SheetState, to: SheetState, _ sheet: SheetSnapshot) throws(ScriptError) {
      seen.states.append((to, sheet.target, sheet.targetHeight))
    }
  }

  /// Each row: the dismissal's slide (nil: none) from 600 pt; the motion ends at 600 - slide.
  static let rows: [(slide: Double?, line: UInt)] = [(nil, #line), (200, #line), (599, #line)]

  @Test(arguments: rows.indices) func aDismissalsTargetHeightIsZero(_ i: Int) throws {
    let row = Self.rows[i]
    let seen = Seen()
    var m = try SheetMachine(policy: SlidingPolicy(slide: row.slide, seen: seen), geometry: .reference)
    try m.presented()
    m.dismiss()
    let dismissing = try #require(seen.states.last, "line \(row.line)")
    #expect(dismissing.state == .dismissing && dismissing.target == .dismiss, "line \(row.line)")
    #expect(dismissing.height == 0, "line \(row.line): \(String(describing: dismissing.height))")
    #expect(m.snapshot.targetHeight == 0, "line \(row.line)")
  }
}
