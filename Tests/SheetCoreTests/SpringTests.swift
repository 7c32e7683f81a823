import Testing

@testable import SheetCore

/// Spring closed forms against a fine RK4 integration of x'' = -k x - c x'.
@Suite struct SpringTests {
  static func integrate(_ spring: Spring, x0: Double, v0: Double, until t: Double) -> (x: Double, v: Double) {
    let k = spring.stiffness
    let c = spring.damping
    let steps = 200_000
    let h = t / Double(steps)
    var x = x0
    var v = v0
    func a(_ x: Double, _ v: Double) -> Double { -k * x - c * v }
    for _ in 0..<steps {
      let k1x = v
      let k1v = a(x, v)
      let k2x = v + h / 2 * k1v
      let k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
      let k3x = v + h / 2 * k2v
      let k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
      let k4x = v + h * k3v
      let k4v = a(x + h * k3x, v + h * k3v)
      x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
      v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return (x, v)
  }

  static let rows: [(zeta: Double, response: Double, x0: Double, v0: Double, t: Double, line: UInt)] = [
    (1.0, 0.3, -300, 0, 0.1, #line),
    (1.0, 0.3, -300, 1500, 0.25, #line),
    (0.5, 0.4, 200, -800, 0.15, #line),
    (0.8, 0.5, -457, 2000, 0.3, #line),
    (0.2, 0.3, 100, 0, 0.7, #line),
    (2.0, 0.3, -300, 0, 0.2, #line),
    (1.5, 0.2, 120, 3000, 0.05, #line),
    (1.0000001, 0.3, 50, -50, 0.4, #line),
  ]

  @Test(arguments: rows.indices) func closedFormMatchesIntegration(_ i: Int) {
    let row = Self.rows[i]
    let spring = Spring(dampingRatio: row.zeta, response: row.response)
    let exact = spring.state(at: row.t, x0: row.x0, v0: row.v0)
    let numeric = Self.integrate(spring, x0: row.x0, v0: row.v0, until: row.t)
    #expect(close(exact.x, numeric.x, 1e-6), "row at line \(row.line): x \(exact.x) vs \(numeric.x)")
    #expect(close(exact.v, numeric.v, 1e-5), "row at line \(row.line): v \(exact.v) vs \(numeric.v)")
  }

  @Test func coefficientsFromAnchors() {
    let s = Spring(dampingRatio: 1, response: 0.3)
    let w = 2 * Double.pi / 0.3
    #expect(close(s.stiffness, w * w))
    #expect(close(s.damping, 4 * Double.pi / 0.3))
  }

  static let durationRows: [(d: Double, zeta: Double, line: UInt)] = [
    (0.3, 1.0, #line), (0.5, 0.7, #line), (0.25, 2.0, #line), (1.0, 0.01, #line),
  ]

  /// The mapping puts the decay envelope at 1/1000 at the duration.
  @Test(arguments: durationRows.indices) func springDurationEnvelope(_ i: Int) {
    let row = Self.durationRows[i]
    let s = Spring.withDuration(row.d, dampingRatio: row.zeta)
    let zeta = max(row.zeta, 0.05)
    let rate = zeta <= 1 ? zeta : zeta - (zeta * zeta - 1).squareRoot()
    let envelope = CMath.exp(-rate * s.angularFrequency * row.d)
    #expect(close(envelope, 0.001, 1e-12), "row at line \(row.line)")
    #expect(s.dampingRatio == zeta)
  }

  @Test func seed004SpringNumbers() {
    let s = Spring.withDuration(0.3, dampingRatio: 1)
    // T = 2π d / ln 1000 for ζ = 1.
    #expect(close(s.response, 2 * Double.pi * 0.3 / 6.907755278982137, 1e-12))
  }

  @Test func playerSettlesWithinTolerancesAndSnaps() {
    var p = MotionPlayer(
      .spring(dampingRatio: 1, response: 0.3), from: 0, to: 500, velocity: 0, tolerance: .height)
    var previous = (value: 0.0, done: false)
    var t = 0.0
    while !p.isDone && t < 5 {
      p.advance(by: 1.0 / 120)
      t += 1.0 / 120
      if !p.isDone { previous = (p.value, false) }
    }
    #expect(p.isDone && p.value == 500 && p.velocity == 0)
    let exact = Spring(dampingRatio: 1, response: 0.3).state(at: t, x0: -500, v0: 0)
    #expect(abs(exact.x) <= 0.5 && abs(exact.v) <= 1)
    let before = Spring(dampingRatio: 1, response: 0.3).state(at: t - 1.0 / 120, x0: -500, v0: 0)
    #expect(abs(before.x) > 0.5 || abs(before.v) > 1)
    #expect(previous.value < 500)
  }
}
