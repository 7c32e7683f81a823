/// FNV-1a, 64 bits (Fowler, Noll and Vo: offset basis `0xcbf29ce484222325`, prime `0x100000001b3`): the
/// one content hash of the project, for a gesture record's behaviour source (``GestureRecord/sourceHash(_:)``)
/// and a sharded sweep's digest. It tells texts apart; it is not a defence against a forger.
package struct FNV1a {
  /// The offset basis.
  private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
  /// The prime.
  private static let prime: UInt64 = 0x100_0000_01b3

  private var state = offsetBasis

  /// A hash of nothing yet.
  package init() {}

  /// Mixes in bytes, one FNV-1a step each: xor the byte in, multiply by the prime (modulo 2^64).
  /// - Parameter bytes: The bytes, in order.
  package mutating func add(_ bytes: some Sequence<UInt8>) {
    for byte in bytes { state = (state ^ UInt64(byte)) &* Self.prime }
  }

  /// The hash as 16 lower-case hexadecimal digits.
  package var hex: String {
    let digits = String(state, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
