import SheetTrace

/// The parts of a sharded run read together: every part of the same sweep (the same command, digest,
/// shard count, run count and setup), every shard exactly once, and in each part every run of its shard
/// in order, so every run of the sweep is read exactly once.
enum ShardMerge {
  /// Reads the parts one after another and hands on the first header, then every record.
  /// - Parameters:
  ///   - files: The part files.
  ///   - start: Called with the first part's header, before any record.
  ///   - record: Called with each record's run and its other fields (which name their file and line).
  /// - Returns: The first part's header.
  /// - Throws: ``ShardPartError`` naming the file, line and field at fault, or the shards missing.
  @discardableResult
  static func read(
    _ files: [String], start: (ShardPart.Header) throws(ShardPartError) -> Void,
    record: (Int, inout ShardFields) throws(ShardPartError) -> Void
  ) throws(ShardPartError) -> ShardPart.Header? {
    var first: (file: String, header: ShardPart.Header)?
    var seen: [Int: String] = [:]
    for file in files {
      let part = try ShardPartFile(file: file)
      let header = part.header
      if let first {
        try same(header, as: first.header, file, first.file)
      } else {
        first = (file, header)
        try start(header)
      }
      if let other = seen[header.shard.index] {
        throw ShardPartError(
          file: file, line: 1, field: "shard",
          message: "\(header.shard.index)/\(header.shard.count) again (\(other) is that shard too); "
            + "give each shard once")
      }
      seen[header.shard.index] = file
      try part.records(record)
    }
    guard let first else { return nil }
    let count = first.header.shard.count
    let missing = (1...count).filter { seen[$0] == nil }
    guard missing.isEmpty else {
      let listed = missing.prefix(20).map { "\($0)/\(count)" }.joined(separator: ", ")
      let more = missing.count > 20 ? " and \(missing.count - 20) more" : ""
      throw ShardPartError(
        file: first.file, line: 0, field: nil,
        message: "the sweep's \(Plural.count(count, "shard")) are not all here: missing \(listed)\(more)")
    }
    return first.header
  }

  /// Refuses a part of another sweep than the first part's.
  private static func same(
    _ header: ShardPart.Header, as first: ShardPart.Header, _ file: String, _ firstFile: String
  ) throws(ShardPartError) {
    func differs(_ field: String, _ value: String, _ theirs: String) -> ShardPartError {
      ShardPartError(
        file: file, line: 1, field: field,
        message: "\(value), but \(firstFile) has \(theirs): the parts are of different sweeps")
    }
    if header.command != first.command { throw differs("command", header.command, first.command) }
    if header.digest != first.digest { throw differs("digest", header.digest, first.digest) }
    if header.shard.count != first.shard.count {
      throw differs(
        "shard", "\(header.shard.index)/\(header.shard.count)", "\(first.shard.index)/\(first.shard.count)")
    }
    if header.runs != first.runs { throw differs("runs", "\(header.runs)", "\(first.runs)") }
    if header.setup != first.setup { throw differs("setup", "one setup", "another") }
  }
}
