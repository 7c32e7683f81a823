import Testing

@testable import SheetCore

@Suite struct FormulaTests {
  static let projections: [(v: Double, rate: Double, expected: Double, line: UInt)] = [
    (1000, 0.998, 499, #line),
    (-2000, 0.998, -998, #line),
    (0, 0.998, 0, #line),
    (1000, 0.99, 99, #line),
  ]

  @Test(arguments: projections.indices) func projection(_ i: Int) {
    let row = Self.projections[i]
    let got = Formulas.project(velocity: row.v, rate: row.rate)
    #expect(close(got, row.expected, 1e-9), "row at line \(row.line): \(got)")
  }

  @Test func projectionIsAbout0499V() {
    #expect(close(Formulas.project(velocity: 1, rate: 0.998), 0.499, 1e-12))
  }

  static let bands: [(x: Double, d: Double, c: Double, expected: Double, line: UInt)] = [
    // anchors.md: x = 100, d = 800 gives about 51; exactly (1 - 1/1.06875) * 800.
    (100, 800, 0.55, 51.461988304093566, #line),
    (0, 800, 0.55, 0, #line),
    (800, 800, 1, 400, #line),
    (200, 797, 0.55, 96.65931642778393, #line),
  ]

  @Test(arguments: bands.indices) func rubberBand(_ i: Int) {
    let row = Self.bands[i]
    let got = Formulas.rubberBand(overshoot: row.x, dimension: row.d, constant: row.c)
    #expect(close(got, row.expected, 1e-6), "row at line \(row.line): \(got)")
  }

  @Test func rubberBandAbout51() {
    #expect(Formulas.rubberBand(overshoot: 100, dimension: 800, constant: 0.55).rounded() == 51)
  }

  @Test func nearestFirstWinsTie() {
    #expect(Formulas.nearest(5, in: [0, 10]) == 0)
    #expect(Formulas.nearest(6, in: [0, 10, 6]) == 2)
    #expect(Formulas.nearest(1, in: []) == nil)
  }

  /// Each row: a height over detents 200, 400 and 600 (or the given ones), and the index by hand from
  /// the points (0, -1), (200, 0), (400, 1), (600, 2).
  static let indices: [(height: Double, detents: [Double], expected: Double, line: UInt)] = [
    (0, [200, 400, 600], -1, #line),
    (50, [200, 400, 600], -0.75, #line),  // -1 + 50 / 200
    (200, [200, 400, 600], 0, #line),
    (300, [200, 400, 600], 0.5, #line),
    (500, [200, 400, 600], 1.5, #line),  // gorhom's 1.5: halfway between the second and the third
    (600, [200, 400, 600], 2, #line),
    (700, [200, 400, 600], 2, #line),  // clamped above the largest
    (150, [300], -0.5, #line),  // -1 + 150 / 300
    (400, [400, 400, 600], 1, #line),  // detents of one height: the higher index
    (100, [], -1, #line),
  ]

  @Test(arguments: indices.indices) func detentIndex(_ i: Int) {
    let row = Self.indices[i]
    let index = Formulas.detentIndex(height: row.height, detents: row.detents)
    #expect(abs(index - row.expected) < 1e-12, "line \(row.line): \(index)")
  }

  /// A frame carries the index and its fractional part.
  @Test func aFrameCarriesTheIndexAndTheProgress() throws {
    var policy = DefaultPolicy()
    policy.configuration.detents = [Detent("low", .fixed(200)), Detent("high", .fixed(600))]
    var m = try SheetMachine(policy: policy, geometry: .reference)
    try m.presented()
    _ = try m.snap(to: "high")
    var frame = m.frame
    while frame.height < 500 { frame = try m.step(SheetMachine.defaultFrameInterval).frame }
    let expected = (frame.height - 200) / 400  // between 200 (0) and 600 (1)
    #expect(abs(frame.detentIndex - expected) < 1e-12 && abs(frame.detentProgress - expected) < 1e-12)
    #expect(frame.detentIndex > 0.75 && frame.detentIndex < 1)
  }

  @Test func formatMatchesPrintf() {
    #expect(Format.fixed(612.25, 1) == "612.2")
    #expect(Format.fixed(0.625, 2) == "0.62")
    #expect(Format.fixed(-3, 1) == "-3.0")
  }
}
