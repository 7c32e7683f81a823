import SheetTrace

/// The report as `sheet fit --format jsonl` writes it.
extension FitReport {
  /// A line per point evaluated (by the search, its sensitivity and any `--exhaustive`), in the grid's order (`values`, `agreement`, `gestures`, `failures`),
  /// then a last line with the choice: the chosen and the current `values` with their agreement and
  /// confusion matrices, the points evaluated (by the search and by the sensitivity), the grid's points
  /// the runs made, and with `--exhaustive` the grid's best (`grid_best`).
  /// - Returns: The lines, each ending with a newline.
  package func jsonLines() -> String {
    var out = ""
    for point in scores.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
      var json = JSONWriter()
      json.beginObject()
      values(search.values(point), into: &json)
      score(scores[point] ?? FitScore(), into: &json, matrix: false)
      json.endObject()
      out += json.text + "\n"
    }
    var json = JSONWriter()
    json.beginObject()
    json.key(literal: "chosen")
    json.beginObject()
    values(chosen.map(\.value), into: &json)
    score(scores[result.best] ?? FitScore(), into: &json, matrix: true)
    json.endObject()
    json.key(literal: "current")
    json.beginObject()
    values(search.axes.map(\.current), into: &json)
    score(before, into: &json, matrix: true)
    json.endObject()
    json.field("search_points", result.searchPoints)
    json.field("sensitivity_points", result.sensitivityPoints)
    json.key(literal: "grid_points")
    if let grid = search.gridPoints { json.integer(grid) } else { json.null() }
    json.field("runs", runs)
    if let exhaustive {
      json.key(literal: "grid_best")
      json.beginObject()
      values(search.values(exhaustive.best), into: &json)
      json.field("agreement", exhaustive.agreement)
      json.endObject()
    }
    json.field("without_intent", withoutIntent)
    json.endObject()
    return out + json.text + "\n"
  }

  private func values(_ values: [Double], into json: inout JSONWriter) {
    json.key(literal: "values")
    json.beginObject()
    for (axis, value) in zip(search.axes, values) { json.field(axis.name, value) }
    json.endObject()
  }

  private func score(_ score: FitScore, into json: inout JSONWriter, matrix: Bool) {
    json.field("agreement", score.agreement)
    json.field("gestures", score.gestures)
    json.field("failures", score.failures)
    guard matrix else { return }
    score.writeConfusion(into: &json)
  }
}

extension FitScore {
  /// Writes the `confusion` field: intent → end → gestures, the names in sorted order.
  package func writeConfusion(into json: inout JSONWriter) {
    json.key(literal: "confusion")
    json.beginObject()
    for intent in confusion.keys.sorted() {
      json.key(intent)
      json.beginObject()
      for (end, n) in (confusion[intent] ?? [:]).sorted(by: { $0.key < $1.key }) { json.field(end, n) }
      json.endObject()
    }
    json.endObject()
  }
}
