import Foundation
import SheetCore
import Testing

@testable import SheetScenario
@testable import SheetScript

/// `touch_down`, `touch_move` and `touch_up` take a touch's own timestamp (`time`), feed the
/// sample at that time and step no frame, so a host's touch stream (a `sheet preview` recording) replays
/// sample for sample.
@Suite struct TimedTouchTests {
  /// The first release's vertical velocity in a result's trace.
  static func releaseVelocity(_ result: ScenarioResult) -> Double? {
    guard
      case .number(let v)? = result.trace.events.first(where: { $0.name == "release" })?["finger_velocity"]
    else { return nil }
    return v
  }

  /// Least squares through (t, y), computed here independently of the estimator: the slope
  /// Σ(t − t̄)(y − ȳ) / Σ(t − t̄)².
  static func slope(_ samples: [(t: Double, y: Double)]) -> Double {
    let n = Double(samples.count)
    let tMean = samples.map(\.t).reduce(0, +) / n
    let yMean = samples.map(\.y).reduce(0, +) / n
    let num = samples.map { ($0.t - tMean) * ($0.y - yMean) }.reduce(0, +)
    let den = samples.map { ($0.t - tMean) * ($0.t - tMean) }.reduce(0, +)
    return num / den
  }

  /// Each row: sample offsets (s, after the resting sheet's time) and y's, all inside the estimator's
  /// 100 ms window; the release velocity is the least-squares slope through them and the lift's
  /// sample (the last point again, at the lift's time).
  static let streams: [(times: [Double], ys: [Double], line: UInt)] = [
    ([0.0013, 0.0113, 0.0213, 0.0313], [354, 374, 394, 414], #line),  // 2000 pt/s, off the frame grid
    ([0.002, 0.009, 0.0231, 0.0307, 0.0419], [354, 360, 377, 381, 402], #line),  // uneven, as a mouse sends
    ([0.004, 0.0045, 0.0333], [354, 340, 300], #line),  // upward
  ]

  @Test(arguments: streams.indices) func theReleaseVelocityIsTheSlopeThroughTheTimedSamples(_ index: Int)
    throws
  {
    let row = Self.streams[index]
    var lines = [
      "-- scenario", "behaviour 'bottom-sheet-vc'", "present()", "settle()", "local t0 = sheet.time",
    ]
    lines.append("touch_down { y = \(row.ys[0]), time = t0 + \(row.times[0]) }")
    for k in 1..<row.ys.count {
      lines.append("touch_move { x = 195, y = \(row.ys[k]), time = t0 + \(row.times[k]) }")
    }
    lines.append("expect(sheet.time == t0, 'no frame stepped')")
    lines.append("touch_up { time = t0 + \(row.times.last ?? 0) }")
    let result = try ThresholdRangeTests.run(lines.joined(separator: "\n") + "\n")
    #expect(
      result.passed, "\(result.failures)",
      sourceLocation: Testing.SourceLocation(
        fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1))
    // the lift is a sample too: the finger's last point at the lift's time (here the last move's)
    var samples = zip(row.times, row.ys).map { (t: $0, y: $1) }
    if let last = samples.last { samples.append(last) }
    let expected = Self.slope(samples)
    let velocity = try #require(Self.releaseVelocity(result))
    // the trace prints the velocity to 3 decimals
    #expect(
      abs(velocity - expected) < 1e-3, "\(velocity) vs \(expected)",
      sourceLocation: Testing.SourceLocation(
        fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1))
  }

  /// Each row: a touch call on line 4 and the message it fails with.
  static let badTimes: [(call: String, message: String, line: UInt)] = [
    (
      "touch_down { y = 300, time = -1 }", "touch_down: field 'time' must be a number in 0...3600, got -1",
      #line
    ),
    (
      "touch_move { y = 300, time = 0/0 }", "touch_move: field 'time' must be a number in 0...3600, got nan",
      #line
    ),
    ("touch_up { time = 'soon' }", "touch_up: field 'time' must be a number in 0...3600, got 'soon'", #line),
    (
      "touch_move { y = 300, time = 1e9 }",
      "touch_move: field 'time' must be a number in 0...3600, got 1000000000", #line
    ),
  ]

  @Test(arguments: badTimes.indices) func aBadTimeIsRefusedAtItsLine(_ index: Int) throws {
    let row = Self.badTimes[index]
    let text = "-- scenario\npresent()\nsettle()\n\(row.call)\nexpect(true, 'x')\n"
    let result = try ThresholdRangeTests.run(text)
    let error = result.scriptError ?? ""
    #expect(
      error.contains(":4:"), "\(error)",
      sourceLocation: Testing.SourceLocation(
        fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1))
    #expect(
      error.contains(row.message), "\(error)",
      sourceLocation: Testing.SourceLocation(
        fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1))
  }
}
