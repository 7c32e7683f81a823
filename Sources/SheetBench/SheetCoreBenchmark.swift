import SheetCore

/// Measures the cost of one frame step of the bare core, for `sheet bench` and the tests.
///
/// Not a test: nothing asserts on the figures. Build in release mode to get meaningful numbers.
package enum SheetCoreBenchmark {
  /// Nanoseconds per frame.
  package struct Result: Sendable, Equatable {
    /// One dragging frame: `panChanged(y:)` (policy drag mapping and backdrop, a velocity estimate) plus
    /// `step(_:)`; NaN when no dragging frame ran.
    package var dragNanosecondsPerFrame: Double
    /// One settling frame: `step(_:)` advancing the height's spring and the backdrop; NaN when no settling
    /// frame ran.
    package var settleNanosecondsPerFrame: Double
    /// Dragging frames measured.
    package var frames: Int
    /// A sum of the heights produced, so the work cannot be optimised away.
    package var checksum: Double
  }

  /// Runs `frames` dragging frames and `settleFrames` settling frames at 120 Hz on the reference screen.
  ///
  /// Dragging: one long pan sweeping between the detents, timed as a whole. Settling: snaps alternating
  /// between two detents; only the steps are timed (the clock is read once per settle, around 40 steps).
  /// - Parameters:
  ///   - policy: The behaviour (default: `DefaultPolicy`).
  ///   - frames: Dragging frames (default 200,000; 0 times settling alone).
  ///   - settleFrames: Settling frames (default: as many as `frames`; 0 times dragging alone).
  /// - Returns: The figures.
  package static func run(
    policy: any SheetPolicy = DefaultPolicy(), frames: Int = 200_000, settleFrames: Int? = nil
  ) -> Result {
    let settleFrames = settleFrames ?? frames
    let clock = ContinuousClock()
    let dt = SheetMachine.defaultFrameInterval
    var checksum = 0.0
    do {
      var machine = try SheetMachine(policy: policy, geometry: .reference)
      try machine.present()
      while machine.state != .resting { checksum += try machine.step(dt).height }
      let y0 = SheetGeometry.reference.height - machine.height + 10
      try machine.panBegan(y: y0)
      let dragTime = try clock.measure { () throws(SheetError) in
        for i in 0..<frames {
          let phase = Double(i % 240) / 240
          try machine.panChanged(y: y0 - 300 * (phase < 0.5 ? phase : 1 - phase))
          checksum += try machine.step(dt).height
        }
      }
      try machine.panEnded(y: y0, velocity: 0)
      while machine.state != .resting { checksum += try machine.step(dt).height }
      var settleTime = Duration.zero
      var settled = 0
      let ids = machine.detents.map(\.id)
      var next = 0
      while settled < settleFrames {
        next = (next + 1) % max(ids.count, 1)
        if ids.count > 1 { try machine.snap(to: ids[next]) } else { machine.dismiss() }
        let start = clock.now
        while machine.state != .resting && machine.state != .dismissed && settled < settleFrames {
          checksum += try machine.step(dt).height
          settled += 1
        }
        settleTime += clock.now - start
        if machine.state == .dismissed { try machine.present() }
      }
      return Result(
        dragNanosecondsPerFrame: frames > 0 ? nanoseconds(dragTime) / Double(frames) : .nan,
        settleNanosecondsPerFrame: settleFrames > 0 ? nanoseconds(settleTime) / Double(settleFrames) : .nan,
        frames: frames,
        checksum: checksum)
    } catch {
      return Result(
        dragNanosecondsPerFrame: .nan, settleNanosecondsPerFrame: .nan, frames: 0, checksum: checksum)
    }
  }

  /// A sheet held mid-drag, for timing a policy's own callbacks on the values a dragging frame gives
  /// them: presented at its first detent, grabbed 10 pt inside its edge and dragged 75 pt up, halfway
  /// through ``run(policy:frames:settleFrames:)``'s sweep (no rubber band on the reference screen).
  package struct HeldDrag {
    private var machine: SheetMachine
    private let y: Double

    /// Presents, settles and grabs a sheet with `policy`, and drags it to the held position.
    /// - Throws: `SheetError` (none is expected on the reference screen).
    package init(policy: any SheetPolicy) throws(SheetError) {
      let dt = SheetMachine.defaultFrameInterval
      machine = try SheetMachine(policy: policy, geometry: .reference)
      try machine.present()
      while machine.state != .resting { _ = try machine.step(dt) }
      let y0 = SheetGeometry.reference.height - machine.height + 10
      try machine.panBegan(y: y0)
      y = y0 - 75
      try frame()
    }

    /// The sheet's height now.
    package var height: Double { machine.height }

    /// One frame of the held drag: the finger's sample where it is (the policy's drag and backdrop
    /// callbacks run), then a step.
    package mutating func frame() throws(SheetError) {
      _ = try machine.panChanged(y: y)
      _ = try machine.step(SheetMachine.defaultFrameInterval)
    }
  }

  package static func nanoseconds(_ d: Duration) -> Double {
    let parts = d.components
    return Double(parts.seconds) * 1e9 + Double(parts.attoseconds) / 1e9
  }
}
