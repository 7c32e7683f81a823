import Dispatch
import Foundation
import SheetScenario
import SheetScript
import SheetTrace
import Synchronization

/// The runs of `sheet fuzz`: made on `jobs` threads in the order of their indices (``SweepOrder``), the
/// first failure in that order shrunk and written as a scenario, which is then run as `sheet run`
/// would to check that it fails the same way. What it prints on standard output depends on the
/// arguments alone (not on `--jobs`, nor on the machine): a run's steps depend on the seed and its index
/// only, and the failure reported is the one of the lowest index. Timings go to standard error.
struct FuzzCampaign {
  /// The behaviour, screen, properties and bounds.
  var target: FuzzTarget
  /// The seed.
  var seed: UInt64
  /// The runs of the whole fuzz (this shard makes its share).
  var runs: Int
  /// The wall-clock budget, if any: no run starts after it.
  var seconds: Double?
  /// Worker threads.
  var jobs: Int
  /// This process's share of the runs.
  var shard: Shard
  /// The command line, for the written scenario's header.
  var command: String

  /// What the runs handed on in order showed.
  private struct Tally {
    var runs = 0
    var steps = 0
    var stopped = 0
    var failure: (run: Int, case: FuzzCase, failure: FuzzFailure)?
  }

  /// Makes the runs, then shrinks and writes the first failure.
  /// - Parameter output: Where a finding is written.
  /// - Returns: 0 when every run held, 1 for a finding.
  /// - Throws: `UsageError` when the finding cannot be written.
  func run(output: String) throws(UsageError) -> Int32 {
    let share = shard.share(of: runs)
    Output.write(header(share: share))
    let start = ContinuousClock.now
    let tally = sweep(share: share)
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    Output.writeError(
      "fuzz: \(tally.runs) runs in \(String(format: "%.2f", seconds)) s, "
        + "\(String(format: "%.0f", Double(tally.runs) / max(seconds, 1e-9))) runs/s (jobs \(jobs))\n")
    let stoppedNote = tally.stopped == 0 ? "" : "; \(tally.stopped) ended early by a call the sheet refused"
    guard let found = tally.failure else {
      Output.print("passed: \(tally.runs) runs, \(tally.steps) steps, every property held\(stoppedNote)")
      return 0
    }
    Output.print(
      "FAIL: run \(found.run) after \(tally.runs) runs: \(found.failure.property.sentence)\n"
        + "  seen at step \(found.failure.step + 1) of \(found.case.steps.count): \(found.failure.detail)")
    let shrinkStart = ContinuousClock.now
    let finding = shrink(found.run, found.case, found.failure)
    Output.writeError("fuzz: shrunk in \(ContinuousClock.now - shrinkStart)\n")
    Output.print(
      "shrunk: \(found.failure.step + 1) -> \(finding.shrunk.steps.count) steps in \(finding.shrinkRuns) runs\n"
        + "  seen at step \(finding.failure.step + 1): \(finding.failure.detail)")
    try write(finding, to: output)
    return 1
  }

  /// The first lines: what is fuzzed, how, and the properties checked.
  private func header(share: Int) -> String {
    let g = target.screen
    let names = FuzzProperty.builtIn.filter(target.checks).map(\.name)
    var user: [String] = []
    if let file = target.properties, let loaded = try? FuzzUserProperties(file) {
      user = loaded.names.filter { target.checks(.user($0)) }.map { "'\($0)'" }
    }
    let exempt = target.exempt.sorted().map(\.name)
    return "sheet fuzz \(target.source.name): seed \(seed), \(share) runs"
      + (shard == .whole ? "" : " (shard \(shard.index)/\(shard.count) of \(runs))")
      + (self.seconds.map { " or \(TraceNumber.format($0)) s" } ?? "")
      + ", at most \(target.maximumSteps) steps each, "
      + "screen \(TraceNumber.format(g.width))x\(TraceNumber.format(g.height)) "
      + "(safe area \(TraceNumber.format(g.safeArea.top))/\(TraceNumber.format(g.safeArea.bottom)))\n"
      + "checks: \((names + user).joined(separator: ", "))\n"
      + (exempt.isEmpty ? "" : "exempt: \(exempt.joined(separator: ", "))\n")
  }

  /// Makes this shard's runs on `jobs` threads, handing their outcomes on in order, up to the first
  /// failure (or the end of the time).
  private func sweep(share: Int) -> Tally {
    let order = SweepOrder<SweepOutcome>(points: share, files: 1, window: Sweep.window)
    let tally = Mutex(Tally())
    // each run's case and verdict, by its place in the shard, until it is handed on
    let ended = Mutex([Int: (FuzzCase, FuzzVerdict)]())
    let stop = Atomic(false)
    let deadline = seconds.map { ContinuousClock.now + .milliseconds(Int64($0 * 1000)) }
    let pool = WarmPool()
    let workers = Sweep.workers(jobs: jobs, count: share)
    let target = target
    let seed = seed
    let shard = shard
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      let warm = pool.take()
      defer { pool.give(warm) }
      let properties = target.properties.flatMap { try? FuzzUserProperties($0) }
      while let k = order.claim() {
        let made = FuzzCase.generate(
          target, seed: seed, run: shard.run(k), warm: warm, properties: properties)
        warm.settle()
        ended.withLock { $0[k] = made }
        order.finish(k, SweepOutcome(passed: true)) { point, _ in
          guard let (made, verdict) = ended.withLock({ $0.removeValue(forKey: point) }) else { return }
          tally.withLock { tally in
            guard tally.failure == nil else { return }
            tally.runs += 1
            tally.steps += made.steps.count
            switch verdict {
            case .passed: break
            case .stopped: tally.stopped += 1
            case .failed(let failure):
              tally.failure = (shard.run(point), made, failure)
              stop.store(true, ordering: .relaxed)
            }
          }
        }
        if let deadline, ContinuousClock.now >= deadline { stop.store(true, ordering: .relaxed) }
        if stop.load(ordering: .relaxed) { order.stop() }
      }
    }
    return tally.withLock { $0 }
  }

  /// Shrinks a failing run.
  private func shrink(_ run: Int, _ made: FuzzCase, _ failure: FuzzFailure) -> FuzzFinding {
    let properties = target.properties.flatMap { try? FuzzUserProperties($0) }
    var shrinker = FuzzShrinker(target: target, warm: WarmStates(), properties: properties)
    let (shrunk, shrunkFailure) = shrinker.shrink(made, failing: failure)
    return FuzzFinding(
      run: run, original: made, shrunk: shrunk, failure: shrunkFailure,
      shrinkRuns: shrinker.runs)
  }

  /// Writes a finding's scenario, runs it as `sheet run` does and says whether it fails the same way.
  private func write(_ finding: FuzzFinding, to output: String) throws(UsageError) {
    var target = target
    if let path = target.source.path {
      let folder = URL(fileURLWithPath: output).deletingLastPathComponent().path
      target.reference = FuzzFinding.relativePath(of: path, from: folder)
    }
    let properties = target.properties.flatMap { try? FuzzUserProperties($0) }
    let text = finding.scenario(target, properties: properties, seed: seed, command: command)
    try OutputFile.write(text, to: output)
    let result = ScenarioRunner.run(file: output)
    if finding.replays(result) {
      Output.print("wrote \(output): `sheet run \(output)` fails it the same way")
    } else {
      let first = result.failures.first?.description ?? "it passes"
      Output.print("wrote \(output); but `sheet run \(output)` does not fail it the same way: \(first)")
    }
  }
}
