import SheetCore

/// The text lengths of the last few motions a trace described (``SheetDriver/describe(_:)``), so the
/// outcome sink can count an `animation` event's size without making its text for every transition: a
/// behaviour hands over the same few motions again and again.
struct MotionLengthMemo {
  /// How many motions are remembered (the oldest is forgotten first).
  static let capacity = 4

  /// The remembered motions with their texts' UTF-8 lengths.
  private var entries: [(motion: Motion, bytes: Int)] = []
  /// The entry the next new motion replaces once the memo is full.
  private var oldest = 0

  /// The UTF-8 length of `SheetDriver.describe(motion)`; the text is made only for a motion not
  /// remembered (equal motions describe alike: the format writes -0 as 0).
  /// - Parameter motion: The motion.
  /// - Returns: The length in bytes.
  mutating func bytes(of motion: Motion) -> Int {
    for entry in entries where entry.motion == motion { return entry.bytes }
    let bytes = SheetDriver.describe(motion).utf8.count
    remember(motion, bytes)
    return bytes
  }

  /// Adds a motion, forgetting the oldest when full.
  private mutating func remember(_ motion: Motion, _ bytes: Int) {
    guard entries.count == Self.capacity else { return entries.append((motion, bytes)) }
    entries[oldest] = (motion, bytes)
    oldest = (oldest + 1) % Self.capacity
  }
}
