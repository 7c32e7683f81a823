import SheetScript
import SheetTrace

/// A recording's gestures, kept for a corpus (SheetTrace's "Gesture corpora"): while the page
/// records, the sheet records each drag it follows (origin `preview`), and a save writes them as
/// `recording-N.jsonl` beside the scenario `recording-N.lua`, for `sheet replay`.
extension PreviewSession {
  /// Starts keeping gestures, from none.
  func startRecordingGestures() {
    gestures = []
    droppedGestures = 0
    sheet.recordGestures(limit: setup.limits.recordingGestures, fps: fps, origin: "preview")
  }

  /// Stops keeping gestures and forgets them.
  func stopRecordingGestures() {
    sheet.stopRecordingGestures()
    gestures = []
  }

  /// The recording's gestures so far as corpus lines (empty when there are none), within
  /// ``PreviewLimits/recordingGestures``.
  func recordedCorpus() -> String {
    let drained = sheet.drainGestures()
    let room = max(0, setup.limits.recordingGestures - gestures.count)
    gestures += drained.prefix(room)
    droppedGestures += drained.count - min(room, drained.count)
    return gestures.map { $0.jsonLine() + "\n" }.joined()
  }

  /// Writes the corpus beside the saved scenario (`recording-N.lua` → `recording-N.jsonl`); nil when
  /// there is nothing to write.
  func saveCorpus(_ corpus: String, besides scenario: String) throws(PreviewError) -> String? {
    guard !corpus.isEmpty else { return nil }
    let path = String(scenario.dropLast(".lua".count)) + ".jsonl"
    guard try Self.writeExclusive(corpus, to: path) else {
      throw PreviewError("not saved: \(path) exists already")
    }
    let dropped = droppedGestures > 0 ? " (\(droppedGestures) more dropped past the limit)" : ""
    notes.append("saved \(gestures.count) gestures to \(path)\(dropped)")
    return path
  }
}
