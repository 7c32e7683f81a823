import SheetTrace

/// The gestures of corpora decoded in order on one thread, for a command that reads them whole before it
/// replays (`sheet fit`) or after it has (`sheet corpus label`): the lines of the one ``CorpusFeed``,
/// each decoded as it comes (a replay instead decodes each line on the worker that takes it).
enum CorpusLines {
  /// Hands each gesture on in order, with its file and line, until `each` returns false; reports each
  /// bad line (or file that cannot be read) on standard error unless `quiet`.
  /// - Parameters:
  ///   - files: The corpora.
  ///   - quiet: Whether to leave the bad lines unreported (a second reading of corpora already read).
  ///   - each: Takes a gesture, its file and line; returns whether to go on.
  /// - Returns: The number of bad lines and files.
  static func read(_ files: [String], quiet: Bool = false, each: (GestureRecord, String, Int) -> Bool) -> Int
  {
    let feed = CorpusFeed(files: files)
    var bad = 0
    while let raw = feed.next() {
      switch raw.decoded() {
      case .gesture(let record, let line):
        guard case .line(_, let file, _) = raw, each(record, file, line) else { return bad }
      case .bad(let error):
        if !quiet { Output.error(error.description) }
        bad += 1
      }
    }
    return bad
  }
}
