import SheetScript
import SheetTrace

/// The outcome table of a sweep, written a row at a time as the points finish: a row per grid point
/// (its values, the pass count, then `pass` or `FAIL` per scenario), and with `--explain` a line per
/// FAIL cell under it.
///
/// Each column is as wide as its widest possible cell, known before the first row: a parameter's
/// values are all in the grid, a pass count is at most `files/files`, and a cell is `pass` or `FAIL`.
struct SweepTable {
  /// The most FAIL cells listed under the table; past it they are counted.
  static let listedFailures = 10_000

  private let sweep: Sweep
  private let names: [String]
  private let widths: [Int]
  private let explain: Bool
  private var failures: [String] = []
  private var unlisted = 0

  /// A table for `sweep`.
  /// - Parameters:
  ///   - sweep: The sweep whose outcomes the rows show.
  ///   - explain: Whether ``end()`` lists the FAIL cells with their first failure.
  init(_ sweep: Sweep, explain: Bool) {
    self.sweep = sweep
    self.explain = explain
    names = sweep.files.map { String($0.split(separator: "/").last ?? Substring($0)) }
    let count = sweep.files.count
    widths =
      sweep.parameters.map { parameter in
        parameter.values.map { TraceNumber.format($0).count }.reduce(parameter.name.count, max)
      } + [max("passed".count, "\(count)/\(count)".count)] + names.map { max($0.count, "FAIL".count) }
  }

  /// The first line and the header.
  func start() -> String {
    "sweep: \(sweep.pointCount ?? 0) points x \(sweep.files.count) scenarios\n"
      + line(sweep.parameters.map(\.name) + ["passed"] + names)
  }

  /// The row of point `index`, noting its FAIL cells for ``end()``.
  /// - Parameters:
  ///   - index: The point's index in the grid.
  ///   - outcomes: Its outcomes, one per file.
  /// - Returns: The row's line.
  mutating func row(_ index: Int, _ outcomes: [SweepOutcome]) -> String {
    let point = sweep.point(at: index)
    if explain {
      let values = zip(sweep.parameters, point).map { "\($0.name)=\(TraceNumber.format($1))" }
        .joined(separator: " ")
      for (name, run) in zip(names, outcomes) where !run.passed {
        if failures.count < Self.listedFailures {
          failures.append("  \(values)  \(name)  \(run.why ?? "failed")\n")
        } else {
          unlisted += 1
        }
      }
    }
    let passed = outcomes.filter(\.passed).count
    return line(
      point.map { TraceNumber.format($0) } + ["\(passed)/\(sweep.files.count)"]
        + outcomes.map { $0.passed ? "pass" : "FAIL" })
  }

  /// What follows the rows: with `--explain`, a line per FAIL cell (the point, the scenario, its first
  /// failure), or that every run passed; else nothing.
  func end() -> String {
    guard explain else { return "" }
    guard !failures.isEmpty else { return "\nevery run passed\n" }
    let rest = unlisted > 0 ? "  (and \(unlisted) more FAIL cells, not listed)\n" : ""
    return "\nwhy each FAIL failed (its first failure):\n" + failures.joined() + rest
  }

  /// Cells padded to their columns' widths, trailing spaces trimmed.
  private func line(_ cells: [String]) -> String {
    var text = zip(cells, widths).map { $0 + String(repeating: " ", count: max(0, $1 - $0.count)) }
      .joined(separator: "  ")
    while text.hasSuffix(" ") { text.removeLast() }
    return text + "\n"
  }
}
