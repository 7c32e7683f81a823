import SheetTrace

/// The corpora of a command, read one line at a time, file after file, each line left to be decoded
/// by the worker that takes it (``GestureLogReader/RawLine/decoded()``). Not thread-safe: a replay reads
/// it under its ``SweepOrder``'s lock.
///
/// The corpora's items (each line that is not blank, and each file that cannot be opened) are numbered
/// from 0 in order; the feed hands on the items of its shard (item `r` is shard `r % n + 1`'s) and
/// counts them all.
final class CorpusFeed: @unchecked Sendable {
  private var files: ArraySlice<String>
  private var reader: GestureLogReader?
  private let shard: Shard
  /// The items read so far, the shard's and the others'.
  private(set) var items = 0

  /// A feed over the files, in order.
  /// - Parameters:
  ///   - files: The corpora.
  ///   - shard: The shard whose items are handed on.
  init(files: [String], shard: Shard = .whole) {
    self.files = files[...]
    self.shard = shard
  }

  /// The shard's next item; nil after the last file's last line.
  func next() -> GestureLogReader.RawLine? {
    while let item = nextItem() {
      defer { items += 1 }
      if items % shard.count == shard.index - 1 { return item }
    }
    return nil
  }

  /// The next item, the shard's or not.
  private func nextItem() -> GestureLogReader.RawLine? {
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
