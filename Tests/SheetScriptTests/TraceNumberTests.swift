import Foundation
import SheetCore
import SheetTestSupport
import Testing

@testable import SheetScript
@testable import SheetTrace

/// `TraceNumber.format` works out C's `%.Nf` (trailing zeros cut) without the C library; these check it
/// against the C library's own `printf` (through `String(format:)`), the oracle it must equal byte for
/// byte.
@Suite struct TraceNumberTests {
  /// C's text, trimmed as traces trim it.
  static func oracle(_ value: Double, _ decimals: Int) -> String {
    var text = String(format: "%.\(decimals)f", value)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
  }

  static func expectSame(
    _ value: Double, _ decimals: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let text = TraceNumber.format(value, decimals: decimals)
    #expect(text == oracle(value, decimals), "\(value) at \(decimals)", sourceLocation: sourceLocation)
    #expect(
      TraceNumber.formattedLength(value, decimals: decimals) == text.utf8.count,
      sourceLocation: sourceLocation)
    var bytes: [UInt8] = []
    TraceNumber.append(value, decimals: decimals, to: &bytes)
    #expect(bytes == Array(text.utf8), sourceLocation: sourceLocation)
  }

  static let rows: [(value: Double, decimals: Int, text: String, line: UInt)] = [
    (0, 4, "0", #line),
    (-0.0, 4, "0", #line),
    (-0.00004, 4, "0", #line),  // C prints -0.0000
    (0.00005, 4, "0.0001", #line),  // just above the tie in binary
    (0.125, 2, "0.12", #line),  // an exact tie: to even
    (0.375, 2, "0.38", #line),
    (2.5, 0, "2", #line),
    (3.5, 0, "4", #line),
    (-2.5, 0, "-2", #line),
    (1.5, 3, "1.5", #line),
    (797, 4, "797", #line),
    (398.5, 4, "398.5", #line),
    (-1234.56789, 3, "-1234.568", #line),
    (0.016666666666666666, 6, "0.016667", #line),
    (1e20, 4, "100000000000000000000", #line),  // past 2^52: printed by C
  ]

  @Test(arguments: rows.indices) func knownValues(_ i: Int) {
    let row = Self.rows[i]
    #expect(
      TraceNumber.format(row.value, decimals: row.decimals) == row.text, sourceLocation: location(row.line))
    Self.expectSame(row.value, row.decimals, sourceLocation: location(row.line))
  }

  /// 200,000 numbers of every magnitude a trace carries (1e-9 to 1e14, either sign), at every number of
  /// decimals, and the exact ties `k / 2^m` near each.
  @Test(arguments: 0..<4) func aSeededSweepMatchesPrintf(_ seed: UInt64) {
    var rng = SplitMix64(seed: 0x7ace_0000 + seed)
    for _ in 0..<50_000 {
      let exponent = Double(rng.next() % 24) - 9
      let mantissa = Double(rng.next() % (1 << 53)) / Double(1 << 53)
      let sign: Double = rng.next() % 2 == 0 ? 1 : -1
      let value = sign * mantissa * pow(10, exponent)
      let decimals = Int(rng.next() % 10)
      Self.expectSame(value, decimals)
      let tie = (value * 1024).rounded() / 1024 + 1.0 / 2048  // a dyadic value: some are exact ties
      Self.expectSame(tie, decimals)
    }
  }

  func location(_ line: UInt) -> Testing.SourceLocation {
    Testing.SourceLocation(fileID: #fileID, filePath: #filePath, line: Int(line), column: 1)
  }
}
