#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SourceFile {
  /// Replaces the regular file at `path` (or makes it) with `text` in one step: the text goes into a
  /// new file in the same folder, given `permissions`, synced, then renamed over `path`, so a reader
  /// sees the old file or the new one and a failed write leaves the old one intact.
  /// - Parameters:
  ///   - path: The destination, already resolved (a symbolic link's target, not the link).
  ///   - text: The contents.
  ///   - permissions: The new file's mode bits.
  /// - Returns: 0, or the `errno` of the step that failed (the temporary file is removed then).
  public static func replace(_ path: String, with text: String, permissions: mode_t) -> Int32 {
    let folder: String
    let name: String
    if let slash = path.lastIndex(of: "/") {
      folder = slash == path.startIndex ? "/" : String(path[..<slash])
      name = String(path[path.index(after: slash)...])
    } else {
      folder = "."
      name = path
    }
    let unique = String(repeating: "X", count: 6)  // the six characters mkstemp replaces
    var template = Array("\(folder)/.\(name).sheet-\(unique)".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return -1 }
      return mkstemp(base)
    }
    guard descriptor >= 0 else { return errno }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var code: Int32 = 0
    if fchmod(descriptor, permissions) != 0 { code = errno }
    if code == 0 { code = writeAll(Array(text.utf8), to: descriptor) }
    if code == 0 && fsync(descriptor) != 0 { code = errno }
    if close(descriptor) != 0 && code == 0 { code = errno }
    if code == 0 && rename(temporary, path) != 0 { code = errno }
    if code != 0 { unlink(temporary) }
    return code
  }

  /// Writes every byte to an open file, again after an interrupted write.
  /// - Returns: 0, or the `errno` of the failed write.
  public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        #if canImport(Glibc)
          return Glibc.write(descriptor, base + offset, bytes.count - offset)
        #else
          return Darwin.write(descriptor, base + offset, bytes.count - offset)
        #endif
      }
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return 0
  }
}
