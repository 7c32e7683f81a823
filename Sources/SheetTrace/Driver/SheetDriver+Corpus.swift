import SheetCore

/// Recording the driver's gestures as corpus records (`sheet corpus from-scenario`), as the host API
/// records a host's (`ScriptedSheet.recordGestures`): the same ``GestureRecorder``.
extension SheetDriver {
  /// A touch-down the sheet follows starts a recorded gesture.
  func recordGesture(finger: Int, y: Double, time: Double?, start: GestureRecord.Start) {
    guard let recorder = gestureRecorder, let stamp = gestureStamp?(machine.policy) else { return }
    recorder.began(
      finger: finger, x: touch(finger)?.x ?? machine.centreX, y: y, time: time ?? machine.time, start: start,
      machine: machine, behaviour: stamp.0, thresholds: stamp.1)
  }

  /// After a frame: the height while a release settles, and the gesture kept once the sheet is still.
  func recordStep(_ recorder: GestureRecorder) {
    recorder.stepped(height: machine.height)
    if recorder.isSettling && isStill { recorder.finish(machine, settled: true) }
  }

  /// Ends the recording: a release still settling is kept as it stands (without settle time and
  /// overshoot), and the gestures are handed over.
  /// - Returns: The gestures recorded, oldest first, and how many were dropped.
  package func takeGestures() -> (gestures: [GestureRecord], dropped: Int) {
    guard let recorder = gestureRecorder else { return ([], 0) }
    if recorder.isSettling { recorder.finish(machine, settled: isStill) }
    return (recorder.take(), recorder.dropped)
  }
}
