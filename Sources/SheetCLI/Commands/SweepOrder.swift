import Foundation

/// The order of a sweep's runs across its workers: runs are claimed in grid order, and each point's
/// outcomes are handed on in grid order once that point and every point before it are done.
///
/// A worker claims a run only while its point is fewer than `window` points past the first point not
/// yet handed on, so the outcomes waiting for an earlier point hold at most `window` points, whatever
/// the grid's size. The first unfinished point is always being run by a worker that is not waiting, so
/// the sweep always moves on.
///
/// A stream of unknown length (a corpus read a line at a time) is claimed with ``claim(reading:)``,
/// which reads each run's input under the order's lock, so the runs' indices follow the stream.
final class SweepOrder<Outcome>: @unchecked Sendable {
  /// The runs in the grid (points x files).
  let runs: Int
  private let files: Int
  private let window: Int
  private let condition = NSCondition()
  /// The next run to claim.
  private var next = 0
  /// The first point not yet handed on.
  private var first = 0
  /// The outcomes of the points from ``first`` on that have any, by point.
  private var waiting: [Int: [Outcome?]] = [:]
  /// Whether ``stop()`` was called: no run is claimed any more.
  private var stopped = false

  /// An order over `points` points of `files` runs each.
  /// - Parameters:
  ///   - points: The grid's points (0 or more).
  ///   - files: The runs per point (1 or more; 0 makes no runs).
  ///   - window: The most points claimed ahead of the first unfinished one (1 or more).
  init(points: Int, files: Int, window: Int) {
    let (product, overflow) = points.multipliedReportingOverflow(by: files)
    precondition(!overflow && window >= 1, "a grid counted before it runs")
    runs = product
    self.files = files
    self.window = window
  }

  /// The next run to make, waiting while its point is a window past the first unfinished one; nil when
  /// every run is claimed.
  func claim() -> Int? {
    condition.lock()
    defer { condition.unlock() }
    while !stopped, next < runs, next / files >= first + window { condition.wait() }
    guard !stopped, next < runs else { return nil }
    next += 1
    return next - 1
  }

  /// The next run with its input, read by `take` under the order's lock once the window allows (so
  /// inputs are read in run order, and at most a window of them wait); nil when `take` has no more
  /// (no run is claimed after that) or the order was stopped.
  /// - Parameter take: Reads the next run's input; nil at the end.
  /// - Returns: The run's index and input.
  func claim<Item>(reading take: () -> Item?) -> (index: Int, item: Item)? {
    condition.lock()
    defer { condition.unlock() }
    while !stopped, next < runs, next / files >= first + window { condition.wait() }
    guard !stopped, next < runs else { return nil }
    guard let item = take() else {
      stopped = true
      condition.broadcast()
      return nil
    }
    next += 1
    return (next - 1, item)
  }

  /// Claims no more runs: ``claim()`` returns nil from now on, and the runs already claimed are
  /// finished and handed on as before (`sheet fuzz` stops at its first failure, or its time).
  func stop() {
    condition.lock()
    defer { condition.unlock() }
    stopped = true
    condition.broadcast()
  }

  /// Records run `index`'s outcome, then hands on every point that is now complete and first in line.
  /// - Parameters:
  ///   - index: A run ``claim()`` returned.
  ///   - outcome: How it ended.
  ///   - each: Called with each point handed on (its index and outcomes), under the order's lock.
  func finish(_ index: Int, _ outcome: Outcome, each: (Int, [Outcome]) -> Void) {
    condition.lock()
    defer { condition.unlock() }
    waiting[index / files, default: [Outcome?](repeating: nil, count: files)][index % files] = outcome
    var moved = false
    while let done = waiting[first]?.compactMap({ $0 }), done.count == files {
      waiting[first] = nil
      each(first, done)
      first += 1
      moved = true
    }
    if moved { condition.broadcast() }
  }
}
