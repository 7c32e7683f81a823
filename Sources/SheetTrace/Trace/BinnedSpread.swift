import SheetCore

/// A spread of non-negative values (a replay's settle times and overshoots, the preview bench's round
/// trips) kept in fixed bins, allocated once, so that it takes the same memory whatever the count and
/// two spreads add up (``merge(_:)``) to exactly the spread of all their values, in any order: the count
/// and maximum exact, the sum kept in whole units of a thousandth of a bin (so it adds up the same in
/// any order), the percentiles to within a bin's width (the last bin, which holds every value past the
/// others, answers with the maximum).
package struct BinnedSpread: Sendable, Equatable {
  /// The width of a bin, in the values' unit.
  package let binWidth: Double
  /// Counts per bin: bin `k` holds values in `[k, k + 1) * binWidth`; the last one every value past it.
  package private(set) var bins: [Int]
  package private(set) var count = 0
  /// The values' sum in units of ``unit``.
  package private(set) var units = 0
  package private(set) var maximum = 0.0

  /// A spread of `binCount` bins of `binWidth`.
  package init(binWidth: Double, binCount: Int) {
    self.binWidth = binWidth
    bins = [Int](repeating: 0, count: binCount)
  }

  /// Adds a value (a negative or non-finite one, or one past a thousand times the bins' span, which no
  /// settle time or overshoot reaches, is not counted).
  package mutating func add(_ value: Double) {
    guard value.isFinite, value >= 0, value < Double(bins.count) * binWidth * 1000 else { return }
    count += 1
    units += Int((value / unit).rounded())
    maximum = max(maximum, value)
    bins[min(bins.count - 1, Int(value / binWidth))] += 1
  }

  /// Adds another spread of the same bins.
  package mutating func merge(_ other: BinnedSpread) {
    precondition(other.binWidth == binWidth && other.bins.count == bins.count, "spreads of the same bins")
    count += other.count
    units += other.units
    maximum = max(maximum, other.maximum)
    for k in bins.indices { bins[k] += other.bins[k] }
  }

  /// The unit the sum is kept in: a thousandth of a bin.
  package var unit: Double { binWidth / 1000 }

  /// The mean.
  package var mean: Double { count > 0 ? Double(units) * unit / Double(count) : 0 }

  /// The `p`-th fraction's value (0.5 the median, nearest rank), to within a bin: the upper edge of the
  /// bin holding the value of rank `ceil(p * count)`, at most the maximum; the maximum for the last bin;
  /// 0 when nothing was counted.
  package func percentile(_ p: Double) -> Double {
    guard count > 0 else { return 0 }
    let rank = max(1, Int((p * Double(count)).rounded(.up)))
    var seen = 0
    for (k, n) in bins.enumerated() {
      seen += n
      if seen >= rank { return k == bins.count - 1 ? maximum : min(maximum, Double(k + 1) * binWidth) }
    }
    return maximum
  }

  /// `mean 0.412 s, median 0.405 s, p90 0.520 s, max 0.730 s`.
  package func describe(unit: String, decimals: Int) -> String {
    func f(_ x: Double) -> String { Format.fixed(x, decimals) + " " + unit }
    return "mean \(f(mean)), median \(f(percentile(0.5))), p90 \(f(percentile(0.9))), max \(f(maximum))"
  }
}
