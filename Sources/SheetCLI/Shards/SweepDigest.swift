import Foundation
import SheetScript
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
  mutating func add(_ field: some StringProtocol) {
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

extension SweepDigest {
  /// Adds each corpus's path and bytes.
  /// - Throws: `UsageError` for a corpus that cannot be read to its end.
  mutating func add(corpora files: [String]) throws(UsageError) {
    for file in files {
      add(file)
      guard add(contentsOf: file) else { throw UsageError(message: "\(file): cannot be read") }
    }
  }

  /// Adds a behaviour (its name and text) and its `--set` overrides.
  mutating func add(behaviour source: BehaviourSource, overrides: [(name: String, value: Double)]) {
    add("--behaviour \(source.name)")
    add(source.text)
    for (name, value) in overrides { add("--set \(name)=\(JSONWriter.shortest(value))") }
  }
}
