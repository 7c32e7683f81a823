import SheetTrace

/// The corpora of a command, read one line at a time, file after file: each gesture with its index
/// among the gestures read so far (bad lines are not counted), or a bad line. Not thread-safe: a
/// replay reads it under its ``SweepOrder``'s lock.
final class CorpusFeed: @unchecked Sendable {
  /// What the next line was.
  enum Item {
    /// A gesture, its index and where it was.
    case gesture(GestureRecord, index: Int, file: String, line: Int)
    /// A line (or a file) that was not read.
    case bad(GestureLogError)
  }

  private var files: ArraySlice<String>
  private var reader: GestureLogReader?
  /// Gestures read so far.
  private(set) var gestures = 0

  /// A feed over the files, in order.
  init(files: [String]) {
    self.files = files[...]
  }

  /// The next item; nil after the last file's last line.
  func next() -> Item? {
    while true {
      if let reader {
        switch reader.next() {
        case .gesture(let record, let line)?:
          gestures += 1
          return .gesture(record, index: gestures - 1, file: reader.file, line: line)
        case .bad(let error)?:
          return .bad(error)
        case nil:
          self.reader = nil
        }
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
