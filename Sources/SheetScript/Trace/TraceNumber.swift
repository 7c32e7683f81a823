import Foundation
import SheetCore

/// Formats numbers for traces and tables so that every run prints the same bytes.
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
