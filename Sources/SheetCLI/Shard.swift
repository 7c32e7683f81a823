import Foundation

/// `--shard i/n`: the share of a sweep's runs one process makes, so that `n` processes (or machines)
/// together make every run once. Run `r` (0-based, in the sweep's order) belongs to shard `r % n + 1`;
/// each run's work depends on its index alone, so the shards' runs are the runs of the whole sweep.
struct Shard: Equatable, Sendable {
  /// The shard's number, 1 to ``count``.
  var index: Int
  /// The number of shards.
  var count: Int

  /// The whole sweep: one shard of one.
  static let whole = Shard(index: 1, count: 1)
  /// The most shards a sweep may be cut into.
  static let largestCount = 100_000

  /// Parses `i/n`: whole numbers with `1 <= i <= n <= largestCount`.
  /// - Parameter text: The option's value.
  /// - Returns: The shard.
  /// - Throws: `UsageError` quoting the value and saying what is expected.
  static func parse(_ text: String) throws(UsageError) -> Shard {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
      (1...largestCount).contains(count), (1...count).contains(index)
    else {
      throw UsageError(
        message: "--shard expects i/n with whole numbers 1 <= i <= n <= \(largestCount), got '\(text)'")
    }
    return Shard(index: index, count: count)
  }

  /// The shard `--shard` or the environment gives (``given(_:environment:)``), or the whole sweep.
  /// - Parameters:
  ///   - args: The parsed arguments.
  ///   - environment: The process's environment (a test passes its own).
  /// - Returns: The shard.
  /// - Throws: `UsageError` for a malformed value.
  static func option(
    _ args: CommandLineArguments, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(UsageError) -> Shard {
    try given(args, environment: environment) ?? .whole
  }

  /// The sweep's index of this shard's `k`-th run (0-based).
  func run(_ k: Int) -> Int { (index - 1) + k * count }

  /// How many of a sweep's `total` runs are this shard's.
  func share(of total: Int) -> Int {
    total <= index - 1 ? 0 : (total - index) / count + 1
  }
}
