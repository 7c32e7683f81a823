import Foundation
import LuaHost

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes the command's output: results to standard output, diagnostics to standard error.
///
/// A write that fails ends the process without a trap: standard output closed by its reader (`sheet
/// tune ... | head`) ends it quietly with status 0; any other failure (a full disk, a file-size limit)
/// with a message on standard error and status 1. A failed write to standard error is dropped.
enum Output {
  /// Writes a line to standard output.
  /// - Parameter text: The text; a newline is added.
  static func print(_ text: String) {
    write(text + "\n")
  }

  /// Writes text to standard output as it is.
  /// - Parameter text: The text.
  static func write(_ text: String) {
    let failure = writeAll(text, to: STDOUT_FILENO)
    guard failure != 0 else { return }
    if failure == EPIPE { exit(0) }
    writeError("sheet: cannot write standard output: \(String(cString: strerror(failure)))\n")
    exit(1)
  }

  /// Writes a line to standard error.
  /// - Parameter text: The text; a newline is added.
  static func error(_ text: String) {
    writeError(text + "\n")
  }

  /// Writes text to standard error as it is (a progress line); a failure is dropped.
  /// - Parameter text: The text.
  static func writeError(_ text: String) {
    _ = writeAll(text, to: STDERR_FILENO)
  }

  /// Writes all of `text` to the descriptor, again after a partial write or an interruption.
  /// - Returns: 0, or the `errno` of the write that failed.
  private static func writeAll(_ text: String, to descriptor: Int32) -> Int32 {
    var text = text
    return text.withUTF8 { bytes in
      guard let start = bytes.baseAddress else { return 0 }
      var offset = 0
      while offset < bytes.count {
        let written = systemWrite(descriptor, start + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return 0
    }
  }

  /// Writes a result to a file (see ``OutputFile/write(_:to:)``), or to standard output when no path is
  /// given.
  /// - Parameters:
  ///   - text: The result.
  ///   - path: The file's path, or `nil` for standard output.
  /// - Throws: `UsageError` "cannot write PATH: <reason>" when the file cannot be written.
  static func emit(_ text: String, to path: String?) throws(UsageError) {
    if let path {
      try OutputFile.write(text, to: path)
    } else {
      write(text)
    }
  }

  /// Checks that a file or folder exists, as a usage error otherwise.
  /// - Parameter path: The path the user gave.
  /// - Throws: `UsageError` naming the missing path.
  static func requireExisting(_ path: String) throws(UsageError) {
    guard FileManager.default.fileExists(atPath: path) else {
      let hint = NameSuggestion.nearestFile(to: path).map { " (did you mean '\($0)'?)" } ?? ""
      throw UsageError(message: "no such file or folder: \(path)\(hint)")
    }
  }
}

/// The C library's `write(2)` (inside ``Output`` the name is its own method's).
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
