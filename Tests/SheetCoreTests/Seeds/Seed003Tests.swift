import Testing

@testable import SheetCore

@Suite struct Seed003Tests {
  static let caps: [(content: Double, expected: Double, line: UInt)] = [
    (300, 300, #line), (690, 690, #line), (800, 690, #line),  // cap H - bottom - 120 = 690
  ]

  @Test(arguments: caps.indices) func heightCap(_ i: Int) throws {
    let row = Self.caps[i]
    var m = try SheetMachine(policy: Seed003Policy(), geometry: reference, contentHeight: row.content)
    try m.presented()
    #expect(m.height == row.expected && m.geometry.edge == .top, "row at line \(row.line)")
  }

  @Test func topEdgeShowHide() throws {
    var m = try SheetMachine(policy: Seed003Policy(), geometry: reference, contentHeight: 400)
    let shown = try m.present()
    #expect(shown.firstAnimation?.1 == TransitionAnimation(height: .curve(.easeInOut, duration: 0.3)))
    #expect(close(m.runToRest(), 0.3, 1.0 / 120 + 1e-9))
    #expect(m.backdrop == 0.25 && m.geometry.leadingEdgeY(sheetHeight: m.height) == 400)
    #expect(try m.panBegan(y: 100).response == .ignored(reason: "not pannable"))
    #expect(try m.tap(y: 600).contains(.tap(region: .backdrop, action: .none)))
    let hidden = m.dismiss()
    #expect(hidden.firstAnimation?.1 == TransitionAnimation(height: .curve(.easeInOut, duration: 0.3)))
    for _ in 0..<18 { _ = try m.step(1.0 / 120) }
    #expect(close(m.backdrop, 0.25 * (1 - Curve.easeInOut.bezier.value(at: 0.5)), 1e-9))
    m.runToRest()
    #expect(m.state == .dismissed && m.height == 0 && m.backdrop == 0)
  }
}
