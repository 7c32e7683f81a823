import Testing

@testable import SheetCore

/// Bézier timing values against an independent method: the curve's power-basis polynomial sampled
/// densely in its parameter, then linearly interpolated at x = u.
@Suite struct CurveTests {
  /// Power-basis coefficients of one coordinate: `a s^3 + b s^2 + c s`.
  static func power(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
    let c = 3 * p1
    let b = 3 * (p2 - p1) - c
    let a = 1 - c - b
    return ((a * s + b) * s + c) * s
  }

  static func sampled(_ curve: Curve, at u: Double) -> Double {
    let z = curve.bezier
    let n = 200_000
    var previous = (x: 0.0, y: 0.0)
    for i in 1...n {
      let s = Double(i) / Double(n)
      let point = (x: power(z.x1, z.x2, s), y: power(z.y1, z.y2, s))
      if point.x >= u {
        let f = point.x == previous.x ? 0 : (u - previous.x) / (point.x - previous.x)
        return previous.y + f * (point.y - previous.y)
      }
      previous = point
    }
    return 1
  }

  static let rows: [(curve: Curve, u: Double, line: UInt)] = [
    (.easeInOut, 0.1, #line), (.easeInOut, 0.25, #line), (.easeInOut, 0.5, #line), (.easeInOut, 0.9, #line),
    (.easeIn, 0.1, #line), (.easeIn, 0.5, #line), (.easeIn, 0.75, #line), (.easeIn, 0.99, #line),
    (.easeOut, 0.01, #line), (.easeOut, 0.3, #line), (.easeOut, 0.5, #line), (.easeOut, 0.8, #line),
    (.linear, 0.37, #line), (.bezier(0.25, 0.1, 0.25, 1), 0.4, #line),
    (.bezier(0.5, -0.5, 0.5, 1.5), 0.3, #line),
  ]

  @Test(arguments: rows.indices) func matchesDenseSampling(_ i: Int) {
    let row = Self.rows[i]
    let expected = Self.sampled(row.curve, at: row.u)
    let got = row.curve.bezier.value(at: row.u)
    #expect(close(got, expected, 1e-6), "row at line \(row.line): \(got) vs \(expected)")
  }

  @Test func solverReachesTolerance() {
    for curve in [Curve.easeIn, .easeOut, .easeInOut] {
      for k in 0...1000 {
        let u = Double(k) / 1000
        let s = curve.bezier.parameter(forX: u)
        #expect(abs(Self.power(curve.bezier.x1, curve.bezier.x2, s) - u) < 1e-6, "\(curve) u \(u)")
      }
    }
  }

  @Test func easeInOutIsSymmetricAndEndsExact() {
    let z = Curve.easeInOut.bezier
    #expect(close(z.value(at: 0.5), 0.5, 1e-7))
    #expect(close(z.value(at: 0.2) + z.value(at: 0.8), 1, 1e-6))
    #expect(z.value(at: 0) == 0 && z.value(at: 1) == 1)
  }

  @Test func derivativeMatchesFiniteDifference() {
    let z = Curve.easeOut.bezier
    for u in [0.1, 0.4, 0.7] {
      let h = 1e-5
      let numeric = (z.value(at: u + h) - z.value(at: u - h)) / (2 * h)
      #expect(close(z.derivative(at: u), numeric, 1e-4), "u \(u)")
    }
  }
}
