import Foundation
import SheetCore

/// The text lengths of the last few motions a trace described (``SheetDriver/describe(_:)``), so the
/// outcome sink can count an `animation` event's size without making its text for every transition: a
/// behaviour hands over the same few motions again and again, and a sweep's runs hand over the same
/// ones as each other. A driver keeps its own few; a motion it has not met is looked up in the ones the
/// process met (shared by every driver, behind a lock) before its text is made.
struct MotionLengthMemo {
  /// How many motions a driver remembers (the oldest is forgotten first).
  static let capacity = 4
  /// How many the process remembers.
  static let sharedCapacity = 16

  /// The motions the process met, with their lengths (read and written only under ``sharedLock``).
  nonisolated(unsafe) private static var shared = MotionLengthMemo(capacity: sharedCapacity)
  /// The lock of ``shared``.
  private static let sharedLock = NSLock()

  /// The remembered motions with their texts' UTF-8 lengths.
  private var entries: [(motion: Motion, bytes: Int)] = []
  /// The entry the next new motion replaces once the memo is full.
  private var oldest = 0
  /// How many motions this memo remembers.
  private let limit: Int

  /// An empty memo of a driver.
  init() { self.init(capacity: Self.capacity) }

  /// An empty memo of `capacity` motions.
  private init(capacity: Int) { limit = capacity }

  /// The UTF-8 length of `SheetDriver.describe(motion)`; the text is made only for a motion neither
  /// this memo nor the process's remembers (equal motions describe alike: the format writes -0 as 0).
  /// - Parameter motion: The motion.
  /// - Returns: The length in bytes.
  mutating func bytes(of motion: Motion) -> Int {
    if let bytes = remembered(motion) { return bytes }
    let bytes = Self.sharedBytes(of: motion)
    remember(motion, bytes)
    return bytes
  }

  /// The length the process remembers for `motion`, measured and remembered if it has none.
  private static func sharedBytes(of motion: Motion) -> Int {
    sharedLock.lock()
    defer { sharedLock.unlock() }
    if let bytes = shared.remembered(motion) { return bytes }
    let bytes = SheetDriver.describe(motion).utf8.count
    shared.remember(motion, bytes)
    return bytes
  }

  /// The length remembered for `motion`, if any.
  private func remembered(_ motion: Motion) -> Int? {
    for entry in entries where entry.motion == motion { return entry.bytes }
    return nil
  }

  /// Adds a motion, forgetting the oldest when full.
  private mutating func remember(_ motion: Motion, _ bytes: Int) {
    guard entries.count == limit else { return entries.append((motion, bytes)) }
    entries[oldest] = (motion, bytes)
    oldest = (oldest + 1) % limit
  }
}
