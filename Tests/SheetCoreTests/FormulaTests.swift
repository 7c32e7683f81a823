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

  @Test func formatMatchesPrintf() {
    #expect(Format.fixed(612.25, 1) == "612.2")
    #expect(Format.fixed(0.625, 2) == "0.62")
    #expect(Format.fixed(-3, 1) == "-3.0")
  }
}
