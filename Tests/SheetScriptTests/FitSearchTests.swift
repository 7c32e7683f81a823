import SheetCore
import Testing

@testable import SheetScenario

/// `FitSearch` on agreements computed here: it finds what the whole grid's best is (searched by brute
/// force with the same order: more agreement, then nearer the current values, then earlier in the grid)
/// with a fraction of its points, a tie goes toward the current values, and the sensitivity lists each
/// axis's values.
@Suite struct FitSearchTests {
  /// An agreement out of 1,000 peaked at `peak` (positions), falling with the squared distance in
  /// steps, plus seeded noise of up to `noise` (0: none): the shape a threshold's agreement has.
  struct Peaked {
    var peak: [Double]
    var width: [Double]
    var noise: Int
    var seed: UInt64

    func agreement(_ point: [Int]) -> Int {
      var fall = 0.0
      for (i, p) in point.enumerated() {
        let d = (Double(p) - peak[i]) / width[i]
        fall += d * d
      }
      var random = SplitMix64(seed: seed ^ UInt64(point.reduce(17) { $0 &* 31 &+ $1 }))
      let jitter = noise > 0 ? random.int(0...noise) : 0
      return max(0, 1000 - Int((200 * fall).rounded()) - jitter)
    }
  }

  /// The whole grid's best point, by brute force.
  static func exhaustive(_ search: FitSearch, _ agreement: ([Int]) -> Int) -> (point: [Int], agreement: Int) {
    let counts = search.axes.map(\.values.count)
    var all: [[Int]] = [[]]
    for n in counts { all = all.flatMap { p in (0..<n).map { p + [$0] } } }
    var best = all[0]
    for point in all.dropFirst() where search.isBetter(point, agreement(point), than: best, agreement(best)) {
      best = point
    }
    return (best, agreement(best))
  }

  static func axis(_ name: String, _ n: Int, current: Double) -> FitSearch.Axis {
    FitSearch.Axis(name: name, values: (0..<n).map { Double($0) }, current: current)
  }

  @Test(arguments: [
    (#line, [91, 41], [60.3, 12.8], [20.0, 9.0], 0),
    (#line, [91, 41], [3.0, 39.4], [25.0, 8.0], 4),
    (#line, [201, 101], [140.2, 50.5], [40.0, 20.0], 6),
    (#line, [37, 17, 9], [10.0, 8.0, 2.0], [8.0, 5.0, 3.0], 2),
  ])
  func findsTheGridsBestWithAFractionOfItsPoints(
    line: Int, counts: [Int], peak: [Double], width: [Double], noise: Int
  ) {
    let shape = Peaked(peak: peak, width: width, noise: noise, seed: UInt64(line))
    let search = FitSearch(axes: counts.enumerated().map { Self.axis("p\($0)", $1, current: 0) })
    var batches = 0
    let result = search.run { batch in
      batches += 1
      return batch.map(shape.agreement)
    }
    let grid = Self.exhaustive(search, shape.agreement)
    #expect(result.best == grid.point, "line \(line)")
    #expect(result.agreement == grid.agreement, "line \(line)")
    #expect(result.evaluated.count == result.searchPoints + result.sensitivityPoints)
    let points = search.gridPoints ?? 0
    #expect(result.evaluated.count * 4 < points, "line \(line): \(result.evaluated.count) of \(points)")
    #expect(result.evaluated.allSatisfy { $0.value == shape.agreement($0.key) })
  }

  /// Flat agreement on a band of positions: the search takes the band's point nearest the current
  /// values, which lie between grid values, and a point off the band never wins.
  @Test(arguments: [
    (#line, 3.0, 12.3, [3, 12]),  // the current point is on the band
    (#line, 0.0, 0.0, [3, 8]),  // the band's corner nearest (0, 0)
    (#line, 20.0, 19.6, [7, 20]),  // the band's corner nearest, off the grid
    (#line, 5.5, 30.0, [5, 20]),  // halfway: the earlier grid point wins a tie in distance
  ])
  func aTieGoesTowardTheCurrentValues(line: Int, current0: Double, current1: Double, expected: [Int]) {
    let search = FitSearch(axes: [
      Self.axis("a", 11, current: current0), Self.axis("b", 21, current: current1),
    ])
    func agreement(_ p: [Int]) -> Int { (3...7).contains(p[0]) && (8...20).contains(p[1]) ? 50 : 40 }
    let result = search.run { $0.map(agreement) }
    #expect(result.best == expected, "line \(line)")
    #expect(result.best == Self.exhaustive(search, agreement).point, "line \(line)")
  }

  @Test func theSensitivityListsEveryValueOrASpreadOfALongAxis() {
    let search = FitSearch(axes: [Self.axis("short", 9, current: 0), Self.axis("long", 400, current: 0)])
    let shape = Peaked(peak: [4, 250], width: [3, 80], noise: 0, seed: 1)
    let result = search.run { $0.map(shape.agreement) }
    // 247 ... 253 all round to 1,000: the tie goes to the one nearest the current 0
    #expect(result.best == [4, 247] && result.best == Self.exhaustive(search, shape.agreement).point)
    #expect(result.sensitivity[0] == Array(0..<9))
    let spread = (0..<21).map { ($0 * 399 + 10) / 20 }
    #expect(result.sensitivity[1] == Array(Set(spread + [246, 247, 248])).sorted())
    #expect(FitSearch.spread(5, 5) == [0, 1, 2, 3, 4] && FitSearch.spread(19, 5) == [0, 5, 9, 14, 18])
  }
}
