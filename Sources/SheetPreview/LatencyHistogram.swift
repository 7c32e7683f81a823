/// Round-trip times counted in fixed buckets of 1 µs up to 100 ms (and one bucket beyond): percentiles
/// to the microsecond in constant memory, allocated once before a measurement starts, so a long soak's
/// memory reading is not moved by the measurement's own storage.
package struct LatencyHistogram {
  /// Bucket width, milliseconds.
  package static let bucket = 0.001
  /// Buckets below the overflow one (100 ms).
  package static let buckets = 100_000
  private var counts: [Int]
  /// Times counted.
  package private(set) var count = 0
  /// The largest time counted, milliseconds.
  package private(set) var maximum = 0.0

  package init() {
    counts = Array(repeating: 0, count: Self.buckets + 1)
  }

  /// Counts a time, milliseconds.
  package mutating func add(_ milliseconds: Double) {
    let index =
      milliseconds.isFinite ? min(Self.buckets, max(0, Int(milliseconds / Self.bucket))) : Self.buckets
    counts[index] += 1
    count += 1
    maximum = max(maximum, milliseconds)
  }

  /// The `fraction` percentile (nearest rank), milliseconds: its bucket's upper edge (the maximum for
  /// the overflow bucket); 0 when nothing was counted.
  package func percentile(_ fraction: Double) -> Double {
    guard count > 0 else { return 0 }
    let rank = max(1, Int((fraction * Double(count)).rounded(.up)))
    var seen = 0
    for (index, n) in counts.enumerated() {
      seen += n
      if seen >= rank {
        return index == Self.buckets ? maximum : min(maximum, Double(index + 1) * Self.bucket)
      }
    }
    return maximum
  }
}
