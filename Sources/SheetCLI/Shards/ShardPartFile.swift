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
    let text: String
    do throws(SourceFile.Failure) {
      text = try SourceFile.read(file, limit: ShardPart.maximumBytes)
    } catch .tooLarge(_, let bytes, let limit) {
      throw ShardPartError(
        file: file, line: 0, field: nil, message: "is too large (\(bytes) bytes; a part is at most \(limit))")
    } catch {
      throw ShardPartError(file: file, line: 0, field: nil, message: error.description)
    }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    self.lines = lines
    guard let first = lines.first else {
      throw ShardPartError(
        file: file, line: 0, field: nil, message: "is empty; a part starts with its header")
    }
    let fields = try Self.object(first, file: file, line: 1)
    header = try Self.header(fields, file: file)
  }

  /// Hands each record to `body`, checking that the `k`-th is run `shard.run(k)` and that the shard's
  /// every run is there.
  /// - Parameter body: Called with each record's run, fields (without `run`) and line.
  /// - Throws: ``ShardPartError`` for a bad line, a run out of order, or runs missing or extra.
  func records(_ body: (Int, [String: JSONValue], Int) throws(ShardPartError) -> Void) throws(ShardPartError)
  {
    let shard = header.shard
    let expected = shard.share(of: header.runs)
    for (k, text) in lines.dropFirst().enumerated() {
      let line = k + 2
      var fields = try Self.object(text, file: file, line: line)
      guard case .number(let number)? = fields.removeValue(forKey: "run"), let run = Int(exactly: number)
      else {
        throw ShardPartError(file: file, line: line, field: "run", message: "expected a run's index")
      }
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
      try body(run, fields, line)
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
  private static func header(_ fields: [String: JSONValue], file: String) throws(ShardPartError)
    -> ShardPart.Header
  {
    func failure(_ field: String, _ message: String) -> ShardPartError {
      ShardPartError(file: file, line: 1, field: field, message: message)
    }
    guard case .number(let version)? = fields["sheet_part"] else {
      throw failure(
        "sheet_part", "missing: not a part of a sharded run (sheet tune, replay or fit --shard i/n -o PART)")
    }
    guard version == Double(ShardPart.version) else {
      throw failure(
        "sheet_part", "version \(TraceNumber.format(version)); this sheet reads version \(ShardPart.version)")
    }
    guard case .string(let command)? = fields["command"], MergeCommand.commands.contains(command) else {
      throw failure("command", "expected one of \(MergeCommand.commands.joined(separator: ", "))")
    }
    guard case .string(let digest)? = fields["digest"], digest.utf8.count == 16 else {
      throw failure("digest", "expected 16 hexadecimal digits")
    }
    guard case .string(let text)? = fields["shard"], let shard = try? Shard.parse(text) else {
      throw failure("shard", "expected i/n with 1 <= i <= n <= \(Shard.largestCount)")
    }
    guard case .number(let number)? = fields["runs"], let runs = Int(exactly: number),
      (0...Sweep.largestMaximumRuns).contains(runs)
    else {
      throw failure("runs", "expected a count of runs from 0 to \(Sweep.largestMaximumRuns)")
    }
    guard case .object(let setup)? = fields["setup"] else { throw failure("setup", "expected an object") }
    return ShardPart.Header(command: command, digest: digest, shard: shard, runs: runs, setup: setup)
  }

  /// The start of a line, for a message, its control characters escaped.
  private static func excerpt(_ text: Substring) -> String {
    GestureLog.escapingControls(String(text.prefix(60))) + (text.count > 60 ? "..." : "")
  }
}
