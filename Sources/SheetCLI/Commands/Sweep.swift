import Dispatch
import LuaHost
import SheetCore
import SheetScenario
import SheetScript
import SheetTrace
import Synchronization

/// One swept threshold: `name=from..to:step`.
struct SweepParameter: Equatable {
  /// The most values one parameter may take.
  static let maximumValues = 10_000

  /// The threshold's name.
  var name: String
  /// The values, `from + i * step` up to `to`.
  var values: [Double]

  /// Parses `name=from..to:step`: `from`, `to` and `step` finite, `step > 0`, `to >= from`, and at most
  /// ``maximumValues`` values (counted before any is made); for a threshold the default policy reads
  /// (``DefaultPolicy/Threshold``), every value in its range.
  /// - Parameter text: The option's value.
  /// - Returns: The parameter with its values.
  /// - Throws: `UsageError` quoting the text and saying what is wrong with it.
  static func parse(_ text: String) throws(UsageError) -> SweepParameter {
    let bad = UsageError(message: "--param expects name=from..to:step, got '\(text)'")
    guard let equals = text.firstIndex(of: "=") else { throw bad }
    let name = String(text[..<equals])
    let range = text[text.index(after: equals)...]
    let parts = range.split(separator: ":", maxSplits: 1)
    guard !name.isEmpty, parts.count == 2, let step = Double(parts[1]) else { throw bad }
    let ends = parts[0].components(separatedBy: "..")
    guard ends.count == 2, let from = Double(ends[0]), let to = Double(ends[1]) else { throw bad }
    for (part, value) in [("from", from), ("to", to), ("step", step)] where !value.isFinite {
      throw UsageError(message: "--param expects finite numbers, got '\(text)' (\(part) is \(value))")
    }
    guard step > 0 else {
      throw UsageError(message: "--param expects a step greater than 0, got '\(text)'")
    }
    guard to >= from else {
      throw UsageError(message: "--param expects from <= to, got '\(text)'")
    }
    // Counted in Double: a huge span over a small step (or one overflowing to infinity) is refused
    // before it is converted to an Int.
    let count = ((to - from) / step + 1e-9).rounded(.down) + 1
    guard count.isFinite, count <= Double(maximumValues) else {
      let shown = !count.isFinite ? "too many" : count < 1e15 ? "\(Int(count))" : "\(count)"
      throw UsageError(
        message: "--param '\(text)' gives \(shown) values (at most \(maximumValues) per parameter)")
    }
    let n = Int(count)
    let values = (0..<n).map { from + Double($0) * step }
    for value in values {
      do throws(ThresholdError) {
        try DefaultPolicy.Threshold.check(name, value)
      } catch {
        throw UsageError(message: "--param \(text): \(error)")
      }
    }
    return SweepParameter(name: name, values: values)
  }
}

/// How one scenario run of a sweep ended.
struct SweepOutcome: Sendable, Equatable {
  /// Whether the scenario passed.
  var passed: Bool
  /// The first failure (`file:line: message`) and how many more there were, when it failed.
  var why: String?

  /// The outcome of a scenario run.
  /// - Parameter result: The run's result.
  init(_ result: ScenarioResult) {
    passed = result.passed
    guard !passed else { return }
    let first = result.failures.first?.description ?? result.scriptError ?? result.summary
    let more = result.failures.count - 1
    why = first + (more > 0 ? " (and \(Plural.count(more, "more failure")))" : "")
  }

  /// An outcome given directly (tests, placeholders).
  init(passed: Bool, why: String? = nil) {
    self.passed = passed
    self.why = why
  }
}

/// A grid of threshold values run over a set of scenarios.
struct Sweep: Sendable {
  /// The most runs a sweep makes unless `--max-runs` says otherwise.
  static let defaultMaximumRuns = 100_000
  /// The most runs `--max-runs` may allow: about three hours at a thousand runs a second.
  static let largestMaximumRuns = 10_000_000
  /// The most points started ahead of the first unfinished one (``run(jobs:progress:each:)``).
  static let window = 1024

  /// The scenario files, sorted.
  var files: [String]
  /// The swept parameters; the grid is their cartesian product, the first varying slowest.
  var parameters: [SweepParameter]
  /// Options every run shares (fixed overrides, frame rate).
  var options: ScenarioOptions
  /// The workers' warm states, kept from one run of the sweep to the next.
  let warmth = WarmPool()

  /// The number of grid points (the product of the value counts), or nil when it overflows an Int.
  var pointCount: Int? { FitSearch.gridPoints(parameters.map(\.values.count)) }

