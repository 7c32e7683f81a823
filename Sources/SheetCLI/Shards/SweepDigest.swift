import Foundation

/// A digest of everything that decides a sharded command's runs (files' contents, parameters,
/// options, the tool's version), written in each shard's part so that `sheet merge` refuses parts of
/// different sweeps.
///
/// FNV-1a, 64 bits (Fowler, Noll and Vo; offset basis 14695981039346656037, prime 1099511628211), over
/// each field's byte count and bytes in turn, so that no two lists of fields give the same stream. It
/// tells sweeps apart; it is not a defence against a forger.
struct SweepDigest {
  /// FNV-1a's 64-bit offset basis.
  private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
  /// FNV-1a's 64-bit prime.
  private static let prime: UInt64 = 0x100_0000_01b3

  private var state = offsetBasis

  /// A digest of no fields yet.
  init() {}

  /// Adds one field: its byte count, then its bytes.
  /// - Parameter field: The field's text.
  mutating func add(_ field: String) {
    for byte in String(field.utf8.count).utf8 + [0] + Array(field.utf8) { mix(byte) }
  }

  /// Adds a file's bytes as one field: the digest of its bytes, read 64 KiB at a time (a corpus may be
  /// larger than memory allows to read whole).
  /// - Parameter file: The file's path.
  /// - Returns: Whether the file could be read to its end.
  mutating func add(contentsOf file: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: file) else { return false }
    defer { try? handle.close() }
    var contents = SweepDigest()
    do {
      while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
        for byte in chunk { contents.mix(byte) }
      }
    } catch {
      return false
    }
    add(contents.hex)
    return true
  }

  /// The digest as 16 lower-case hexadecimal digits.
  var hex: String {
    let digits = String(state, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// One FNV-1a step: xor the byte in, multiply by the prime (modulo 2^64).
  private mutating func mix(_ byte: UInt8) {
    state = (state ^ UInt64(byte)) &* Self.prime
  }
}
