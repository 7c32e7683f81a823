import Foundation
import LuaHost

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file a command's `-o` names: checked against the files the run reads, then written whole.
///
/// Every failure is a ``UsageError`` (exit status 2) in a plain sentence: `-o` names a file this run
/// reads, or `cannot write OUT: <the system's reason>` ("No such file or directory", "Permission
/// denied", "Is a directory" ...).
enum OutputFile {
  /// Refuses an output that is one of the files the run reads.
  ///
  /// Paths are compared as files, not as text: symbolic links, `./`, `..` and relative paths are
  /// resolved (and a hard link to an input is the same file too). An input that does not exist yet (a
  /// fit's plan before its first round) is compared by its path made absolute and standardized.
  /// - Parameters:
  ///   - output: The `-o` path as given, or nil when the result goes to standard output.
  ///   - inputs: The files the run reads, each with what it is to the run ("the scenario").
  /// - Throws: `UsageError` naming the output and the input it would overwrite.
  static func refuseOverwriting(_ output: String?, inputs: [(path: String, role: String)]) throws(UsageError)
  {
    guard let output else { return }
    let target = identity(of: output)
    for input in inputs {
      let same =
        if let target, let file = identity(of: input.path) { file.isSame(as: target) } else {
          standardized(input.path) == standardized(output)
        }
      if same {
        throw UsageError(
          message: "-o \(output) is a file this run reads (\(input.role)); choose another output file")
      }
    }
  }

  /// A path made absolute and standardized (`./p`, `a/../p` and `p` alike), for a file that may not
  /// exist.
  private static func standardized(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// What makes two paths the same file: the resolved real path, and the device and inode numbers.
  struct Identity {
    var realPath: String
    var device: UInt64
    var inode: UInt64

    /// Whether both name one file: the same real path, or the same device and inode (a hard link).
    func isSame(as other: Identity) -> Bool {
      realPath == other.realPath || (device == other.device && inode == other.inode)
    }
  }

  /// The identity of an existing file, or nil when there is none at `path`.
  /// - Parameter path: The path.
  /// - Returns: Its real path and device and inode numbers.
  static func identity(of path: String) -> Identity? {
    var info = stat()
    guard stat(path, &info) == 0, let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return Identity(
      realPath: String(cString: resolved), device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }

  /// Writes `text` to `path` whole: into a temporary file in the same folder, then renamed over the
  /// destination, so the old file stays intact when writing fails. A symbolic link is written through
  /// (its target is replaced, not the link); an existing file keeps its permissions, a new one gets the
  /// usual ones (0666 less the umask). A device or a pipe (`/dev/stdout`) is written in place.
  /// - Parameters:
  ///   - text: The contents.
  ///   - path: The destination.
  /// - Throws: `UsageError` "cannot write PATH: <reason>".
  static func write(_ text: String, to path: String) throws(UsageError) {
    func failure(_ code: Int32) -> UsageError { cannotWrite(path, code) }
    var info = stat()
    let exists = stat(path, &info) == 0
    if exists && (info.st_mode & S_IFMT) == S_IFDIR { throw failure(EISDIR) }
    if exists && (info.st_mode & S_IFMT) != S_IFREG {
      let descriptor = open(path, O_WRONLY | O_TRUNC)
      guard descriptor >= 0 else { throw failure(errno) }
      var code = SourceFile.writeAll(Array(text.utf8), to: descriptor)
      if close(descriptor) != 0 && code == 0 { code = errno }
      guard code == 0 else { throw failure(code) }
      return
    }
    let destination = exists ? identity(of: path)?.realPath ?? path : path
    let code = SourceFile.replace(
      destination, with: text, permissions: exists ? info.st_mode & 0o7777 : 0o666 & ~currentUmask())
    guard code == 0 else { throw failure(code) }
  }

  /// Writes `text` to a new file at `path`, never over anything already there: the file is created
  /// with `O_EXCL` (so a file, a folder or a link made there in the meantime is not followed or
  /// replaced either) with the usual permissions (0666 less the umask). A file that could not be
  /// written whole is removed.
  /// - Parameters:
  ///   - text: The contents.
  ///   - path: The new file.
  /// - Throws: `UsageError` "PATH already exists", or "cannot write PATH: <reason>".
  static func create(_ text: String, at path: String) throws(UsageError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o666)
    guard descriptor >= 0 else {
      let code = errno
      if code == EEXIST { throw UsageError(message: "\(path) already exists") }
      throw cannotWrite(path, code)
    }
    var code = SourceFile.writeAll(Array(text.utf8), to: descriptor)
    if close(descriptor) != 0 && code == 0 { code = errno }
    guard code == 0 else {
      unlink(path)
      throw cannotWrite(path, code)
    }
  }

  /// "cannot write PATH: <the system's reason>".
  private static func cannotWrite(_ path: String, _ code: Int32) -> UsageError {
    UsageError(message: "cannot write \(path): \(String(cString: strerror(code)))")
  }

  /// The process's file-creation mask (read by setting it and putting it back; the CLI is
  /// single-threaded when it writes its output).
  private static func currentUmask() -> mode_t {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }
}
