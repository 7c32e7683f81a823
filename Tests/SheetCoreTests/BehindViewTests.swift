import Testing

@testable import SheetCore

/// ``SheetPolicy/behind(_:)``: a policy that describes the view behind the sheet has it asked at every
/// step, its checked value in every frame; a policy that does not leaves frames without it.
@Suite struct BehindViewTests {
  /// Flutter's Cupertino sheet numbers on a progress p = h / 700: scale 1 - 0.0835 p, dim 0.1 p, offset
  /// 59.08 p, corner radius 12 p. `failAbove` makes it throw above a height, `badAbove` return a scale of
  /// 20 (out of range), `silentAbove` return nil.
  struct PagePolicy: SheetPolicy {
    var configuration: SheetConfiguration
    var failAbove = Double.infinity
    var badAbove = Double.infinity
    var silentAbove = Double.infinity
    var failBetween: ClosedRange<Double>?

    init(describes: Bool = true) {
      configuration = SheetConfiguration(detents: [Detent("open", .fixed(700))])
      configuration.describesBehind = describes
    }

    static func view(at h: Double) -> BehindView {
      let p = h / 700
      return BehindView(scale: 1 - 0.0835 * p, cornerRadius: 12 * p, offset: 59.08 * p, dim: 0.1 * p)
    }

    func behind(_ sheet: SheetSnapshot) throws(ScriptError) -> BehindView? {
      if let band = failBetween, band.contains(sheet.height) {
        throw ScriptError(callback: "behind", message: "failed in the band")
      }
      if sheet.height > failAbove {
        throw ScriptError(callback: "behind", message: "failed at \(sheet.height)")
      }
      if sheet.height > badAbove { return BehindView(scale: 20) }
      if sheet.height > silentAbove { return nil }
      return Self.view(at: sheet.height)
    }
  }

  @Test func everyFrameCarriesThePoliciesViewAtItsHeight() throws {
    var m = try SheetMachine(policy: PagePolicy(), geometry: .reference)
    #expect(m.frame.behind == .identity)
    try m.present()
    var frames = 0
    while m.state == .presenting {
      let step = try m.step(1.0 / 120)
      #expect(step.frame.behind == PagePolicy.view(at: step.frame.height), "\(step.frame)")
      frames += 1
    }
    #expect(frames > 10 && m.frame.behind == PagePolicy.view(at: 700))
    #expect(close(m.frame.behind?.scale ?? 0, 0.9165, 1e-12))
  }

  @Test func aPolicyThatDoesNotDescribeItLeavesFramesWithout() throws {
    var m = try SheetMachine(policy: PagePolicy(describes: false), geometry: .reference)
    try m.presented()
    #expect(m.frame.behind == nil && m.behind == nil)
  }

  /// nil keeps the previous frame's; a throw or an out-of-range value keeps it too and is recorded once
  /// until the policy answers again.
  @Test func failuresKeepThePreviousViewAndAreRecordedOnceUntilAnAnswer() throws {
    var policy = PagePolicy()
    policy.silentAbove = 300
    var m = try SheetMachine(policy: policy, geometry: .reference)
    try m.present()
    var events: [SheetEvent] = []
    var kept: BehindView?
    while m.state == .presenting {
      let before = m.behind
      let step = try m.step(1.0 / 120)
      events += step.events
      if step.frame.height > 300 {
        #expect(step.frame.behind == before)
        kept = kept ?? before
      }
    }
    #expect(events.faults.isEmpty && m.behind == kept && (kept?.scale ?? 1) < 1)

    for (fail, bad, count, line) in [(300.0, Double.infinity, 1, #line), (.infinity, 300, 1, #line)] {
      var policy = PagePolicy()
      policy.failAbove = fail
      policy.badAbove = bad
      var m = try SheetMachine(policy: policy, geometry: .reference)
      var events = try m.present()
      m.runToRest(events: &events)
      #expect(events.faults.count == count, "line \(line): \(events.faults)")
      let expected =
        fail < .infinity
        ? "behind: failed at"
        : "behind: returned scale 20; expected [0, 10] (the previous frame's view behind stays)"
      #expect(events.faults.first?.hasPrefix(expected) == true, "line \(line): \(events.faults)")
      #expect(m.behind?.problem == nil && (m.behind?.scale ?? 0) < 1)
    }
  }

  /// Failing in a band of heights: once on the way up, answered above it, once again on the way down.
  @Test func aFailureAfterAnAnswerIsRecordedAgain() throws {
    var policy = PagePolicy()
    policy.failBetween = 300...500
    var m = try SheetMachine(policy: policy, geometry: .reference)
    var events = try m.present()
    m.runToRest(events: &events)
    #expect(events.faults == ["behind: failed in the band"])
    events = m.dismiss()
    m.runToRest(events: &events)
    #expect(events.faults == ["behind: failed in the band"] && m.state == .dismissed)
    #expect(m.behind == PagePolicy.view(at: 0))
  }

  static let problemRows: [(view: BehindView, problem: String?, line: UInt)] = [
    (BehindView(), nil, #line),
    (BehindView(scale: 0.9165, cornerRadius: 12, offset: -59.08, dim: 0.1), nil, #line),
    (BehindView(scale: -0.1), "scale -0.1; expected [0, 10]", #line),
    (BehindView(cornerRadius: 1001), "corner_radius 1001; expected [0, 1000]", #line),
    (BehindView(offset: .infinity), "offset inf; expected [-100000, 100000]", #line),
    (BehindView(dim: .nan), "dim nan; expected [0, 1]", #line),
  ]

  @Test(arguments: problemRows.indices) func problemNamesTheFirstUnusableNumber(_ i: Int) {
    let row = Self.problemRows[i]
    #expect(row.view.problem == row.problem, "line \(row.line)")
  }
}
