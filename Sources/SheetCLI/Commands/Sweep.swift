import Dispatch
import SheetScript
import Synchronization

/// One swept threshold: `name=from..to:step`.
struct SweepParameter: Equatable {
  /// The threshold's name.
  var name: String
  /// The values, `from + i * step` up to `to`.
  var values: [Double]

  /// Parses `name=from..to:step`.
  /// - Parameter text: The option's value.
  /// - Returns: The parameter with its values.
  /// - Throws: `UsageError` quoting the malformed text.
  static func parse(_ text: String) throws(UsageError) -> SweepParameter {
    let bad = UsageError(message: "--param expects name=from..to:step, got '\(text)'")
    guard let equals = text.firstIndex(of: "=") else { throw bad }
    let name = String(text[..<equals])
    let range = text[text.index(after: equals)...]
    let parts = range.split(separator: ":", maxSplits: 1)
    guard !name.isEmpty, parts.count == 2, let step = Double(parts[1]), step > 0 else { throw bad }
    let ends = parts[0].components(separatedBy: "..")
    guard ends.count == 2, let from = Double(ends[0]), let to = Double(ends[1]), to >= from else { throw bad }
    let count = Int(((to - from) / step + 1e-9).rounded(.down)) + 1
    guard count <= 10_000 else {
      throw UsageError(message: "--param \(text) gives \(count) values (at most 10000)")
    }
    return SweepParameter(name: name, values: (0..<count).map { from + Double($0) * step })
  }
}

/// A grid of threshold values run over a set of scenarios.
struct Sweep: Sendable {
  /// The scenario files, sorted.
  var files: [String]
  /// The swept parameters; the grid is their cartesian product, the first varying slowest.
  var parameters: [SweepParameter]
  /// Options every run shares (fixed overrides, frame rate).
  var options: ScenarioOptions

  /// The grid's points, each a value per parameter.
  var points: [[Double]] {
    parameters.reduce([[]]) { grid, parameter in
      grid.flatMap { point in parameter.values.map { point + [$0] } }
    }
  }

  /// The number of scenario runs the sweep makes.
  var runCount: Int { points.count * files.count }

  /// Runs every scenario at every point on `jobs` threads.
  /// - Parameters:
  ///   - jobs: The number of worker threads (1 or more).
  ///   - progress: Called after each finished run, from any thread.
  /// - Returns: Whether each run passed, indexed `[point][file]`.
  func run(jobs: Int, progress: @Sendable () -> Void = {}) -> [[Bool]] {
    let points = self.points
    let total = points.count * files.count
    let next = Atomic(0)
    let results = Mutex([Bool](repeating: false, count: total))
    DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, total))) { _ in
      while true {
        let index = next.add(1, ordering: .relaxed).oldValue
        guard index < total else { return }
        let point = points[index / files.count]
        var runOptions = options
        for (parameter, value) in zip(parameters, point) {
          runOptions.overrides.append((parameter.name, value))
        }
        let passed = ScenarioRunner.run(file: files[index % files.count], options: runOptions).passed
        results.withLock { $0[index] = passed }
        progress()
      }
    }
    let flat = results.withLock { $0 }
    return (0..<points.count).map { Array(flat[$0 * files.count..<($0 + 1) * files.count]) }
  }

  /// The outcome table: a row per grid point with the pass count, a column per scenario.
  /// - Parameter outcomes: What `run` returned.
  /// - Returns: The table's text.
  func table(_ outcomes: [[Bool]]) -> String {
    let names = files.map { String($0.split(separator: "/").last ?? Substring($0)) }
    let header = parameters.map(\.name) + ["passed"] + names
    var rows: [[String]] = []
    for (point, outcome) in zip(points, outcomes) {
      let passed = outcome.filter { $0 }.count
      rows.append(
        point.map { TraceNumber.format($0) } + ["\(passed)/\(files.count)"]
          + outcome.map { $0 ? "pass" : "FAIL" })
    }
    let widths = header.indices.map { column in
      ([header[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: "  ")
        .trimmingTrailingSpaces() + "\n"
    }
    return "sweep: \(points.count) points x \(files.count) scenarios\n" + line(header)
      + rows.map(line).joined()
  }
}

extension String {
  /// The string without trailing spaces.
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = self
    while text.hasSuffix(" ") { text.removeLast() }
    return text
  }
}
