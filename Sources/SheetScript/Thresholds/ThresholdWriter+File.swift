import Foundation
import LuaHost

extension ThresholdWriter {
  /// Writes threshold values into a behaviour file, if the file is still the text it was loaded from.
  ///
  /// The file is read again (as a behaviour is: a regular file of UTF-8 text within ``maximumBytes``)
  /// and compared with `loaded`, the text the running behaviour came from: when they differ (the file
  /// was edited or saved since) nothing is written, so an edit made in the meantime is never lost. The
  /// new text replaces the file in one step (written beside it, then renamed over it, with the file's
  /// permissions; a symbolic link's target is what changes), so a reader sees the old file or the new one,
  /// never a part. When every value is already written, the file is not touched.
  /// - Parameters:
  ///   - values: Threshold values by name.
  ///   - path: The behaviour file.
  ///   - loaded: The text the behaviour was loaded from.
  /// - Returns: The new text and what changed.
  /// - Throws: ``ThresholdWriterError``: ``ThresholdWriterError/stale(file:)``,
  ///   ``ThresholdWriterError/unreadable(file:reason:)``, ``ThresholdWriterError/unwritable(file:reason:)``
  ///   or a refusal of ``rewrite(_:in:file:)``; the file is unchanged.
  @discardableResult
  public static func write(_ values: [String: Double], toFile path: String, loaded: String)
    throws(ThresholdWriterError) -> Rewrite
  {
    let current: String
    do throws(SourceFile.Failure) {
      current = try SourceFile.read(path, limit: maximumBytes)
    } catch {
      throw .unreadable(file: path, reason: error.description)
    }
    guard current == loaded else { throw .stale(file: path) }
    let rewrite = try rewrite(values, in: current, file: path)
    guard !rewrite.changes.isEmpty else { return rewrite }
    try replace(path, with: rewrite.text)
    return rewrite
  }

  /// Replaces a file's bytes in one step: a new file in its folder, given its permissions, renamed over
  /// it (over a symbolic link's target).
  private static func replace(_ path: String, with text: String) throws(ThresholdWriterError) {
    let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    var info = stat()
    guard stat(target, &info) == 0 else { throw .unwritable(file: path, reason: reason(errno)) }
    let folder = URL(fileURLWithPath: target).deletingLastPathComponent().path
    let name = URL(fileURLWithPath: target).lastPathComponent
    var template = Array("\(folder)/.\(name).thresholds-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else { throw .unwritable(file: path, reason: reason(errno)) }
    let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let bytes = Array(text.utf8)
    var written = 0
    var failure: Int32 = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        writeBytes(descriptor, UnsafeRawBufferPointer(rebasing: $0[written...]))
      }
      if count < 0 {
        if errno == EINTR { continue }
        failure = errno
        break
      }
      written += count
    }
    if failure == 0, fchmod(descriptor, info.st_mode & 0o7777) != 0 { failure = errno }
    if failure == 0, fsync(descriptor) != 0 { failure = errno }
    close(descriptor)
    if failure == 0, rename(temporary, target) != 0 { failure = errno }
    if failure != 0 {
      unlink(temporary)
      throw .unwritable(file: path, reason: reason(failure))
    }
  }

  private static func reason(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}

/// One write(2) of a buffer (at file scope, where `write` is the C function).
private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
  write(descriptor, buffer.baseAddress, buffer.count)
}
