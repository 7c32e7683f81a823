import SheetCore
import SheetTrace

/// What `sheet fit` found and prints: the search's effort against the whole grid, the agreement and
/// confusion matrix at the current values and at the chosen ones, and each parameter's sensitivity.
package struct FitReport: Sendable {
  /// The behaviour's name, the search and the fit's gestures.
  package var behaviour: String
  package var search: FitSearch
  package var gestures: Int
  package var withoutIntent: Int
  /// What the search found.
  package var result: FitSearch.Result
  /// Each evaluated point's score, and the score at the current values.
  package var scores: [FitSearch.Point: FitScore]
  package var before: FitScore
  /// With `--exhaustive`: the whole grid's best point and its agreement.
  package var exhaustive: (best: FitSearch.Point, agreement: Int)?

  package init(
    behaviour: String, search: FitSearch, fit: CorpusFit, result: FitSearch.Result,
    scores: [FitSearch.Point: FitScore], before: FitScore
  ) {
    self.init(
      behaviour: behaviour, search: search, gestures: fit.gestures.count, withoutIntent: fit.withoutIntent,
      result: result, scores: scores, before: before)
  }

  /// A report of a fit of `gestures` gestures with an intent (and `withoutIntent` without).
  package init(
    behaviour: String, search: FitSearch, gestures: Int, withoutIntent: Int, result: FitSearch.Result,
    scores: [FitSearch.Point: FitScore], before: FitScore
  ) {
    self.behaviour = behaviour
    self.search = search
    self.gestures = gestures
    self.withoutIntent = withoutIntent
    self.result = result
    self.scores = scores
    self.before = before
  }

  /// The chosen values, by name.
  package var chosen: [(name: String, value: Double)] {
    zip(search.axes.map(\.name), search.values(result.best)).map { ($0, $1) }
  }

  /// Runs made: a replay per gesture at each evaluated point and at the current values.
  package var runs: Int { (scores.count + 1) * gestures }

  /// The report as text, ending with a newline.
  package func text() -> String {
    let axes = search.axes
    let ranges = axes.map {
      "\($0.name) \(Self.shown($0.values[0]))..\(Self.shown($0.values[$0.values.count - 1])) "
        + "(\(Plural.count($0.values.count, "value")))"
    }
    var out =
      "Fit of \(behaviour) to \(GestureReplaySummary.counted(gestures, "gesture")) with an intent"
      + " (\(GestureReplaySummary.grouped(withoutIntent)) without, not replayed) over "
      + ranges.joined(separator: ", ") + "\n"
    let k = FitSearch.coarseValues(parameters: axes.count)
    let evaluated = result.evaluated.count
    let grid = search.gridPoints
    let share = grid.map { " (\(Format.fixed(100 * Double(evaluated) / Double($0), 1)) %)" } ?? ""
    out +=
      "Search: a coarse grid of \(axes.map { "\(min(k, $0.values.count))" }.joined(separator: " x ")), "
      + "then moves along each parameter halving to one step: \(Plural.count(result.searchPoints, "point"))"
      + "; sensitivity: \(result.sensitivityPoints) more; \(GestureReplaySummary.grouped(evaluated)) of the "
      + "grid's \(grid.map(GestureReplaySummary.grouped) ?? "too many") points\(share), "
      + "\(GestureReplaySummary.counted(runs, "run")) (the current values' included)\n"
    let current = axes.map { ($0.name, $0.current) }
    out += "Before (\(Self.assignments(current))): \(Self.agreement(before))\n"
    out += "After (\(Self.assignments(chosen))): \(Self.agreement(scores[result.best] ?? FitScore()))\n"
    if let exhaustive {
      let same = exhaustive.best == result.best ? "the same point" : "not the search's choice"
      out +=
        "Exhaustive: the grid's best (\(Self.assignments(zip(axes.map(\.name), search.values(exhaustive.best)).map { ($0, $1) })))"
        + " has \(GestureReplaySummary.grouped(exhaustive.agreement)) agreeing: \(same)\n"
    }
    for (title, score) in [("before", before), ("after", scores[result.best] ?? FitScore())] {
      out +=
        "\nIntent (rows) against outcome (columns), \(title):\n"
        + GestureReplaySummary.matrix(score.confusion, rowTitle: "intent")
      if score.failures > 0 { out += "  \(Plural.count(score.failures, "gesture")) could not be replayed\n" }
    }
    for (i, axis) in axes.enumerated() {
      out += "\n" + sensitivityText(i, axis)
    }
    return out
  }

  /// Parameter `i`'s sensitivity: its agreement at each evaluated value, the others at the chosen point.
  private func sensitivityText(_ i: Int, _ axis: FitSearch.Axis) -> String {
    let positions = result.sensitivity[i]
    let others = chosen.enumerated().filter { $0.offset != i }.map(\.element)
    let which =
      positions.count == axis.values.count
      ? "every value"
      : "\(positions.count) of its \(axis.values.count) values: 21 spread evenly and the chosen one's neighbours"
    var out =
      "Sensitivity of \(axis.name) (\(others.isEmpty ? "" : Self.assignments(others) + "; ")\(which)):\n"
    let rows = positions.map { position -> [String] in
      var point = result.best
      point[i] = position
      let score = scores[point] ?? FitScore()
      return [
        Self.shown(axis.values[position]), GestureReplaySummary.grouped(score.agreement),
        Self.percent(score) + (position == result.best[i] ? "  chosen" : ""),
      ]
    }
    let width = (0..<2).map { c in rows.map { $0[c].count }.max() ?? 0 }
    for row in rows {
      out +=
        "  " + row[0].padding(toLength: width[0], withPad: " ", startingAt: 0) + "  "
        + String(repeating: " ", count: width[1] - row[1].count) + row[1] + "  " + row[2] + "\n"
    }
    return out
  }

  /// A value as the report shows it: to at most 9 decimals (a grid's `from + i * step` is shown as the
  /// value the step meant; `--format jsonl` and `--write` keep every digit).
  static func shown(_ value: Double) -> String { TraceNumber.format(value, decimals: 9) }

  /// `name = value, name = value`.
  static func assignments(_ values: [(name: String, value: Double)]) -> String {
    values.map { "\($0.name) = \(shown($0.value))" }.joined(separator: ", ")
  }

  /// `1,836 of 2,000 agree (91.8 %)`.
  static func agreement(_ score: FitScore) -> String {
    "\(GestureReplaySummary.grouped(score.agreement)) of \(GestureReplaySummary.grouped(score.gestures)) "
      + "agree (\(percent(score)))"
  }

  static func percent(_ score: FitScore) -> String {
    Format.fixed(100 * Double(score.agreement) / Double(max(score.gestures, 1)), 1) + " %"
  }
}
