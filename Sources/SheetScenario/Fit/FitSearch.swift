/// The search `sheet fit` makes over a grid of threshold values for the point whose replays agree best
/// with the gestures' intents, without evaluating the whole grid.
///
/// 1. **Coarse grid.** ``coarseValues(parameters:)`` values per parameter, spread evenly over its values
///    (both ends included), every combination evaluated.
/// 2. **Refinement, coordinate by coordinate.** From the best point so far, each parameter is moved by
///    `h` steps down and up (the others held), `h` starting at half the coarse grid's spacing; the best
///    of the point and its moves becomes the point. When no move improves, `h` halves, down to one step,
///    where every pair of parameters is also moved one step each at once (the diagonals); the
///    refinement ends when no one-step move improves.
/// 3. **Sensitivity.** Along each parameter, with the others at the point: every value, or
///    ``sensitivitySamples`` values spread evenly and the point's neighbours for a longer axis. When one
///    of them is better than the point, the refinement starts again from it (one-step moves), so the
///    result is the best point evaluated and no value along any parameter's sensitivity beats it.
///
/// Better means more agreement; a tie goes to the point nearer the current values (the sum over the
/// parameters of the squared distance in steps), then to the point the grid lists first. Every point is
/// evaluated once (a cache), and the points are evaluated in batches whose order depends only on the
/// scores, so the search is the same whatever the number of workers.
///
/// Why this search: the agreement of a threshold is a step function of it (each gesture flips between
/// two outcomes at one value), broad-peaked for the thresholds a release reads, so a coarse grid finds
/// the peak's basin with `5^d` points and the halving steps reach the peak with a few points per
/// parameter, where the whole grid costs the product of the parameters' value counts. It is a local
/// search: on an agreement with two separate peaks it can stop at the lower one; the sensitivity pass
/// catches a better value along each parameter, not a better combination elsewhere.
package struct FitSearch: Sendable {
  /// A parameter: its name, its values (`from + i * step`, ascending) and its current value.
  package struct Axis: Sendable, Equatable {
    package var name: String
    package var values: [Double]
    package var current: Double

    package init(name: String, values: [Double], current: Double) {
      self.name = name
      self.values = values
      self.current = current
    }

    /// The current value's position in steps from the first value (fractional, possibly off the grid).
    package var currentPosition: Double {
      values.count > 1 ? (current - values[0]) / (values[1] - values[0]) : 0
    }
  }

  /// A point: a value position per parameter.
  package typealias Point = [Int]

  /// The values per parameter on a longer axis that the sensitivity evaluates.
  package static let sensitivitySamples = 21
  /// The most parameters one search takes.
  package static let maximumParameters = 8

  /// The parameters.
  package let axes: [Axis]

  /// A search over the parameters.
  package init(axes: [Axis]) {
    precondition(!axes.isEmpty && axes.allSatisfy { !$0.values.isEmpty }, "a search over values")
    self.axes = axes
  }

  /// The coarse grid's values per parameter: 5 for up to three parameters, 3 for more (`3^8` = 6,561
  /// points at most).
  package static func coarseValues(parameters: Int) -> Int { parameters <= 3 ? 5 : 3 }

  /// The number of points in the whole grid, or nil when it overflows an `Int`.
  package var gridPoints: Int? { Self.gridPoints(axes.map(\.values.count)) }

  /// The number of points in a grid of `counts` values per parameter (their product), or nil when it
  /// overflows an `Int`.
  package static func gridPoints(_ counts: [Int]) -> Int? {
    var product = 1
    for count in counts {
      let (next, overflow) = product.multipliedReportingOverflow(by: count)
      if overflow { return nil }
      product = next
    }
    return product
  }

  /// The point's values.
  package func values(_ point: Point) -> [Double] { zip(axes, point).map { $0.values[$1] } }

  /// The point's distance from the current values: the sum of the squares of each parameter's distance
  /// in steps (so a tie along a diagonal ridge of equal agreement still has a nearest point).
  package func distance(_ point: Point) -> Double {
    zip(axes, point).reduce(0) { sum, pair in
      let steps = Double(pair.1) - pair.0.currentPosition
      return sum + steps * steps
    }
  }

  /// Whether point `a` (with agreement `x`) is better than `b` (with `y`): more agreement, then nearer
  /// the current values, then earlier in the grid.
  package func isBetter(_ a: Point, _ x: Int, than b: Point, _ y: Int) -> Bool {
    if x != y { return x > y }
    let (da, db) = (distance(a), distance(b))
    if da != db { return da < db }
    return a.lexicographicallyPrecedes(b)
  }

  /// What the search found.
  package struct Result: Sendable, Equatable {
    /// The best point and its agreement.
    package var best: Point
    package var agreement: Int
    /// Every point evaluated and its agreement.
    package var evaluated: [Point: Int]
    /// Points evaluated by the coarse grid and the refinement, and by the sensitivity passes.
    package var searchPoints: Int
    package var sensitivityPoints: Int
    /// Per parameter, the positions its sensitivity evaluated (ascending), the others at ``best``.
    package var sensitivity: [[Int]]
  }

  /// Runs the search.
  /// - Parameter evaluate: Evaluates a batch of points never evaluated before (``values(_:)`` gives a
  ///   point's values) and returns each one's agreement, in the batch's order. The batches depend only
  ///   on the agreements returned, so a search run again over the same agreements asks for the same
  ///   batches (a sharded fit advances a round at a time so); an error it throws ends the search.
  /// - Returns: The best point, what was evaluated and each parameter's sensitivity.
  /// - Throws: What `evaluate` throws.
  package func run<Failure: Error>(evaluate: ([Point]) throws(Failure) -> [Int]) throws(Failure) -> Result {
    var cache: [Point: Int] = [:]
    func score(_ batch: [Point]) throws(Failure) {
      var seen = Set<Point>()
      let new = batch.filter { cache[$0] == nil && seen.insert($0).inserted }
      guard !new.isEmpty else { return }
      for (point, agreement) in zip(new, try evaluate(new)) { cache[point] = agreement }
    }
    func pick(_ points: [Point]) -> Point {
      points.dropFirst().reduce(points[0]) {
        isBetter($1, cache[$1] ?? 0, than: $0, cache[$0] ?? 0) ? $1 : $0
      }
    }
    let coarse = coarseGrid()
    try score(coarse)
    var best = pick(coarse)
    var steps = axes.map { axis in
      let k = Self.coarseValues(parameters: axes.count)
      return max(1, (axis.values.count - 1 + 2 * (k - 1) - 1) / (2 * (k - 1)))
    }
    var searched = 0
    var sensitivity: [[Int]] = []
    while true {
      best = try refine(best, steps: &steps, score: score, pick: pick)
      if searched == 0 { searched = cache.count }
      sensitivity = axes.indices.map { sensitivityPositions($0, around: best) }
      try score(sensitivity.enumerated().flatMap { i, positions in positions.map { moved(best, i, to: $0) } })
      let top = pick(Array(cache.keys))
      if top == best { break }
      best = top
    }
    return Result(
      best: best, agreement: cache[best] ?? 0, evaluated: cache, searchPoints: searched,
      sensitivityPoints: cache.count - searched, sensitivity: sensitivity)
  }

  /// Evaluates every point of the grid (`sheet fit --exhaustive`, to check the search), in batches of
  /// ``exhaustiveBatch`` points in the grid's order, and keeps the best by the search's order.
  /// - Parameter evaluate: As for ``run(evaluate:)``.
  /// - Returns: The grid's best point and its agreement.
  package func exhaustive(evaluate: ([Point]) -> [Int]) -> (best: Point, agreement: Int) {
    let counts = axes.map(\.values.count)
    var best: (point: Point, agreement: Int)?
    var next: Point? = counts.map { _ in 0 }
    while next != nil {
      var batch: [Point] = []
      while let point = next, batch.count < Self.exhaustiveBatch {
        batch.append(point)
        next = Self.after(point, counts)
      }
      for (point, agreement) in zip(batch, evaluate(batch)) {
        if let held = best, !isBetter(point, agreement, than: held.point, held.agreement) { continue }
        best = (point, agreement)
      }
    }
    return best.map { ($0.point, $0.agreement) } ?? (counts.map { _ in 0 }, 0)
  }

  /// The points an exhaustive evaluation hands over at once.
  package static let exhaustiveBatch = 64

  /// The grid point after `point` (the last parameter varying fastest), nil after the last.
  private static func after(_ point: Point, _ counts: [Int]) -> Point? {
    var point = point
    for i in point.indices.reversed() {
      point[i] += 1
      if point[i] < counts[i] { return point }
      point[i] = 0
    }
    return nil
  }

  /// The refinement: moves of `steps` along each parameter, halving to one step.
  private func refine<Failure: Error>(
    _ start: Point, steps: inout [Int], score: ([Point]) throws(Failure) -> Void, pick: ([Point]) -> Point
  ) throws(Failure) -> Point {
    var best = start
    while true {
      var moves: [Point] = []
      for (i, axis) in axes.enumerated() {
        for position in [best[i] - steps[i], best[i] + steps[i]] where axis.values.indices.contains(position)
        {
          moves.append(moved(best, i, to: position))
        }
      }
      if steps.allSatisfy({ $0 == 1 }) { moves += diagonals(best) }
      try score(moves)
      let next = pick([best] + moves)
      if next != best {
        best = next
      } else if steps.allSatisfy({ $0 == 1 }) {
        return best
      } else {
        steps = steps.map { max(1, $0 / 2) }
      }
    }
  }

  /// The one-step moves of two parameters at once, each up or down: where two thresholds trade off
  /// (a longer projection against a larger progress to go on), the agreement's best points lie along a
  /// diagonal that moves of one parameter cannot follow.
  private func diagonals(_ point: Point) -> [Point] {
    var moves: [Point] = []
    for i in axes.indices {
      for j in axes.indices where j > i {
        for (di, dj) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
          var move = point
          move[i] += di
          move[j] += dj
          if axes[i].values.indices.contains(move[i]) && axes[j].values.indices.contains(move[j]) {
            moves.append(move)
          }
        }
      }
    }
    return moves
  }

  /// The coarse grid's points, the first parameter varying slowest.
  package func coarseGrid() -> [Point] {
    let k = Self.coarseValues(parameters: axes.count)
    let positions = axes.map { Self.spread($0.values.count, k) }
    return positions.reduce([[]]) { points, axis in points.flatMap { p in axis.map { p + [$0] } } }
  }

  /// The positions parameter `i`'s sensitivity evaluates around `point`.
  package func sensitivityPositions(_ i: Int, around point: Point) -> [Int] {
    let n = axes[i].values.count
    guard n > Self.sensitivitySamples else { return Array(0..<n) }
    let near = [point[i] - 1, point[i], point[i] + 1].filter { (0..<n).contains($0) }
    return Array(Set(Self.spread(n, Self.sensitivitySamples) + near)).sorted()
  }

  /// `k` positions spread evenly over `0..<n`, both ends included (all of them when `n <= k`).
  package static func spread(_ n: Int, _ k: Int) -> [Int] {
    guard n > k else { return Array(0..<n) }
    guard k > 1 else { return [0] }
    return (0..<k).map { j in (j * (n - 1) + (k - 1) / 2) / (k - 1) }
  }

  private func moved(_ point: Point, _ i: Int, to position: Int) -> Point {
    var point = point
    point[i] = position
    return point
  }
}
