import SheetTrace

/// A shard's mergeable result, `sheet tune --shard i/n -o PART`: JSON Lines, a header then one record
/// per run of the shard, in the shard's order.
///
/// The header: `{"sheet_part":1,"command":"tune","digest":"…","shard":"2/4","runs":300,"setup":{…}}`:
/// the format's version, the command, ``SweepDigest`` of everything that decides the runs, the shard,
/// the number of runs in the whole sweep, and what the command needs to print its report from the
/// records (its own fields). A record: `{"run":5,…}`, the run's index in the whole sweep (0-based)
/// and the command's fields for it. A reader refuses a version it does not know; a new field or
/// meaning makes a new version.
enum ShardPart {
  /// The format's version.
  static let version = 1
  /// The most bytes of one line.
  static let maximumLineBytes = 1 << 20
  /// The most bytes of one part file (256 MiB).
  static let maximumBytes = 256 << 20
  /// The most levels of arrays and objects in a line.
  static let nesting = 4

  /// A part's header.
  struct Header: Equatable {
    /// The command whose runs these are (`tune`).
    var command: String
    /// The digest of everything that decides the runs.
    var digest: String
    /// The part's shard.
    var shard: Shard
    /// The runs in the whole sweep.
    var runs: Int
    /// The command's own fields.
    var setup: [String: JSONValue]
  }

  /// The header's line (with its newline).
  /// - Parameters:
  ///   - command: The command.
  ///   - digest: The digest (``SweepDigest/hex``).
  ///   - shard: The shard.
  ///   - runs: The runs in the whole sweep.
  ///   - setup: Writes the command's own fields into the `setup` object.
  static func headerLine(
    command: String, digest: String, shard: Shard, runs: Int, setup: (inout JSONWriter) -> Void
  ) -> String {
    var json = JSONWriter()
    json.beginObject()
    json.field("sheet_part", version)
    json.field("command", command)
    json.field("digest", digest)
    json.field("shard", "\(shard.index)/\(shard.count)")
    json.field("runs", runs)
    json.key("setup")
    json.beginObject()
    setup(&json)
    json.endObject()
    json.endObject()
    json.newline()
    return json.text
  }

  /// A record's line (with its newline).
  /// - Parameters:
  ///   - run: The run's index in the whole sweep.
  ///   - fields: Writes the command's fields for the run.
  static func recordLine(run: Int, _ fields: (inout JSONWriter) -> Void) -> String {
    var json = JSONWriter()
    json.beginObject()
    json.field("run", run)
    fields(&json)
    json.endObject()
    json.newline()
    return json.text
  }
}
