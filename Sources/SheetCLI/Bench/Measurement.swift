/// A figure measured as the median of repeated timed batches, with its spread.
struct Measurement: Equatable {
  /// The median of the batches.
  var median: Double
  /// Half the range between the 25th and 75th percentiles, relative to the median (0.05 = ±5%).
  var spread: Double

  /// Summarises batch results.
  /// - Parameter samples: One value per batch (at least one).
  /// - Returns: Their median and relative interquartile half-range.
  static func of(_ samples: [Double]) -> Measurement {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return Measurement(median: .nan, spread: .nan) }
    let median = quantile(sorted, 0.5)
    let half = (quantile(sorted, 0.75) - quantile(sorted, 0.25)) / 2
    return Measurement(median: median, spread: median != 0 ? abs(half / median) : 0)
  }

  /// The q-quantile of sorted values, interpolating linearly between neighbours.
  /// - Parameters:
  ///   - sorted: Values in ascending order, not empty.
  ///   - q: The quantile, 0...1.
  /// - Returns: The interpolated value.
  static func quantile(_ sorted: [Double], _ q: Double) -> Double {
    let position = q * Double(sorted.count - 1)
    let lower = Int(position.rounded(.down))
    let upper = min(lower + 1, sorted.count - 1)
    let weight = position - Double(lower)
    return sorted[lower] * (1 - weight) + sorted[upper] * weight
  }
}

/// Times work in repeated batches after a warm-up.
struct BatchTimer {
  /// Batches per figure.
  var batches: Int
  private let clock = ContinuousClock()

  /// Creates a timer.
  /// - Parameter batches: How many timed batches make a figure (odd numbers give a true median).
  init(batches: Int) { self.batches = batches }

  /// Nanoseconds taken by `body`.
  /// - Parameter body: The work.
  /// - Returns: Elapsed nanoseconds.
  func nanoseconds(_ body: () -> Void) -> Double {
    let elapsed = clock.measure(body)
    let parts = elapsed.components
    return Double(parts.seconds) * 1e9 + Double(parts.attoseconds) / 1e9
  }

  /// Measures two pieces of work side by side: one warm-up round, then `batches` rounds alternating
  /// the two, so both see the same machine load; also the median of the per-round ratios `b / a`.
  /// - Parameters:
  ///   - a: The first figure's batch, returning a per-operation value.
  ///   - b: The second figure's batch, returning a per-operation value.
  /// - Returns: Both figures and the ratio `b / a` measured round by round.
  func sideBySide(_ a: () -> Double, _ b: () -> Double) -> (
    a: Measurement, b: Measurement, ratio: Measurement
  ) {
    _ = a()
    _ = b()
    var first: [Double] = []
    var second: [Double] = []
    var ratios: [Double] = []
    for _ in 0..<batches {
      let x = a()
      let y = b()
      first.append(x)
      second.append(y)
      ratios.append(y / x)
    }
    return (.of(first), .of(second), .of(ratios))
  }

  /// Measures three pieces of work side by side, as the two-way ``sideBySide(_:_:)`` does, with the
  /// ratios `b / a` and `c / b` measured round by round.
  /// - Parameters:
  ///   - a: The first figure's batch.
  ///   - b: The second figure's batch.
  ///   - c: The third figure's batch.
  /// - Returns: The three figures and the two ratios.
  func sideBySide(_ a: () -> Double, _ b: () -> Double, _ c: () -> Double) -> (
    a: Measurement, b: Measurement, c: Measurement, ratio: Measurement, thirdRatio: Measurement
  ) {
    _ = a()
    _ = b()
    _ = c()
    var samples: [[Double]] = [[], [], [], [], []]
    for _ in 0..<batches {
      let x = a()
      let y = b()
      let z = c()
      for (i, value) in [x, y, z, y / x, z / y].enumerated() { samples[i].append(value) }
    }
    return (.of(samples[0]), .of(samples[1]), .of(samples[2]), .of(samples[3]), .of(samples[4]))
  }

  /// Measures any number of pieces of work side by side, as ``sideBySide(_:_:)`` does: one warm-up
  /// round, then `batches` rounds each running every piece once, in order.
  /// - Parameter bodies: The figures' batches, each returning a per-operation value.
  /// - Returns: Each figure's value per round, `[figure][round]` (derive per-round ratios from them).
  func rounds(_ bodies: [() -> Double]) -> [[Double]] {
    for body in bodies { _ = body() }
    var samples = [[Double]](repeating: [], count: bodies.count)
    for _ in 0..<batches {
      for (i, body) in bodies.enumerated() { samples[i].append(body()) }
    }
    return samples
  }

  /// Measures one piece of work: one warm-up batch, then `batches` timed ones.
  /// - Parameter body: A batch, returning a per-operation value.
  /// - Returns: The figure.
  func measure(_ body: () -> Double) -> Measurement {
    _ = body()
    return .of((0..<batches).map { _ in body() })
  }
}
