import Testing

@testable import SheetCore

/// The SheetCore article's example, kept honest: the same calls, and the values its comments print.
@Suite struct ArticleExampleTests {
  @Test func example() throws {
    var sheet = try SheetHost(policy: DefaultPolicy(), geometry: .reference)
    _ = sheet.present()
    while sheet.state != .resting { _ = try sheet.step(1.0 / 120) }
    #expect(sheet.height == 398.5)
    _ = try sheet.touchDown(y: 460)
    for i in 1...12 {
      let step = try sheet.step(1.0 / 120)
      _ = try sheet.touchMove(y: 460 - Double(i) * 10, time: step.time)
    }
    let released = try sheet.touchUp(y: 340)
    #expect(released.first == .gesture(.ended, y: 340))
    guard released.count == 5, case .release(let v, _) = released[1] else {
      return #expect(Bool(false), "\(released)")
    }
    #expect(close(v, -1200, 1e-6))
    guard case .decision(.detent("large"), _) = released[2], case .animation(.snap, _, _) = released[3] else {
      return #expect(Bool(false), "\(released)")
    }
    #expect(released[4] == .state(from: .dragging, to: .settling))
    while !sheet.isStill { _ = try sheet.step(1.0 / 120) }
    #expect(sheet.detent == "large" && sheet.height == 787)
  }
}