  /// The number of scenario runs the sweep makes (points x files), or nil when it overflows an Int.
  var runCount: Int? {
    guard let points = pointCount else { return nil }
    let (runs, overflow) = points.multipliedReportingOverflow(by: files.count)
    return overflow ? nil : runs
  }

  /// The grid point at `index` (in `0..<pointCount`), a value per parameter, the first varying slowest.
  /// - Parameter index: The point's index.
  /// - Returns: Its values.
  func point(at index: Int) -> [Double] {
    zip(parameters, valueIndices(at: index)).map { $0.values[$1] }
  }

  /// The position of each parameter's value at grid point `index` (the last parameter varies fastest).
  func valueIndices(at index: Int) -> [Int] {
    var rest = index
    var positions = [Int](repeating: 0, count: parameters.count)
    for (i, parameter) in parameters.enumerated().reversed() {
      positions[i] = rest % parameter.values.count
      rest /= parameter.values.count
    }
    return positions
  }

  /// Checks the grid's size before anything runs: at most `maximumRuns` runs (and, without scenario
  /// files, at most that many table rows), counted without making the grid.
  /// - Parameter maximumRuns: The cap (`--max-runs`, default ``defaultMaximumRuns``).
  /// - Throws: `UsageError` giving the count, what it is made of and the cap.
  func requireRuns(atMost maximumRuns: Int) throws(UsageError) {
    let counted = files.isEmpty ? pointCount : runCount
    if let counted, counted <= maximumRuns { return }
    let factors = parameters.map { "\($0.name): \(Plural.count($0.values.count, "value"))" }
    let size = counted.map(String.init) ?? "more than \(Int.max)"
    let what =
      files.isEmpty
      ? "the sweep's grid has \(size) points (\(factors.joined(separator: " x ")))"
      : "the sweep makes \(size) runs (\((factors + [Plural.count(files.count, "scenario")]).joined(separator: " x ")))"
    throw UsageError(
      message: "\(what), more than --max-runs \(maximumRuns); narrow the --param ranges or raise --max-runs")
  }

  /// The options of one run at a grid point: the shared options with the point's values appended.
  /// - Parameter point: A value per parameter.
  /// - Returns: The run's options.
  func options(at point: [Double]) -> ScenarioOptions {
    var runOptions = options
    runOptions.keepsFrames = false  // a sweep reads each run's outcome, never its frames
    for (parameter, value) in zip(parameters, point) {
      runOptions.overrides.append((parameter.name, value))
    }
    return runOptions
  }

  /// Checks, before the sweep, that every swept and `--set` threshold is declared by the behaviour of at
  /// least one scenario: each scenario runs once at the grid's first point, and its result lists the
  /// thresholds its behaviours declare (also when one refused an override). When no run got as far as
  /// loading a behaviour there is nothing to check against, and the sweep reports the failures.
  /// - Parameter jobs: The number of worker threads.
  /// - Returns: The behaviour and module files the scenarios read, sorted (a shard's digest reads them).
  /// - Throws: `UsageError` naming the first unknown threshold, the nearest declared one and every
  ///   declared one.
  @discardableResult
  func requireDeclaredThresholds(jobs: Int) throws(UsageError) -> [String] {
    guard !files.isEmpty, (pointCount ?? 0) > 0 else { return [] }
    let runOptions = options(at: point(at: 0))
    let results = warmMap(count: files.count, jobs: jobs, placeholder: nil) { index, warm in
      ScenarioRunner.run(file: files[index], options: runOptions, warm: warm) as ScenarioResult?
    }
    let informed = results.compactMap { $0 }.filter {
      !$0.thresholds.isEmpty || $0.overrideRefusal != nil
    }
    let behaviours = Set(results.compactMap { $0 }.flatMap { $0.behaviourFiles + $0.modulesRead }).sorted()
    guard !informed.isEmpty else { return behaviours }
    let declared = Set(informed.flatMap(\.thresholds)).sorted()
    let swept = parameters.map { ("--param", $0.name) } + options.overrides.map { ("--set", $0.name) }
    for (option, name) in swept where !declared.contains(name) {
      let hint = NameSuggestion.hint(name, among: declared)
      let list = declared.isEmpty ? "they declare none" : "they declare " + declared.joined(separator: ", ")
      throw UsageError(
        message: "\(option) \(name): no scenario's behaviour declares a threshold '\(name)'\(hint); \(list)")
    }
    return behaviours
  }

