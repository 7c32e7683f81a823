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
  /// Points whose every scenario passed.
  private(set) var passingPoints = 0
  /// Points that finished.
  private var points = 0
  /// For each parameter, whether each of its values is part of a passing point.
  private var passingValues: [[Bool]]

  /// A table for `sweep`.
  /// - Parameters:
  ///   - sweep: The sweep whose outcomes the rows show.
  ///   - explain: Whether ``end()`` lists the FAIL cells with their first failure.
  init(_ sweep: Sweep, explain: Bool) {
    self.sweep = sweep
    self.explain = explain
    passingValues = sweep.parameters.map { [Bool](repeating: false, count: $0.values.count) }
    names = sweep.files.map { String($0.split(separator: "/").last ?? Substring($0)) }
    let count = sweep.files.count
    widths =
      sweep.parameters.map { parameter in
        parameter.values.map { TraceNumber.format($0).count }.reduce(parameter.name.count, max)
      } + [max("passed".count, "\(count)/\(count)".count)] + names.map { max($0.count, "FAIL".count) }
  }

  /// The first line and the header.
  func start() -> String {
    "sweep: \(Plural.count(sweep.pointCount ?? 0, "point")) x \(Plural.count(sweep.files.count, "scenario"))\n"
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
    points += 1
    if passed == sweep.files.count {
      passingPoints += 1
      for (parameter, position) in sweep.valueIndices(at: index).enumerated() {
        passingValues[parameter][position] = true
      }
    }
    return line(
      point.map { TraceNumber.format($0) } + ["\(passed)/\(sweep.files.count)"]
        + outcomes.map { $0.passed ? "pass" : "FAIL" })
  }

  /// What follows the rows: with `--explain`, a line per FAIL cell (the point, the scenario, its first
  /// failure), or that every run passed; then, last, the verdict (``verdict()``).
  func end() -> String {
    explanation() + verdict()
  }

  /// How many points passed (every scenario), and for each parameter the values that are part of a
  /// passing point, as ranges of neighbouring grid values (`1250..1750, 2000`), or that none is.
  func verdict() -> String {
    var text = "\n"
    text +=
      passingPoints == 0
      ? "no point passes (0 of \(points)): every point fails a scenario\n"
      : "\(passingPoints) of \(Plural.count(points, "point")) \(passingPoints == 1 ? "passes" : "pass") every scenario\n"
    for (parameter, passing) in zip(sweep.parameters, passingValues) {
      let all =
        "\(TraceNumber.format(parameter.values[0]))..\(TraceNumber.format(parameter.values[parameter.values.count - 1]))"
      let count = passing.filter { $0 }.count
      guard count > 0 else {
        text += "  \(parameter.name): no value in \(all) passes\n"
        continue
      }
      text +=
        "  \(parameter.name) passes at \(Self.ranges(parameter.values, passing)) "
        + "(\(count) of \(Plural.count(parameter.values.count, "value")) in \(all))\n"
    }
    return text
  }

  /// The values marked, as ranges of neighbours: `1000, 1500..1750`.
  static func ranges(_ values: [Double], _ marked: [Bool]) -> String {
    var parts: [String] = []
    var start: Int?
    for index in 0...values.count {
      let on = index < values.count && marked[index]
      if on, start == nil { start = index }
      if !on, let first = start {
        let last = index - 1
        parts.append(
          first == last
            ? TraceNumber.format(values[first])
            : "\(TraceNumber.format(values[first]))..\(TraceNumber.format(values[last]))")
        start = nil
      }
    }
    return parts.joined(separator: ", ")
  }

  /// With `--explain`, a line per FAIL cell (the point, the scenario, its first failure), or that every
  /// run passed; else nothing.
  private func explanation() -> String {
    guard explain else { return "" }
    guard !failures.isEmpty else { return "\nevery run passed\n" }
    let rest = unlisted > 0 ? "  (and \(Plural.count(unlisted, "more FAIL cell")), not listed)\n" : ""
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
