/// What `sheet tune` prints, made from the runs' outcomes in the sweep's order: the table's header,
/// a row per point as its last run comes in, then the explanation, the verdict and what `--write` did.
///
/// A sweep in one process and `sheet merge` of its shards' parts both feed it, run by run in index
/// order, so the two print the same bytes.
struct TuneReport {
  private var table: SweepTable
  private var writeBack: TuneWriteBack?
  private let sweep: Sweep
  /// The outcomes of the point under way.
  private var point: [SweepOutcome] = []
  /// The next run's index.
  private(set) var next = 0

  /// A report of `sweep`.
  /// - Parameters:
  ///   - sweep: The sweep.
  ///   - explain: Whether the FAIL cells are listed under the table (`--explain`).
  ///   - writeBack: The file the passing point nearest its values goes into (`--write`).
  init(_ sweep: Sweep, explain: Bool, writeBack: TuneWriteBack?) {
    self.sweep = sweep
    table = SweepTable(sweep, explain: explain)
    self.writeBack = writeBack
  }

  /// The first line and the table's header.
  func start() -> String { table.start() }

  /// Takes the next run's outcome (run ``next``); when it completes a point, returns the point's row.
  /// - Parameter outcome: How the run ended.
  /// - Returns: The row, or "" while the point waits for more runs.
  mutating func add(_ outcome: SweepOutcome) -> String {
    next += 1
    point.append(outcome)
    guard point.count == sweep.files.count else { return "" }
    let index = (next - 1) / sweep.files.count
    let passing = table.passingPoints
    let row = table.row(index, point)
    if table.passingPoints > passing {  // the table's own rule: every scenario passed
      writeBack?.passed(index: index, point: sweep.point(at: index))
    }
    point.removeAll(keepingCapacity: true)
    return row
  }

  /// What follows the rows (the explanation and the verdict), with `--write`, writes the file and
  /// says what it did; and the exit status: 0 when a point passed (and the file took it), else 1.
  func finish() -> (text: String, status: Int32) {
    let passing = table.passingPoints > 0
    let end = table.end()
    guard let written = writeBack?.write(sweep) else { return (end, passing ? 0 : 1) }
    return (end + written.text, passing && written.written ? 0 : 1)
  }
}
