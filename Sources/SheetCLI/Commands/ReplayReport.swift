import SheetScenario
import SheetTrace

/// What `sheet replay` prints, made from the corpora's items (a gesture's replays, or a bad line) in
/// the corpora's order: with `--format jsonl` a line per gesture as it comes, the table once the last
/// has come; each bad line on standard error as it comes, and what went wrong at the end.
///
/// A replay in one process and `sheet merge` of its shards' parts both feed it, item by item in order,
/// so the two print the same bytes. It gives each gesture its index among the gestures as it comes.
struct ReplayReport {
  /// The summary of the gestures so far.
  private var summary: GestureReplaySummary
  /// Each replay's behaviour and overrides, in words.
  private let labels: [String]
  /// `table` or `jsonl`.
  private let format: String
  /// Lines not read so far.
  private var bad = 0

  /// A report of replays with `labels.count` behaviours (one, or two with `--against`).
  /// - Parameters:
  ///   - labels: Each replay's behaviour and overrides, in words.
  ///   - format: `table` or `jsonl`.
  init(labels: [String], format: String) {
    summary = GestureReplaySummary(replayers: labels.count)
    self.labels = labels
    self.format = format
  }

  /// Takes the next gesture's replays, giving it its index.
  /// - Parameter replay: The replays (its index is set here).
  /// - Returns: What goes to standard output now: its jsonl line, or "" for the table.
  mutating func add(_ replay: GestureReplay) -> String {
    var replay = replay
    replay.index = summary.gestures
    summary.add(replay)
    return format == "jsonl" ? replay.jsonLine() + "\n" : ""
  }

  /// Takes the next item, a line (or file) that was not read.
  /// - Parameter error: Why, naming the file and line.
  /// - Returns: What goes to standard error now.
  mutating func add(bad error: String) -> String {
    bad += 1
    return error + "\n"
  }

  /// What follows the items: the table (for standard output), what went wrong (for standard error),
  /// and the exit status: 0 when every line was read and every gesture replayed, else 1.
  /// - Parameter files: The corpora, as given.
  func finish(files: [String]) -> (text: String, error: String, status: Int32) {
    var text = ""
    var error = ""
    if summary.gestures == 0 {
      error += "replay: no gesture in \(files.joined(separator: " "))\n"
    } else if format == "table" {
      text = summary.text(labels: labels)
    }
    if bad > 0 { error += "replay: \(Plural.count(bad, "line")) not read (reported above) and skipped\n" }
    let failed = summary.sides.contains { $0.failures > 0 }
    return (text, error, bad == 0 && !failed && summary.gestures > 0 ? 0 : 1)
  }

  /// Writes what `finish(files:)` gives and returns the status.
  static func end(_ finished: (text: String, error: String, status: Int32)) -> Int32 {
    if !finished.text.isEmpty { Output.write(finished.text) }
    if !finished.error.isEmpty { Output.writeError(finished.error) }
    return finished.status
  }
}
