import Testing

@testable import SheetCore

/// The README's example, kept honest.
@Suite struct ReadmeExampleTests {
  @Test func example() throws {
    var sheet = try SheetMachine(policy: DefaultPolicy(), geometry: .reference)
    try sheet.present()
    while sheet.state != .resting { _ = try sheet.step(1.0 / 120) }
    #expect(sheet.height == 398.5)
    try sheet.panBegan(y: 460, time: sheet.time)
    for i in 1...12 {
      let frame = try sheet.step(1.0 / 120)
      try sheet.panChanged(y: 460 - Double(i) * 10, time: frame.time)
    }
    try sheet.panEnded(y: 340, time: sheet.time)
    let release = sheet.events.first { if case .release = $0 { true } else { false } }
    guard case .release(let v) = release else { return #expect(Bool(false), "no release") }
    #expect(close(v, -1200, 1e-6))
    #expect(sheet.events.contains(.gesture(.ended, y: 340)))
    while sheet.state == .settling { _ = try sheet.step(1.0 / 120) }
    #expect(sheet.detent == "large" && sheet.height == 787)
  }
}
