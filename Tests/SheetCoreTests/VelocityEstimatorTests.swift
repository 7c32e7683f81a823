import Testing

@testable import SheetCore

@Suite struct VelocityEstimatorTests {
  typealias Sample = (t: Double, y: Double)

  static func line(from t0: Double, y0: Double, velocity: Double, count: Int) -> [Sample] {
    (0..<count).map { i -> Sample in
      let t = t0 + Double(i) / 120
      return (t, y0 + velocity * (t - t0))
    }
  }

  static let early: [Sample] = [(0, 0), (0.05, 5)]

  static let rows: [(samples: [Sample], at: Double, expected: Double, line: UInt)] = [
    // A straight line at 1200 pt/s sampled at 120 Hz.
    (line(from: 0, y0: 100, velocity: 1200, count: 20), 19.0 / 120, 1200, #line),
    // Only the last 100 ms count: an early slow part does not drag the estimate down.
    (early + line(from: 0.1, y0: 10, velocity: -900, count: 12), 0.1 + 11.0 / 120, -900, #line),
    // One sample: 0.
    ([(0, 100)], 0, 0, #line),
    // The finger stopped: newest sample 50 ms before the release.
    ([(0, 0), (0.01, 10), (0.02, 20)], 0.07, 0, #line),
    // Within 40 ms: still the fit.
    ([(0, 0), (0.01, 10), (0.02, 20)], 0.05, 1000, #line),
    // A 1e5 pt jump 10 ns apart: clamped to 1e6 pt/s, either way.
    ([(0, 0), (1e-8, 1e5)], 1e-8, 1e6, #line),
    ([(0, 0), (1e-8, -1e5)], 1e-8, -1e6, #line),
  ]

  @Test(arguments: rows.indices) func leastSquares(_ i: Int) {
    let row = Self.rows[i]
    var e = VelocityEstimator()
    for (t, y) in row.samples { e.add(y: y, time: t) }
    #expect(
      close(e.velocity(at: row.at), row.expected, 1e-6), "row at line \(row.line): \(e.velocity(at: row.at))")
  }

  @Test func ringKeepsTheNewest() {
    var e = VelocityEstimator()
    for i in 0..<100 { e.add(y: Double(i) * 3, time: Double(i) / 1000) }
    #expect(close(e.velocity(at: 0.099), 3000, 1e-6))
    e.reset()
    #expect(e.velocity(at: 0.099) == 0)
  }

  /// A noisy line: the least-squares slope equals the closed-form regression computed here directly.
  @Test func matchesDirectRegression() {
    let ts = (0..<10).map { Double($0) / 100 }
    let ys = ts.enumerated().map { 500 * $0.element + ($0.offset % 2 == 0 ? 1.5 : -1.5) }
    var e = VelocityEstimator()
    for (t, y) in zip(ts, ys) { e.add(y: y, time: t) }
    let mt = ts.reduce(0, +) / 10
    let my = ys.reduce(0, +) / 10
    let num = zip(ts, ys).map { ($0 - mt) * ($1 - my) }.reduce(0, +)
    let den = ts.map { ($0 - mt) * ($0 - mt) }.reduce(0, +)
    #expect(close(e.velocity(at: 0.09), num / den, 1e-6))
  }

  /// The horizontal fit is the vertical one applied to x: each row's samples given as x (with y held
  /// at 0) give the row's expected slope, and a finger that never moves sideways gives exactly 0
  /// (x is fitted relative to its newest sample, so no rounding is left over).
  @Test(arguments: rows.indices) func theHorizontalFitIsTheSame(_ i: Int) {
    let row = Self.rows[i]
    var e = VelocityEstimator()
    for (t, x) in row.samples { e.add(x: x, y: 0, time: t) }
    #expect(close(e.velocityX(at: row.at), row.expected, 1e-6), "row at line \(row.line)")
    #expect(e.velocity(at: row.at) == 0, "row at line \(row.line)")
    var still = VelocityEstimator()
    for (t, y) in row.samples { still.add(x: 195.3, y: y, time: t) }
    #expect(still.velocityX(at: row.at) == 0, "row at line \(row.line)")
    #expect(close(still.velocity(at: row.at), e.velocityX(at: row.at), 1e-6), "row at line \(row.line)")
  }
}
