import SheetTrace

/// The corpora of a command, read one line at a time, file after file, each line left to be decoded
/// by the worker that takes it (``GestureLogReader/RawLine/decoded()``). Not thread-safe: a replay reads
/// it under its ``SweepOrder``'s lock.
final class CorpusFeed: @unchecked Sendable {
  private var files: ArraySlice<String>
  private var reader: GestureLogReader?

  /// A feed over the files, in order.
  init(files: [String]) {
    self.files = files[...]
  }

  /// The next line; nil after the last file's last line.
  func next() -> GestureLogReader.RawLine? {
    while true {
      if let reader {
        if let line = reader.nextRaw() { return line }
        self.reader = nil
      }
      guard let file = files.popFirst() else { return nil }
      do throws(GestureLogError) {
        reader = try GestureLogReader(file: file)
      } catch {
        return .bad(error)
      }
    }
  }
}
