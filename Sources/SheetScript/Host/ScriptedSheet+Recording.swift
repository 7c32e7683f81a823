import SheetCore
import SheetTrace

/// Recording gestures to a corpus (the article "Gesture corpora"): each drag the sheet follows, from
/// the sheet as the finger found it to where the release sent it, kept as a `GestureRecord` that `sheet
/// replay` replays on the core.
extension ScriptedSheet {
  /// Starts recording gestures (again from nothing, when it was recording already).
  ///
  /// A gesture is kept once its release has an outcome (the sheet is still, or the next touch-down came
  /// first); a cancelled drag is dropped. At most `limit` gestures wait for ``drainGestures()``; later
  /// ones are counted in ``droppedGestureCount``.
  /// - Parameters:
  ///   - limit: The most gestures kept until drained (at least 1; 1,000 by default).
  ///   - fps: The display's frame rate, stamped on each gesture for the replay's frame loop.
  ///   - origin: The origin stamped on each gesture (`host` by default).
  public func recordGestures(limit: Int = 1_000, fps: Double = 120, origin: String = "host") {
    gestureRecorder = GestureRecorder(limit: limit, fps: fps, origin: origin)
  }

  /// Stops recording; gestures not drained are dropped.
  public func stopRecordingGestures() {
    gestureRecorder = nil
  }

  /// The gestures recorded since the last drain, oldest first, each once (write each's
  /// `GestureRecord.jsonLine()` as a line of a corpus).
  public func drainGestures() -> [GestureRecord] {
    gestureRecorder?.take() ?? []
  }

  /// Gestures not kept: past the limit, or longer than a corpus line may be.
  public var droppedGestureCount: Int { gestureRecorder?.dropped ?? 0 }

  /// The sheet as a touch-down finds it.
  var gestureStart: GestureRecord.Start { GestureRecord.Start(of: machine) }

  /// A touch-down the sheet follows starts a recorded gesture.
  func recordGesture(finger: Int, x: Double, y: Double, time: Double, start: GestureRecord.Start) {
    gestureRecorder?.began(
      finger: finger, x: x, y: y, time: time, start: start, machine: machine,
      behaviour: GestureRecord.Stamp(
        name: behaviour.source.name, hash: GestureRecord.sourceHash(behaviour.source.text)),
      thresholds: behaviour.thresholds)
  }

  /// After frames: a release whose sheet is now still is kept.
  func recordStep(_ recorder: GestureRecorder) {
    if recorder.isSettling && host.isStill { recorder.finish(machine, settled: true) }
  }
}
