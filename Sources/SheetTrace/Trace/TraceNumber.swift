import Foundation
import SheetCore

/// Formats numbers for traces and tables so that every run prints the same bytes.
///
/// A trace's numbers are C's `%.Nf` with the trailing zeros cut. They are worked out here without the
/// C library (`decimalUnits(_:decimals:)`), exactly as `printf` rounds: a long run's trace formats
/// millions of them, and the trace limits count each frame's bytes.
public enum TraceNumber {
  /// Formats a number with at most `decimals` digits after the point, trailing zeros removed.
  ///
  /// The trace writers pass only finite numbers: they leave out a frame holding a non-finite one and
  /// write a non-finite event value as text (see ``Trace``), so no output holds NaN, infinity or a
  /// `null` number.
  /// - Parameters:
  ///   - value: The number; a non-finite one is written `nan`, `inf` or `-inf` (for messages).
  ///   - decimals: The most digits after the point (0...9).
  /// - Returns: The text, `-0` written as `0`.
  public static func format(_ value: Double, decimals: Int = 4) -> String {
    guard value.isFinite else { return Format.general(value) }
    guard let units = decimalUnits(value, decimals: decimals) else {
      return printed(value, decimals: decimals)
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(24)
    append(units: units, decimals: decimals, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The length in bytes of ``format(_:decimals:)``'s text, worked out without making it.
  /// - Parameters:
  ///   - value: The number.
  ///   - decimals: The most digits after the point (0...9).
  /// - Returns: The byte count.
  @inline(__always)
  public static func formattedLength(_ value: Double, decimals: Int = 4) -> Int {
    guard let units = decimalUnits(value, decimals: decimals) else {
      return format(value, decimals: decimals).utf8.count
    }
    if units == 0 { return 1 }
    var rest = units.magnitude
    // decimal digits: ⌊log10(2^bits)⌋ = ⌊bits · 1233 / 4096⌋, one more when it reaches the next power
    let bits = 64 - rest.leadingZeroBitCount
    var digits = (bits &* 1233) >> 12
    if rest >= tenTo(digits) { digits += 1 }
    var fraction = decimals
    while fraction > 0 && isMultipleOfTen(rest) {  // the fraction's trailing zeros are cut
      rest /= 10
      fraction -= 1
    }
    let whole = max(digits - decimals, 1)
    return (units < 0 ? 1 : 0) + whole + (fraction > 0 ? 1 + fraction : 0)
  }

  /// Whether `x` is a multiple of 10: even, and a multiple of 5 (times 5's inverse modulo 2^64 it stays
  /// within 2^64 / 5), without a division.
  @inline(__always)
  package static func isMultipleOfTen(_ x: UInt64) -> Bool {
    x & 1 == 0 && x &* 0xCCCC_CCCC_CCCC_CCCD <= 0x3333_3333_3333_3333
  }

  /// 10^n for n in 0...19.
  @inline(__always)
  package static func tenTo(_ n: Int) -> UInt64 {
    switch n {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1000
    case 4: 10000
    case 5: 100000
    case 6: 1000000
    case 7: 10000000
    case 8: 100000000
    case 9: 1000000000
    case 10: 10000000000
    case 11: 100000000000
    case 12: 1000000000000
    case 13: 10000000000000
    case 14: 100000000000000
    case 15: 1000000000000000
    case 16: 10000000000000000
    case 17: 100000000000000000
    case 18: 1000000000000000000
    case 19: 10000000000000000000
    default: .max
    }
  }

  /// Appends ``format(_:decimals:)``'s text to `bytes`.
  /// - Parameters:
  ///   - value: The number.
  ///   - decimals: The most digits after the point (0...9).
  ///   - bytes: Where the text goes.
  public static func append(_ value: Double, decimals: Int = 4, to bytes: inout [UInt8]) {
    guard value.isFinite, let units = decimalUnits(value, decimals: decimals) else {
      bytes.append(contentsOf: format(value, decimals: decimals).utf8)
      return
    }
    append(units: units, decimals: decimals, to: &bytes)
  }

  /// `value` rounded to a whole number of `10^-decimals` as C's `%.Nf` rounds it: to the nearest, a tie
  /// (a value exactly halfway, in binary) to the even one. nil when `|value| · 10^decimals` is 2^52 or
  /// more (such a number is printed by C) or `decimals` is outside 0...9.
  ///
  /// The product `value · 10^decimals` is worked out exactly as `p + e`: `p` the rounded product, `e`
  /// its rounding error (`fma(value, 10^decimals, -p)`, exact). Below 2^52 every half-integer is a
  /// `Double`, so `p` and the exact product lie on the same side of every `k + ½`; only when `p` is
  /// itself a tie does `e` decide the side (and a zero `e` makes it a true tie, rounded to even).
  /// - Parameters:
  ///   - value: A finite number.
  ///   - decimals: Digits after the point, 0...9.
  /// - Returns: The count of `10^-decimals` units, signed.
  @inline(__always)
  package static func decimalUnits(_ value: Double, decimals: Int) -> Int64? {
    guard decimals >= 0 && decimals <= 9 else { return nil }
    let scale = Double(tenTo(decimals))  // exact
    let product = value * scale
    guard abs(product) < 4_503_599_627_370_496 else { return nil }  // 2^52; false for NaN and infinity
    // below 2^52 the truncation and the fraction it leaves are exact (no libm call on the way)
    let truncated = Int64(product)
    let fraction = product - Double(truncated)  // in (-1, 1), its sign the product's
    let away: Int64 = product < 0 ? -1 : 1
    switch abs(fraction) {
    case ..<0.5: return truncated
    case 0.5:
      // a tie in the rounded product: its rounding error says which side the exact product lies on
      let error = (-product).addingProduct(value, scale) * Double(away)  // toward |product| growing: > 0
      if error > 0 { return truncated + away }
      if error < 0 { return truncated }
      return truncated % 2 == 0 ? truncated : truncated + away  // a true tie: to even
    default: return truncated + away
    }
  }

  /// Writes a count of `10^-decimals` units as decimal text, trailing zeros of the fraction cut.
  private static func append(units: Int64, decimals: Int, to bytes: inout [UInt8]) {
    if units == 0 {
      bytes.append(UInt8(ascii: "0"))
      return
    }
    if units < 0 { bytes.append(UInt8(ascii: "-")) }
    var rest = units.magnitude
    var fraction = decimals
    while fraction > 0 && rest % 10 == 0 {
      rest /= 10
      fraction -= 1
    }
    // least significant first into 24 bytes of stack (at most 16 digits, a point and a leading 0)
    var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &scratch) { digits in
      var n = 0
      for _ in 0..<fraction {
        digits[n] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
        n += 1
      }
      if fraction > 0 {
        digits[n] = UInt8(ascii: ".")
        n += 1
      }
      repeat {
        digits[n] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
        n += 1
      } while rest > 0
      for i in stride(from: n - 1, through: 0, by: -1) { bytes.append(digits[i]) }
    }
  }

  /// C's `%.Nf` with the trailing zeros cut, for the numbers too large for ``decimalUnits(_:decimals:)``.
  private static func printed(_ value: Double, decimals: Int) -> String {
    var text = String(format: "%.\(decimals)f", value)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    if text == "-0" { text = "0" }
    return text
  }

  /// Formats a number in a fixed width for tables.
  /// - Parameters:
  ///   - value: The number.
  ///   - decimals: Digits after the point.
  ///   - width: The column's width; the text is right-aligned.
  /// - Returns: The padded text.
  public static func column(_ value: Double, decimals: Int, width: Int) -> String {
    var text = value.isFinite ? String(format: "%.\(decimals)f", value) : "nan"
    if text.hasPrefix("-") && Double(text) == 0 { text.removeFirst() }
    return String(repeating: " ", count: max(0, width - text.count)) + text
  }
}
