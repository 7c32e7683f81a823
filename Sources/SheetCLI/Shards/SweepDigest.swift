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

  /// The digest as 16 lower-case hexadecimal digits.
  var hex: String { hash.hex }
}
