import Testing

@testable import SheetTrace

/// An overlay's curves aligned at each release, against times worked out by hand.
@Suite struct PlotAlignmentTests {
  /// Curve A releases at 0.3 s (its gesture began at 0.2) and 1.0 s (gesture from 0.8); curve B at 0.5
  /// (from 0.3) and 1.4 (from 1.1). Release 1 is drawn at max(0.3, 0.5) = 0.5, release 2 at 0.5 +
  /// max(1.0 - 0.3, 1.4 - 0.5) = 1.4: B, the slower, keeps its own times; A's parts shift.
  static let a = [TracePlot.Release(time: 0.3, leadIn: 0.2), TracePlot.Release(time: 1.0, leadIn: 0.8)]
  static let b = [TracePlot.Release(time: 0.5, leadIn: 0.3), TracePlot.Release(time: 1.4, leadIn: 1.1)]

  /// Each row: a time of curve A, and where it is drawn.
  static let rows: [(time: Double, drawn: Double, line: UInt)] = [
    (0.1, 0.1, #line),  // before its first gesture: from the start
    (0.2, 0.2, #line),  // the gesture's start, the end of the part before it
    (0.25, 0.45, #line),  // in the gesture: up to release 1, drawn at 0.5 (shift 0.5 - 0.3)
    (0.3, 0.5, #line),  // release 1
    (0.5, 0.7, #line),  // after release 1, from where it is drawn (shift 0.2)
    (0.9, 1.3, #line),  // in the second gesture: up to release 2, drawn at 1.4 (shift 1.4 - 1.0)
    (1.0, 1.4, #line),  // release 2
    (1.2, 1.6, #line),  // after the last release, from it
  ]

  @Test func releasesAreDrawnAtTheSlowestCurvesPace() {
    let alignment = TracePlot.Alignment([Self.a, Self.b])
    #expect(alignment.releases.map { ($0 * 1e9).rounded() / 1e9 } == [0.5, 1.4])
    for row in Self.rows {
      #expect(abs(alignment.time(row.time, of: 0) - row.drawn) < 1e-12, "line \(row.line)")
    }
    for t in [0.1, 0.4, 0.5, 1.2, 1.4, 2.0] {
      #expect(abs(alignment.time(t, of: 1) - t) < 1e-12, "B at \(t)")
    }
  }

  @Test func aCurveHoldsItsHeightUntilItsGestureIsDrawn() {
    let alignment = TracePlot.Alignment([Self.a, Self.b])
    let points = [0.0, 0.1, 0.2, 0.25, 0.3, 0.5, 0.8, 0.9, 1.0].map {
      TracePlot.Point(time: $0, height: $0 * 100)
    }
    let drawn = alignment.points(points, of: 0)
    // the hold before each gesture: at the height where it began, from where the part before it ends
    // (0.2, then 0.8 + 0.2 = 1.0) to where the gesture is drawn (0.5 - 0.1 = 0.4, then 1.4 - 0.2 = 1.2)
    let holds = zip(drawn, drawn.dropFirst()).filter { $0.height == $1.height && $1.time - $0.time > 0.1 }
    #expect(holds.count == 2)
    #expect(abs(holds[0].0.time - 0.2) < 1e-9 && abs(holds[0].1.time - 0.4) < 1e-9 && holds[0].0.height == 20)
    #expect(abs(holds[1].0.time - 1.0) < 1e-9 && abs(holds[1].1.time - 1.2) < 1e-9 && holds[1].0.height == 80)
    #expect(zip(drawn, drawn.dropFirst()).allSatisfy { $0.time <= $1.time }, "time runs forward")
  }

  @Test func oneCurveIsDrawnAtItsOwnTimes() {
    let alignment = TracePlot.Alignment([Self.a])
    for t in [0.0, 0.25, 0.3, 0.9, 1.5] { #expect(abs(alignment.time(t, of: 0) - t) < 1e-12) }
  }
}
