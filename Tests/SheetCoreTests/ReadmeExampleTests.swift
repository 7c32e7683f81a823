import Testing

@testable import SheetCore

/// The README's example, kept honest.
@Suite struct ReadmeExampleTests {
  @Test func example() throws {
    var sheet = try SheetMachine(policy: DefaultPolicy(), geometry: .reference)
    try sheet.present()
    while sheet.state != .resting { try sheet.step(1.0 / 120) }
    #expect(sheet.height == 398.5)
    try sheet.panBegan(y: 460, time: sheet.time)
    for i in 1...12 {
      let step = try sheet.step(1.0 / 120)
      try sheet.panChanged(y: 460 - Double(i) * 10, time: step.frame.time)
    }
    let released = try sheet.panEnded(y: 340, time: sheet.time)
    #expect(released.first == .gesture(.ended, y: 340))
    guard released.count == 5, case .release(let v, _) = released[1] else {
      return #expect(Bool(false), "\(released)")
    }
    #expect(close(v, -1200, 1e-6))
    guard case .decision(.detent("large"), _) = released[2], case .animation(.snap, _, _) = released[3] else {
      return #expect(Bool(false), "\(released)")
    }
    #expect(released[4] == .state(from: .dragging, to: .settling))
    while sheet.state == .settling { try sheet.step(1.0 / 120) }
    #expect(sheet.detent == "large" && sheet.height == 787)
  }
}
