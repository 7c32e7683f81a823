import SheetCore

extension SheetFrame {
  /// The bytes of a frame's `detent` and `target` as they lie in the frame: two frames whose bits are
  /// equal have detents and targets of the same sizes as text (a string's bits hold its UTF-8 length,
  /// a small one's its bytes; a target's hold its case and its height), which is all a frame's
  /// estimated size reads; two with the same values may differ in bits (a string copied to new
  /// storage), which only costs a comparison a frame.
  struct TextBits: Equatable {
    var words: (UInt64, UInt64, UInt64, UInt64, UInt64)

    static func == (a: TextBits, b: TextBits) -> Bool { a.words == b.words }
  }

  /// The frame's ``TextBits``, read in place; nil where the two do not fit them (never on the 64-bit
  /// platforms Swift runs on: 16 bytes for the string, 17 for the target).
  var textBits: TextBits? {
    get {
      guard MemoryLayout<String?>.size <= 16, MemoryLayout<ReleaseTarget?>.size <= 24 else { return nil }
      var words: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
      withUnsafeMutableBytes(of: &words) { out in
        withUnsafeBytes(of: detent) { out.copyMemory(from: $0) }
        withUnsafeBytes(of: target) { bytes in
          UnsafeMutableRawBufferPointer(rebasing: out[16...]).copyMemory(from: bytes)
        }
      }
      return TextBits(words: words)
    }
  }
}
