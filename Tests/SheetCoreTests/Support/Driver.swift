import Testing

@testable import SheetCore

/// Test helpers driving a machine. Each returns the events the calls it made returned, in order.
extension SheetMachine {
  /// Steps at 120 Hz until nothing animates (or `limit` seconds pass); returns the elapsed time.
  @discardableResult
  mutating func runToRest(limit: Double = 10) -> Double {
    var events: [SheetEvent] = []
    return runToRest(limit: limit, events: &events)
  }

  /// Steps at 120 Hz until nothing animates (or `limit` seconds pass), appending the steps' events to
  /// `events`; returns the elapsed time.
  @discardableResult
  mutating func runToRest(limit: Double = 10, events: inout [SheetEvent]) -> Double {
    var elapsed = 0.0
    while [.presenting, .settling, .dismissing].contains(state) && elapsed < limit {
      // The default interval is never refused; stop rather than spin if it were.
      guard let step = try? step(SheetMachine.defaultFrameInterval) else { break }
      events += step.events
      elapsed += SheetMachine.defaultFrameInterval
    }
    return elapsed
  }

  /// Presents and runs to rest.
  @discardableResult
  mutating func presented() throws -> [SheetEvent] {
    var events = try present()
    runToRest(events: &events)
    return events
  }

  /// A drag from `from` to `to` over `duration` seconds in 120 Hz samples, then a release with an
  /// explicit velocity (nil = estimated).
  @discardableResult
  mutating func drag(from: Double, to: Double, duration: Double = 0.2, release velocity: Double?) throws
    -> [SheetEvent]
  {
    var events = try panBegan(y: from).events
    let n = max(Int(duration * 120), 1)
    for i in 1...n {
      events += try step(SheetMachine.defaultFrameInterval).events
      events += try panChanged(y: from + (to - from) * Double(i) / Double(n))
    }
    events += try panEnded(y: to, velocity: velocity)
    return events
  }
}

/// The same helpers on a host, for tests of what the host decides (the fingers).
extension SheetHost {
  /// Steps at 120 Hz until nothing animates (or `limit` seconds pass), appending the steps' events to
  /// `events`; returns the elapsed time.
  @discardableResult
  mutating func runToRest(limit: Double = 10, events: inout [SheetEvent]) -> Double {
    var elapsed = 0.0
    while [.presenting, .settling, .dismissing].contains(machine.state) && elapsed < limit {
      guard let step = try? step(SheetMachine.defaultFrameInterval) else { break }
      events += step.events
      elapsed += SheetMachine.defaultFrameInterval
    }
    return elapsed
  }

  /// Presents and runs to rest.
  @discardableResult
  mutating func presented() -> [SheetEvent] {
    var events = present()
    runToRest(events: &events)
    return events
  }
}

extension Array where Element == SheetEvent {
  /// The animations started.
  var startedAnimations: [(SheetTransition, TransitionAnimation)] {
    compactMap { event in
      if case .animation(let t, let a, _) = event { return (t, a) }
      return nil
    }
  }

  /// The first animation started.
  var firstAnimation: (SheetTransition, TransitionAnimation)? { startedAnimations.first }

  /// The policy faults, as `callback: message`.
  var faults: [String] {
    compactMap { event in
      if case .scriptError(let callback, let message) = event { return "\(callback): \(message)" }
      return nil
    }
  }

  /// The last decision.
  var lastDecision: (target: ReleaseTarget, reason: String)? {
    for event in reversed() {
      if case .decision(let target, let reason) = event { return (target, reason) }
    }
    return nil
  }
}

/// Whether two numbers agree within `tolerance`.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

/// The reference screen of the seeds.
let reference = SheetGeometry.reference
