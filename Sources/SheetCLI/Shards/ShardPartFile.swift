import LuaHost
import SheetTrace

/// One part file read whole (at most ``ShardPart/maximumBytes``), its header parsed; its records are
/// read line by line by ``records(_:)``, each checked to be the shard's next run.
struct ShardPartFile {
  /// The file's path.
  let file: String
  /// Its header.
  let header: ShardPart.Header
  private let lines: [Substring]

  /// Reads the file and its header.
  /// - Parameter file: The part's path.
  /// - Throws: ``ShardPartError`` naming the file, and the line and field at fault.
  init(file: String) throws(ShardPartError) {
    self.file = file
    guard let lines = try Self.lines(of: file, kind: "part") else {
      throw ShardPartError(file: file, line: 0, field: nil, message: "does not exist")
    }
    self.lines = lines
    guard let first = lines.first else {
      throw ShardPartError(
        file: file, line: 0, field: nil, message: "is empty; a part starts with its header")
    }
    var fields = ShardFields(try Self.object(first, file: file, line: 1), file: file, line: 1)
    header = try Self.header(&fields)
  }

  /// The lines of a part or a plan (a file of at most ``ShardPart/maximumBytes``), without the last
  /// line's newline.
  /// - Parameters:
  ///   - file: The file's path.
  ///   - kind: What it is, for a message (`part`, `plan`).
  /// - Returns: The lines, or nil when nothing exists at the path.
  /// - Throws: ``ShardPartError`` naming the file and why it cannot be read.
  static func lines(of file: String, kind: String) throws(ShardPartError) -> [Substring]? {
    let text: String
    do throws(SourceFile.Failure) {
      text = try SourceFile.read(file, limit: ShardPart.maximumBytes)
    } catch .notFound {
      return nil
    } catch .tooLarge(_, let bytes, let limit) {
      throw ShardPartError(
        file: file, line: 0, field: nil,
        message: "is too large (\(bytes) bytes; a \(kind) is at most \(limit))")
    } catch {
      throw ShardPartError(file: file, line: 0, field: nil, message: error.description)
    }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// Hands each record to `body`, checking that the `k`-th is run `shard.run(k)` and that the shard's
  /// every run is there.
  /// - Parameter body: Called with each record's run and its other fields (each merge refuses the ones
  ///   it does not read).
  /// - Throws: ``ShardPartError`` for a bad line, a run out of order, or runs missing or extra.
  func records(_ body: (Int, inout ShardFields) throws(ShardPartError) -> Void) throws(ShardPartError) {
    let shard = header.shard
    let expected = shard.share(of: header.runs)
    for (k, text) in lines.dropFirst().enumerated() {
      let line = k + 2
      var fields = ShardFields(try Self.object(text, file: file, line: line), file: file, line: line)
      let run = try fields.count("run")
      guard k < expected else {
        throw ShardPartError(
          file: file, line: line, field: "run",
          message: "\(run) is past the shard's \(expected) runs (shard \(shard.index)/\(shard.count))")
      }
      guard run == shard.run(k) else {
        throw ShardPartError(
          file: file, line: line, field: "run",
          message: "\(run), expected \(shard.run(k)) (shard \(shard.index)/\(shard.count)'s runs are "
            + "\(shard.run(0)), \(shard.run(1)), \(shard.run(2)), ...)")
      }
      try body(run, &fields)
    }
    guard lines.count - 1 == expected else {
      throw ShardPartError(
        file: file, line: 0, field: nil,
        message:
          "ends after \(lines.count - 1) of its \(expected) runs (shard \(shard.index)/\(shard.count) of "
          + "\(header.runs)); the shard did not finish")
    }
  }

  /// A line as a JSON object, within the byte and nesting limits.
  static func object(_ text: Substring, file: String, line: Int) throws(ShardPartError)
    -> [String: JSONValue]
  {
    func failure(_ message: String) -> ShardPartError {
      ShardPartError(file: file, line: line, field: nil, message: message)
    }
    guard text.utf8.count <= ShardPart.maximumLineBytes else {
      throw failure("line of \(text.utf8.count) bytes; at most \(ShardPart.maximumLineBytes)")
    }
    let read = Array(text.utf8).withUnsafeBytes { bytes in
      Result { () throws(JSONValue.Failure) in try JSONValue.read(bytes, nesting: ShardPart.nesting) }
    }
    switch read {
    case .success(.object(let fields)): return fields
    case .success: throw failure("expected a JSON object")
    case .failure(.tooDeep(let depth)): throw failure("nested \(depth) deep; at most \(ShardPart.nesting)")
    case .failure(.notJSON(let offset)): throw failure("not JSON at byte \(offset): \(excerpt(text))")
    }
  }

  /// The header's fields checked.
  private static func header(_ fields: inout ShardFields) throws(ShardPartError) -> ShardPart.Header {
    guard fields.has("sheet_part") else {
      throw fields.failure(
        "sheet_part", "missing: not a part of a sharded run (sheet tune, replay or fit --shard i/n -o PART)")
    }
    let version = try fields.count("sheet_part", limit: Int(Int32.max))
    guard version == ShardPart.version else {
      throw fields.failure("sheet_part", "version \(version); this sheet reads version \(ShardPart.version)")
    }
    let command = try fields.choice("command", of: MergeCommand.commands)
    let digest = try fields.string("digest")
    guard digest.utf8.count == 16 else { throw fields.failure("digest", "expected 16 hexadecimal digits") }
    let text = try fields.string("shard")
    guard let shard = try? Shard.parse(text) else {
      throw fields.failure("shard", "expected i/n with 1 <= i <= n <= \(Shard.largestCount)")
    }
    let runs = try fields.count("runs")
    guard case .object(let setup)? = fields.take("setup") else {
      throw fields.failure("setup", "expected an object")
    }
    try fields.refuseOthers(of: "a part's header")
    return ShardPart.Header(command: command, digest: digest, shard: shard, runs: runs, setup: setup)
  }

  /// The start of a line, for a message, its control characters escaped.
  private static func excerpt(_ text: Substring) -> String {
    GestureLog.escapingControls(String(text.prefix(60))) + (text.count > 60 ? "..." : "")
  }
}
