import SheetScenario
import SheetScript
import SheetTrace
import Synchronization

/// `sheet corpus label CORPUS... --behaviour B [--set name=value]... [--jobs N]`: the corpora again, each
/// gesture's intent replaced by where B with the overrides sends it, so that a fit of any of B's
/// thresholds has a known answer (the overrides' values, at which every gesture agrees).
enum CorpusLabel {
  /// Replays the corpora once (``CorpusReplay``, in order whatever `--jobs`) for the ends, then reads
  /// them again and writes each gesture with its intent set to its end (without one when its replay
  /// failed) to standard output.
  /// - Parameter arguments: The words after `corpus label`.
  /// - Returns: 0 when every line was read and every gesture replayed, 1 otherwise.
  /// - Throws: `UsageError` for bad arguments, standard input (it is read twice), or a behaviour that
  ///   does not load or refuses an override.
  static func main(_ arguments: [String]) throws -> Int32 {
    let args = try CommandLineArguments(
      arguments, valued: ["--behaviour": "--behaviour", "--set": "--set", "--jobs": "--jobs"])
    guard !args.positionals.isEmpty else { throw UsageError(message: "corpus label needs a corpus file") }
    for file in args.positionals {
      guard file != "-" else { throw UsageError(message: "corpus label reads its corpora twice: name files") }
      try Output.requireExisting(file)
    }
    guard let reference = args.value("--behaviour") else {
      throw UsageError(message: "corpus label needs --behaviour B (a preset's name or a behaviour file)")
    }
    let side = try ReplayCommand.Side(reference, option: "--behaviour", overrides: try args.overrides())
    let state = Mutex((ends: [String?](), bad: 0, failed: 0))
    CorpusReplay(files: args.positionals, sides: [(side.source, side.overrides)])
      .run(jobs: try ScenarioArguments.jobs(args)) { handed in
        switch handed {
        case .replayed(let replay):
          state.withLock {
            $0.ends.append(replay.end(0))
            if replay.end(0) == nil { $0.failed += 1 }
          }
        case .bad(let error):
          state.withLock { $0.bad += 1 }
          Output.error(error.description)
        }
      }
    let (ends, bad, failed) = state.withLock { ($0.ends, $0.bad, $0.failed) }
    var batch = ""
    var index = 0
    _ = CorpusLines.read(args.positionals, quiet: true) { record, _, _ in
      guard index < ends.count else { return false }
      var record = record
      record.intent = ends[index]
      index += 1
      batch += record.jsonLine() + "\n"
      if batch.utf8.count >= CorpusCommand.batchBytes {
        Output.write(batch)
        batch = ""
      }
      return true
    }
    Output.write(batch)
    if failed > 0 { Output.error("corpus label: \(Plural.count(failed, "gesture")) could not be replayed") }
    return bad == 0 && failed == 0 ? 0 : 1
  }
}
