import SheetBench
import SheetCore
import SheetScript

extension BenchFigures {
  /// Nanoseconds of one dragging host frame through `ScriptedSheet`: `touchMove(x:y:timestamp:)`,
  /// `advance(to:)` one frame on and `drainEvents()`, the finger sweeping between the detents as in
  /// `SheetCoreBenchmark`'s dragging phase (the same `panChanged` + `step` work, plus the host API's).
  /// Presents the sheet when it is not at rest, lands the finger, times `frames` frames, lifts and
  /// settles, so the same sheet serves every batch.
  /// - Parameters:
  ///   - sheet: The sheet.
  ///   - frames: Frames timed.
  /// - Returns: Nanoseconds per frame.
  /// - Throws: `SheetError` (none is expected).
  func hostDragFrame(_ sheet: ScriptedSheet, frames: Int) throws -> Double {
    let dt = SheetMachine.defaultFrameInterval
    var now = (sheet.clockOrigin ?? 0) + sheet.time
    if sheet.state == .hidden || sheet.state == .dismissed { sheet.present() }
    while !sheet.isStill {
      now += dt
      try sheet.advance(to: now)
    }
    _ = sheet.drainEvents()
    let y0 = sheet.configuration.geometry.height - sheet.frame.height + 10
    try sheet.touchDown(x: 195, y: y0, timestamp: now)
    var checksum = 0.0
    var failure: SheetError?
    let elapsed = timer.nanoseconds {
      do throws(SheetError) {
        for i in 0..<frames {
          let phase = Double(i % 240) / 240
          now += dt
          try sheet.touchMove(x: 195, y: y0 - 300 * (phase < 0.5 ? phase : 1 - phase), timestamp: now)
          checksum += try sheet.advance(to: now).height
          checksum += Double(sheet.drainEvents().count)
        }
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    try sheet.touchUp(x: 195, y: y0, timestamp: now, velocity: 0)
    while !sheet.isStill {
      now += dt
      try sheet.advance(to: now)
    }
    _ = sheet.drainEvents()
    return checksum.isFinite ? elapsed / Double(frames) : .nan
  }
}
