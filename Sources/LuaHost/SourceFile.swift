#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads Lua source files (scenarios, behaviours, modules) under a size limit, refusing anything that
/// is not a regular file of UTF-8 text before it can block or flood the host.
///
/// The file is opened without blocking (`O_NONBLOCK`), so a FIFO without a writer cannot hang the
/// reader, and its kind is checked on the open descriptor (no race between a check and the open):
/// directories, FIFOs, sockets and devices are refused with what they are.
public enum SourceFile {
  /// The largest source file read, in bytes (4 MiB).
  public static let maximumBytes = 4 << 20

  /// Why a file cannot be used as Lua source.
  public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing exists at the path.
    case notFound(path: String)
    /// The path is not a regular file: what it is (`a directory`, `a FIFO`, ...).
    case notAFile(path: String, kind: String)
    /// The file is larger than the limit.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// The file holds a NUL byte: a binary file, not text.
    case binary(path: String)
    /// The file is not valid UTF-8: the offset of the first bad byte.
    case notUTF8(path: String, offset: Int)
    /// The operating system refused to open or read it.
    case unreadable(path: String, reason: String)

    /// The failure as a sentence that names the file.
    public var description: String {
      switch self {
      case .notFound(let path): "\(path): no such file"
      case .notAFile(let path, let kind): "\(path) is \(kind), not a file"
      case .tooLarge(let path, let bytes, let limit):
        "\(path) is too large (\(bytes) bytes; source files are at most \(limit) bytes)"
      case .binary(let path): "\(path) is a binary file, not Lua text (it holds a NUL byte)"
      case .notUTF8(let path, let offset): "\(path) is not UTF-8 text (bad byte at offset \(offset))"
      case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
      }
    }
  }

  /// Reads a regular file of UTF-8 text.
  /// - Parameters:
  ///   - file: The file's path.
  ///   - name: The name failures use (default: the path).
  ///   - limit: The most bytes accepted (default ``maximumBytes``).
  /// - Returns: The text.
  /// - Throws: ``Failure`` naming the file and what is wrong with it.
  public static func read(_ file: String, as name: String? = nil, limit: Int = maximumBytes) throws(Failure)
    -> String
  {
    let path = name ?? file
    let descriptor = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { throw .notFound(path: path) }
      throw .unreadable(path: path, reason: reason(code))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw .unreadable(path: path, reason: reason(errno)) }
    if let kind = kind(of: info.st_mode) { throw .notAFile(path: path, kind: kind) }
    if Int(info.st_size) > limit { throw .tooLarge(path: path, bytes: Int(info.st_size), limit: limit) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(info.st_size))
    try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunkBytes) { chunk throws(Failure) in
      try readAll(descriptor, into: &bytes, through: chunk, path: path, limit: limit)
    }
    if bytes.contains(0) { throw .binary(path: path) }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .notUTF8(path: path, offset: firstInvalidOffset(bytes))
    }
    return text
  }

  /// The most bytes one read(2) asks for.
  static let chunkBytes = 65536

  /// Reads the rest of the file through `chunk` (its bytes appended as they come, without filling it
  /// first), ``chunkBytes`` at a time.
  /// - Throws: ``Failure/unreadable(path:reason:)``, or ``Failure/tooLarge(path:bytes:limit:)`` once the
  ///   bytes read pass `limit` (counted at the read that passes it).
  private static func readAll(
    _ descriptor: Int32, into bytes: inout [UInt8], through chunk: UnsafeMutableBufferPointer<UInt8>,
    path: String, limit: Int
  ) throws(Failure) {
    while true {
      let count = readBytes(descriptor, UnsafeMutableRawBufferPointer(chunk))
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(path: path, reason: reason(errno))
      }
      if count == 0 { return }
      guard bytes.count + count <= limit else {
        throw .tooLarge(path: path, bytes: bytes.count + count, limit: limit)
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[..<count]))
    }
  }

  /// What a file mode is when it is not a regular file (`nil` for a regular file).
  static func kind(of mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    default: "not a regular file"
    }
  }

  /// The operating system's text for an error number.
  static func reason(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  /// The offset of the first byte that breaks UTF-8.
  static func firstInvalidOffset(_ bytes: [UInt8]) -> Int {
    var offset = 0
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): offset += UTF8.width(scalar)
      case .emptyInput: return offset
      case .error: return offset
      }
    }
  }
}

/// One read(2) into a buffer (at file scope, where `read` is the C function).
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
  read(descriptor, buffer.baseAddress, buffer.count)
}
