import SheetScenario
import SheetTrace

/// `sheet merge` of `sheet tune`'s parts: each run's outcome kept (and, with `--explain`, the reasons of
/// the first failures the table lists), then the report printed by ``TuneReport`` from the runs in
/// index order, as one process prints it.
struct TuneMerge {
  private let sweep: Sweep
  private let explain: Bool
  private let write: (file: String, digest: String)?
  /// Each run's outcome: 0 not read yet, 1 passed, 2 failed.
  private var outcomes: [UInt8]
  /// The reasons of failed runs, at most twice the listed ones between trims.
  private var whys: [Int: String] = [:]

  /// A merge of the parts whose first header is `header`.
  /// - Throws: ``ShardPartError`` for a setup that does not make a sweep of the header's runs.
  init(_ header: ShardPart.Header, file: String) throws(ShardPartError) {
    var setup = ShardFields(header.setup, file: file, line: 1, path: "setup.")
    let names = try setup.strings("files", 1...Int(Int32.max))
    let parameters = try setup.strings("params", 1...Int(Int32.max)).enumerated().map {
      k, spec throws(ShardPartError) in
      do throws(UsageError) {
        return try SweepParameter.parse(spec)
      } catch {
        throw setup.failure("params[\(k)]", error.message)
      }
    }
    let explain = try setup.bool("explain")
    write = try setup.writeBack()
    try setup.refuseOthers(of: "a tune's setup")
    sweep = Sweep(files: names, parameters: parameters, options: ScenarioOptions())
    guard sweep.runCount == header.runs else {
      throw setup.failure(
        "params", "make \(sweep.runCount.map(String.init) ?? "too many") runs, not \(header.runs)")
    }
    self.explain = explain
    outcomes = [UInt8](repeating: 0, count: header.runs)
  }

  /// Keeps one run's record: `passed`, and `why` when it failed.
  /// - Throws: ``ShardPartError`` naming the field at fault.
  mutating func record(_ run: Int, _ fields: inout ShardFields) throws(ShardPartError) {
    let passed = try fields.bool("passed")
    if fields.has("why") {
      guard !passed else { throw fields.failure("why", "a passed run has no reason") }
      let why = try fields.string("why")
      if explain { keep(why, of: run) }
    }
    try fields.refuseOthers(of: "a tune record (run, passed, why)")
    outcomes[run] = passed ? 1 : 2
  }

  /// Keeps a failed run's reason while it may be among the table's listed ones.
  private mutating func keep(_ why: String, of run: Int) {
    whys[run] = why
    guard whys.count > 2 * SweepTable.listedFailures else { return }
    for dropped in whys.keys.sorted().dropFirst(SweepTable.listedFailures) { whys[dropped] = nil }
  }

  /// Prints the report (and with `--write` writes the file) as `sheet tune` does in one process.
  /// - Returns: `sheet tune`'s exit status.
  /// - Throws: `UsageError` when the `--write` file is not the one the sweep read.
  func report() throws(UsageError) -> Int32 {
    var writeBack: TuneWriteBack?
    if let write {
      writeBack = try TuneWriteBack.unchanged(
        file: write.file, digest: write.digest, parameters: sweep.parameters, run: "the sweep")
    }
    var report = TuneReport(sweep, explain: explain, writeBack: writeBack)
    Output.write(report.start())
    var rows = ""
    for (run, outcome) in outcomes.enumerated() {
      rows += report.add(SweepOutcome(passed: outcome == 1, why: outcome == 1 ? nil : whys[run]))
      if rows.utf8.count >= 1 << 16 {
        Output.write(rows)
        rows = ""
      }
    }
    Output.write(rows)
    let finished = report.finish()
    Output.write(finished.text)
    return finished.status
  }
}
