import SheetTrace
import Synchronization

/// A shard's records gathered as its runs finish (in the shard's order), then written after its header
/// as the part (``ShardPart``), within the part's limits.
final class ShardPartRecords: Sendable {
  private let state = Mutex((text: "", count: 0, tooLong: nil as Int?))

  /// No records yet.
  init() {}

  /// Adds a run's record.
  /// - Parameters:
  ///   - run: The run's index in the whole sweep.
  ///   - fields: Writes the command's fields for the run.
  func add(run: Int, _ fields: (inout JSONWriter) -> Void) {
    let line = ShardPart.recordLine(run: run, fields)
    state.withLock { state in
      if line.utf8.count > ShardPart.maximumLineBytes, state.tooLong == nil { state.tooLong = run }
      state.text += line
      state.count += 1
    }
  }

  /// Adds the record of the shard's next run, for a command that hands its runs on in order.
  /// - Parameters:
  ///   - shard: The shard.
  ///   - fields: Writes the command's fields for the run.
  func addNext(of shard: Shard, _ fields: (inout JSONWriter) -> Void) {
    add(run: shard.run(state.withLock { $0.count }), fields)
  }

  /// Writes the part: the header, then the records.
  /// - Parameters:
  ///   - header: The header's line (``ShardPart/headerLine(command:digest:shard:runs:setup:)``).
  ///   - output: The part's file; standard output when nil.
  /// - Throws: `UsageError` when a record or the part passes ``ShardPart``'s limits, or the file cannot
  ///   be written.
  func write(header: String, to output: String?) throws(UsageError) {
    let (records, tooLong) = state.withLock { ($0.text, $0.tooLong) }
    if let run = tooLong {
      throw UsageError(
        message: "run \(run)'s record is longer than a part's line (\(ShardPart.maximumLineBytes) bytes)")
    }
    let bytes = header.utf8.count + records.utf8.count
    guard bytes <= ShardPart.maximumBytes else {
      throw UsageError(
        message:
          "the part has \(bytes) bytes, more than \(ShardPart.maximumBytes); cut the sweep into more shards")
    }
    if let output {
      try OutputFile.write(header + records, to: output)
    } else {
      Output.write(header + records)
    }
  }
}
