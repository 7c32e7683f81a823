import Foundation

/// Writes the command's output: results to standard output, diagnostics to standard error.
enum Output {
  /// Writes a line to standard output.
  /// - Parameter text: The text; a newline is added.
  static func print(_ text: String) {
    write(text + "\n")
  }

  /// Writes text to standard output as it is.
  /// - Parameter text: The text.
  static func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Writes a line to standard error.
  /// - Parameter text: The text; a newline is added.
  static func error(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
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
      throw UsageError(message: "no such file or folder: \(path)")
    }
  }
}
