import Foundation

/// Reads a corpus a line at a time, within ``GestureLog/maximumLineBytes`` a line: memory stays flat
/// whatever the file's length. Each line is a gesture or a bad line (reported with its line number and
/// skipped, never half-read); blank lines are skipped.
public final class GestureLogReader {
  /// What the next line was.
  public enum Entry: Sendable {
    /// A gesture, with its 1-based line.
    case gesture(GestureRecord, line: Int)
    /// A line that was not read, and why.
    case bad(GestureLogError)
  }

  /// The file read.
  public let file: String
  /// The last line read, 1-based.
  public private(set) var lineNumber = 0
  private let descriptor: Int32
  private var chunk = [UInt8](repeating: 0, count: 1 << 16)
  private var start = 0
  private var end = 0
  private var line: [UInt8] = []
  private var atEnd = false

  /// Opens a corpus (`-` is standard input).
  /// - Parameter file: The file's path.
  /// - Throws: ``GestureLogError`` (line 0) when it cannot be opened or is a folder.
  public init(file: String) throws(GestureLogError) {
    self.file = file
    if file == "-" {
      descriptor = 0
      return
    }
    let opened = open(file, O_RDONLY)
    guard opened >= 0 else {
      throw GestureLogError(
        file: file, line: 0, field: nil, message: "cannot be opened (\(String(cString: strerror(errno))))")
    }
    var status = stat()
    if fstat(opened, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      close(opened)
      throw GestureLogError(file: file, line: 0, field: nil, message: "is a folder, not a corpus")
    }
    descriptor = opened
  }

  deinit {
    if descriptor > 0 { close(descriptor) }
  }

  /// A line as read, before it is decoded: its bytes, file and 1-based number, or why it was not read.
  public enum RawLine: Sendable {
    /// A line that is not blank, without its newline.
    case line([UInt8], file: String, line: Int)
    /// A line (or the file) that could not be read.
    case bad(GestureLogError)

    /// The line decoded: a gesture, or a bad line naming the field.
    public func decoded() -> Entry {
      switch self {
      case .bad(let error): return .bad(error)
      case .line(let bytes, let file, let line):
        let read = bytes.withUnsafeBytes { bytes in
          Result { () throws(GestureLogError.Problem) in try GestureLog.record(bytes) }
        }
        switch read {
        case .success(let record): return .gesture(record, line: line)
        case .failure(let problem):
          return .bad(GestureLogError(file: file, line: line, field: problem.field, message: problem.message))
        }
      }
    }
  }

  /// The next gesture or bad line; nil at the end of the file.
  public func next() -> Entry? {
    nextRaw()?.decoded()
  }

  /// The next line that is not blank, not decoded yet (a replay reads the file in order on one thread
  /// and decodes each line on the worker that replays it); nil at the end of the file.
  public func nextRaw() -> RawLine? {
    while true {
      guard let outcome = nextLine() else { return nil }
      lineNumber += 1
      switch outcome {
      case .tooLong(let bytes):
        return .bad(
          GestureLogError(
            file: file, line: lineNumber, field: nil,
            message: "line of \(bytes) bytes or more; at most \(GestureLog.maximumLineBytes)"))
      case .failed(let reason):
        return .bad(
          GestureLogError(file: file, line: lineNumber, field: nil, message: "cannot be read (\(reason))"))
      case .line:
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
        return .line(line, file: file, line: lineNumber)
      }
    }
  }

  private enum LineOutcome {
    case line
    case tooLong(Int)
    case failed(String)
  }

  /// Fills `line` with the next line's bytes (without its newline); nil at the end of the file. A line
  /// longer than the limit is read through to its newline and dropped.
  private func nextLine() -> LineOutcome? {
    line.removeAll(keepingCapacity: line.capacity <= 4 * 65_536)
    var length = 0
    var sawAny = false
    while true {
      if start == end {
        if atEnd { return sawAny ? finished(length) : nil }
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
          if errno == EINTR { continue }
          atEnd = true
          return .failed(String(cString: strerror(errno)))
        }
        if count == 0 {
          atEnd = true
          continue
        }
        start = 0
        end = count
      }
      sawAny = true
      let newline = chunk[start..<end].firstIndex(of: 0x0A)
      let stop = newline ?? end
      let piece = stop - start
      if length + piece <= GestureLog.maximumLineBytes {
        line.append(contentsOf: chunk[start..<stop])
      }
      length += piece
      start = newline.map { $0 + 1 } ?? end
      if newline != nil { return finished(length) }
    }
  }

  private func finished(_ length: Int) -> LineOutcome {
    length > GestureLog.maximumLineBytes ? .tooLong(length) : .line
  }
}
