import Foundation
import SheetTrace

/// A digest of everything that decides a sharded command's runs (files' contents, parameters,
/// options, the tool's version), written in each shard's part so that `sheet merge` refuses parts of
/// different sweeps.
///
/// The project's one content hash (SheetTrace's `FNV1a`) over each field's byte count and bytes in
/// turn, so that no two lists of fields give the same stream.
struct SweepDigest {
  private var hash = FNV1a()

  /// A digest of no fields yet.
  init() {}

  /// Adds one field: its byte count, then its bytes.
  /// - Parameter field: The field's text.
  mutating func add(_ field: String) {
    hash.add(String(field.utf8.count).utf8)
    hash.add(CollectionOfOne(0))
    hash.add(field.utf8)
  }

  /// Adds a file's bytes as one field: the digest of its bytes, read 64 KiB at a time (a corpus may be
  /// larger than memory allows to read whole).
  /// - Parameter file: The file's path.
  /// - Returns: Whether the file could be read to its end.
  mutating func add(contentsOf file: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: file) else { return false }
    defer { try? handle.close() }
    var contents = FNV1a()
    do {
      while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
        contents.add(chunk)
      }
    } catch {
      return false
    }
    add(contents.hex)
    return true
  }

  /// The digest as 16 lower-case hexadecimal digits.
  var hex: String { hash.hex }
}
