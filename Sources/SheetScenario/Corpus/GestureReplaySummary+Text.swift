import SheetCore
import SheetTrace

/// The summary as `sheet replay` prints it.
extension GestureReplaySummary {
  /// The report: what was replayed (synthetic gestures named as such), each replay's outcomes by
  /// starting detent, its agreement with the intents as a confusion matrix, the gestures that end
  /// elsewhere than recorded, settle time and overshoot, failures; with two replays, what changes
  /// between them.
  /// - Parameter labels: Each replay's behaviour and overrides, in words.
  /// - Returns: The text, ending with a newline.
  package func text(labels: [String]) -> String {
    var out = "Replayed \(Self.counted(gestures, "gesture")) (\(originText)) with " + labels[0]
    out += labels.count == 2 ? ", against \(labels[1])\n" : "\n"
    for (k, side) in sides.enumerated() {
      let name = sides.count == 2 ? (k == 0 ? " (a: \(labels[0]))" : " (b: \(labels[1]))") : ""
      out += "\nOutcomes by starting detent\(name):\n" + Self.matrix(side.outcomes, rowTitle: "start")
      if !side.confusion.isEmpty {
        let agreed = side.agreed
        let total = side.confusion.values.reduce(0) { $0 + $1.values.reduce(0, +) }
        out +=
          "\nIntent (rows) against outcome (columns)\(name):\n"
          + Self.matrix(side.confusion, rowTitle: "intent")
          + "\(Self.grouped(agreed)) of \(Self.counted(total, "gesture")) with an intent end where it says "
          + "(\(Format.fixed(100 * Double(agreed) / Double(max(total, 1)), 1)) %)\n"
      }
      if side.recorded > 0 {
        let moved = side.moved.values.reduce(0, +)
        out +=
          "\n\(Self.grouped(moved)) of \(Self.counted(side.recorded, "gesture")) with a recorded outcome "
          + "end elsewhere than recorded" + (moved > 0 ? ": " + Self.ranked(side.moved) : "") + "\n"
      }
      out +=
        "\nSettle time (\(Self.grouped(side.settle.count)) settled): "
        + side.settle.describe(unit: "s", decimals: 3) + "\n"
      out += "Overshoot: " + side.overshoot.describe(unit: "pt", decimals: 2) + "\n"
      if side.failures > 0 {
        out += "\n\(Self.counted(side.failures, "gesture")) could not be replayed\(name)\n"
      }
    }
    if !quoted.isEmpty { out += quoted.map { "  \($0)\n" }.joined() }
    if sides.count == 2 {
      let changed = changes.values.reduce(0, +)
      out +=
        "\n\(Self.grouped(changed)) of \(Self.grouped(gestures)) gestures end at another detent"
        + (changed > 0 ? ": " + Self.ranked(changes) : "") + "\n"
    }
    return out
  }

  /// A count, its thousands separated, and its noun: `5,000 gestures`.
  static func counted(_ n: Int, _ noun: String) -> String { grouped(n) + " " + Plural.noun(n, noun) }

  /// The origins in words: `5,000 synthetic`, `12 host, 3 preview`.
  private var originText: String {
    origins.sorted { $0.key < $1.key }.map { "\(Self.grouped($0.value)) \($0.key)" }.joined(separator: ", ")
  }

  /// A table of counts: a row per key (sorted), a column per end (sorted), each row's total first.
  static func matrix(_ counts: [String: [String: Int]], rowTitle: String) -> String {
    let columns = Set(counts.values.flatMap(\.keys)).sorted()
    let rows = counts.keys.sorted()
    var table = [[rowTitle, "gestures"] + columns]
    for row in rows {
      let ends = counts[row] ?? [:]
      table.append([row, grouped(ends.values.reduce(0, +))] + columns.map { grouped(ends[$0] ?? 0) })
    }
    let widths = columns.indices.map { _ in 0 } + [0, 0]
    var width = widths
    for line in table { for (i, cell) in line.enumerated() { width[i] = max(width[i], cell.count) } }
    return table.map { line in
      "  "
        + line.enumerated().map { i, cell in
          let pad = String(repeating: " ", count: width[i] - cell.count)
          return i == 0 ? cell + pad : pad + cell
        }.joined(separator: "  ") + "\n"
    }.joined()
  }
}
