import Foundation
import SheetCore
import SheetTestSupport
import Testing

@testable import SheetScript
@testable import SheetTrace

/// The one JSON writer: what it writes is JSON that reads back to the values written, and counting
/// gives exactly the bytes writing gives (the trace limits count with it).
@Suite struct JSONWriterTests {
  /// Texts with every kind of character the writer escapes.
  static let texts = [
    "", "plain", "say \"hi\"\\", "a\nb\r\tc\u{1}\u{1f}", "</script>", "\u{2028}\u{2029}", "é ü 中 😀", "\u{7f}",
  ]

  @Test(arguments: [false, true]) func countingGivesTheBytesWritingGives(_ forHTML: Bool) throws {
    var rng = SplitMix64(seed: 0x150_4e)
    for _ in 0..<2000 {
      var written = JSONWriter()
      var counted = JSONWriter(counting: true)
      written.forHTML = forHTML
      counted.forHTML = forHTML
      written.beginObject()
      counted.beginObject()
      var expected: [String: Any] = [:]
      for index in 0..<Int(rng.next() % 6) {
        let key = "k\(index)" + Self.texts[Int(rng.next() % UInt64(Self.texts.count))]
        let value = Double(Int64(bitPattern: rng.next() % (1 << 40)) - (1 << 39)) / 1024
        for writer in [0, 1] {
          if writer == 0 { Self.write(key, value, &written) } else { Self.write(key, value, &counted) }
        }
        expected[key] = value
      }
      written.endObject()
      counted.endObject()
      #expect(counted.count == written.bytes.count && counted.bytes.isEmpty)
      let back = try #require(try JSONSerialization.jsonObject(with: Data(written.bytes)) as? [String: Any])
      #expect(Set(back.keys) == Set(expected.keys), "\(written.text)")
    }
  }

  static func write(_ key: String, _ value: Double, _ writer: inout JSONWriter) {
    writer.key(key)
    writer.beginArray()
    writer.number(value, decimals: 4)
    writer.number(value)
    writer.string(key)
    writer.null()
    writer.endArray()
  }

  @Test func aTracesNumbersReadBackAsTheyWereFormatted() throws {
    var writer = JSONWriter()
    writer.beginArray()
    for value in [0.0, -0.0, 1.5, -398.5, 0.1 + 0.2, 1e-7, 123456.123456789] {
      writer.number(value, decimals: 6)
    }
    writer.number(.nan, decimals: 6)
    writer.endArray()
    #expect(writer.text == #"[0,0,1.5,-398.5,0.3,0,123456.123457,"nan"]"#)
  }
}
