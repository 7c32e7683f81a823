#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Number formatting for reason texts, through C's `printf` so that Lua's `string.format` (which uses
/// the same C library) gives identical text. Used on releases only, never per frame.
public enum Format {
  /// Formats `x` like C's `%.Nf`.
  /// - Parameters:
  ///   - x: The number.
  ///   - decimals: Digits after the point (0 ... 9).
  /// - Returns: The text, e.g. `fixed(612.25, 1) == "612.2"`.
  public static func fixed(_ x: Double, _ decimals: Int) -> String {
    var buffer = [CChar](repeating: 0, count: 400)
    let format = "%.\(min(max(decimals, 0), 9))f"
    let written = withVaList([x]) { args in
      buffer.withUnsafeMutableBufferPointer { out in
        Int(vsnprintf(out.baseAddress, out.count, format, args))
      }
    }
    let length = min(max(written, 0), buffer.count - 1)
    return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Formats `x` like C's `%.10g`: as written for people in messages (`-1`, `0.9999`, `1e-09`), with
  /// `nan`, `inf` and `-inf` for the non-finite values.
  /// - Parameter x: The number.
  /// - Returns: The text.
  public static func general(_ x: Double) -> String {
    if x.isNaN { return "nan" }
    if x.isInfinite { return x > 0 ? "inf" : "-inf" }
    var buffer = [CChar](repeating: 0, count: 64)
    let written = withVaList([x]) { args in
      buffer.withUnsafeMutableBufferPointer { out in
        Int(vsnprintf(out.baseAddress, out.count, "%.10g", args))
      }
    }
    let length = min(max(written, 0), buffer.count - 1)
    let text = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return text == "-0" ? "0" : text
  }
}