  /// Makes a shard's runs (every run for ``Shard/whole``) on `jobs` threads and hands each run's
  /// outcome to `each` with its index in the whole sweep, in index order, as soon as it and every run
  /// of the shard before it are done. Runs are taken in index order and at most ``window`` points' runs
  /// are started ahead of the first unfinished one, so what waits to be handed on stays bounded whatever
  /// the grid's size. Run `r` is point `r / files.count`'s run of file `r % files.count`.
  /// - Parameters:
  ///   - shard: The share of the runs to make.
  ///   - jobs: The number of worker threads (1 or more).
  ///   - progress: Called after each finished run, from any thread.
  ///   - each: Called with a run's index and outcome, one call at a time, from any worker thread.
  func run(
    shard: Shard = .whole, jobs: Int, progress: @Sendable () -> Void = {},
    each: @Sendable (Int, SweepOutcome) -> Void
  ) {
    let files = self.files
    let order = SweepOrder<SweepOutcome>(
      points: shard.share(of: runCount ?? 0), files: 1, window: Self.window * max(1, files.count))
    let warm = (0..<Self.workers(jobs: jobs, count: order.runs)).map { _ in warmth.take() }
    defer { for states in warm { warmth.give(states) } }
    DispatchQueue.concurrentPerform(iterations: warm.count) { worker in
      while let k = order.claim() {
        let index = shard.run(k)
        let runOptions = options(at: point(at: index / files.count))
        let outcome = SweepOutcome(
          ScenarioRunner.run(file: files[index % files.count], options: runOptions, warm: warm[worker]))
        progress()
        order.finish(k, outcome) { handed, outcomes in each(shard.run(handed), outcomes[0]) }
      }
    }
  }

  /// Every point's outcomes, `[point][file]`: ``run(shard:jobs:progress:each:)`` collected, for a grid
  /// small enough to hold (the benchmarks').
  /// - Parameter jobs: The number of worker threads (1 or more).
  /// - Returns: How each run ended.
  func outcomes(jobs: Int) -> [[SweepOutcome]] {
    let collected = Mutex([SweepOutcome]())
    run(jobs: jobs) { _, outcome in collected.withLock { $0.append(outcome) } }
    let runs = collected.withLock { $0 }
    return stride(from: 0, to: runs.count, by: max(1, files.count)).map {
      Array(runs[$0..<min($0 + files.count, runs.count)])
    }
  }

  /// ``parallelMap(count:jobs:placeholder:_:)`` with each worker's warm states (``WarmStates``), taken
  /// from the sweep's pool for the map and given back after it: a worker's runs restore the states its
  /// first run of a file and behaviour built.
  private func warmMap<T: Sendable>(
    count: Int, jobs: Int, placeholder: T, _ body: @Sendable (Int, WarmStates) -> T
  ) -> [T] {
    let warm = (0..<Self.workers(jobs: jobs, count: count)).map { _ in warmth.take() }
    defer { for states in warm { warmth.give(states) } }
    return Self.parallelMap(count: count, jobs: jobs, placeholder: placeholder) { index, worker in
      body(index, warm[worker])
    }
  }

  /// The threads a map over `count` items on `jobs` threads uses: at least 1, at most one per item.
  static func workers(jobs: Int, count: Int) -> Int { max(1, min(jobs, count)) }

  /// `body(0..<count)` on `jobs` threads, each taking the next index until none is left; the results in
  /// index order.
  static func parallelMap<T: Sendable>(
    count: Int, jobs: Int, placeholder: T, _ body: @Sendable (Int) -> T
  ) -> [T] {
    parallelMap(count: count, jobs: jobs, placeholder: placeholder) { index, _ in body(index) }
  }

  /// ``parallelMap(count:jobs:placeholder:_:)`` with the worker's number (`0..<min(jobs, count)`, at
  /// least 1 worker) passed beside each index: what one worker keeps between its runs is indexed by it.
  static func parallelMap<T: Sendable>(
    count: Int, jobs: Int, placeholder: T, _ body: @Sendable (Int, Int) -> T
  ) -> [T] {
    let next = Atomic(0)
    let results = Mutex([T](repeating: placeholder, count: count))
    DispatchQueue.concurrentPerform(iterations: workers(jobs: jobs, count: count)) { worker in
      while true {
        let index = next.add(1, ordering: .relaxed).oldValue
        guard index < count else { return }
        let result = body(index, worker)
        results.withLock { $0[index] = result }
      }
    }
    return results.withLock { $0 }
  }
}
