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
  public static func formattedLength(_ value: Double, decimals: Int = 4) -> Int {
    guard value.isFinite, let units = decimalUnits(value, decimals: decimals) else {
      return format(value, decimals: decimals).utf8.count
    }
    if units == 0 { return 1 }
    var (whole, fraction) = trimmed(units.magnitude, decimals: decimals)
    var digits = 1
    while whole >= 10 {
      whole /= 10
      digits += 1
    }
    return (units < 0 ? 1 : 0) + digits + (fraction > 0 ? 1 + fraction : 0)
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
  static func decimalUnits(_ value: Double, decimals: Int) -> Int64? {
    guard (0...9).contains(decimals) else { return nil }
    let scale = powersOfTen[decimals]
    let product = value * scale
    guard abs(product) < 4_503_599_627_370_496 else { return nil }  // 2^52
    let error = (-product).addingProduct(value, scale)  // value · scale - product, exactly
    let whole = product.rounded(.down)
    let rounded: Double
    if product - whole == 0.5 {
      rounded = error > 0 ? whole + 1 : error < 0 ? whole : product.rounded(.toNearestOrEven)
    } else {
      rounded = product.rounded(.toNearestOrEven)
    }
    return Int64(rounded)
  }

  /// 10^0 ... 10^9, each exact.
  private static let powersOfTen: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]

  /// A count of `10^-decimals` units with its fraction's trailing zeros cut: the whole part, and how
  /// many fraction digits are left.
  private static func trimmed(_ magnitude: UInt64, decimals: Int) -> (whole: UInt64, fraction: Int) {
    var rest = magnitude
    var fraction = decimals
    while fraction > 0 && rest % 10 == 0 {
      rest /= 10
      fraction -= 1
    }
    var whole = rest
    for _ in 0..<fraction { whole /= 10 }
    return (whole, fraction)
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
