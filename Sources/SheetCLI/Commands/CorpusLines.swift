import SheetTrace

/// The gestures of corpora read in order on one thread, file after file (``GestureLogReader``), for a
/// command that reads them whole before it replays (`sheet fit`) or after it has (`sheet corpus
/// label`); a replay that decodes on its workers reads through ``CorpusFeed``.
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
    var bad = 0
    for file in files {
      let reader: GestureLogReader
      do throws(GestureLogError) {
        reader = try GestureLogReader(file: file)
      } catch {
        if !quiet { Output.error(error.description) }
        bad += 1
        continue
      }
      while let entry = reader.next() {
        switch entry {
        case .gesture(let record, let line):
          guard each(record, file, line) else { return bad }
        case .bad(let error):
          if !quiet { Output.error(error.description) }
          bad += 1
        }
      }
    }
    return bad
  }
}
