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
    let code = SourceFile.replace(target, with: text, permissions: info.st_mode & 0o7777)
    guard code == 0 else { throw .unwritable(file: path, reason: reason(code)) }
  }

  private static func reason(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
