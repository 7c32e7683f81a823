import Testing

@testable import SheetCore

/// Test helpers driving a machine.
extension SheetMachine {
  /// Steps at 120 Hz until nothing animates (or `limit` seconds pass); returns the elapsed time.
  @discardableResult
  mutating func runToRest(limit: Double = 10) -> Double {
    var elapsed = 0.0
    while [.presenting, .settling, .dismissing].contains(state) && elapsed < limit {
      // The default interval is never refused; stop rather than spin if it were.
      guard (try? step(SheetMachine.defaultFrameInterval)) != nil else { break }
      elapsed += SheetMachine.defaultFrameInterval
    }
    return elapsed
  }

  /// Presents and runs to rest.
  mutating func presented() throws {
    try present()
    runToRest()
  }

  /// A drag from `from` to `to` over `duration` seconds in 120 Hz samples, then a release with an
  /// explicit velocity (nil = estimated).
  mutating func drag(from: Double, to: Double, duration: Double = 0.2, release velocity: Double?) throws {
    try panBegan(y: from)
    let n = max(Int(duration * 120), 1)
    for i in 1...n {
      _ = try step(SheetMachine.defaultFrameInterval)
      try panChanged(y: from + (to - from) * Double(i) / Double(n))
    }
    try panEnded(y: to, velocity: velocity)
  }

  /// The animations started, from `events`.
  var startedAnimations: [(SheetTransition, TransitionAnimation)] {
    events.compactMap { event in
      if case .animation(let t, let a, _) = event { return (t, a) }
      return nil
    }
  }

  /// The policy faults recorded, from `events`.
  var faults: [String] {
    events.compactMap { event in
      if case .policyFault(let callback, let message) = event { return "\(callback): \(message)" }
      return nil
    }
  }

  /// The last decision recorded, from `events`.
  var lastDecision: (target: ReleaseTarget, reason: String)? {
    for event in events.reversed() {
      if case .decision(let target, let reason) = event { return (target, reason) }
    }
    return nil
  }
}

/// Whether two numbers agree within `tolerance`.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

/// The reference screen of seed-behaviours.md.
let reference = SheetGeometry.reference
