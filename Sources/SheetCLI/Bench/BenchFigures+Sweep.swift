import Foundation
import SheetBench
import SheetScenario
import SheetScript

extension BenchFigures {
  /// The shipped scenario folder the sweep figures run (relative to the package's folder).
  static let scenarioFolder = "Tests/Scenarios"
  /// The scenario of ``sweepRun()``.
  static let sweepScenario = "Tests/Scenarios/system_snap.lua"

  /// One `sheet tune` run of `system_snap.lua` against the floor of the same run, side by side: a
  /// sweep's runs over `projection_rate` (everything a run does: two states, loading, the scenario's
  /// own Lua, its expectations, its trace) against their replays (``ScenarioReplay``: the same calls on
  /// a new sheet with each run's behaviour, loaded once and warm, no scenario Lua and no trace).
  /// - Returns: Milliseconds per run, per replay, and the ratio run / replay, round by round; nil when the
  ///   scenario is not found (the bench runs from another folder than the package's).
  func sweepRun() throws -> (run: Measurement, floor: Measurement, ratio: Measurement)? {
    let points = quick ? 4 : 12
    guard let (sweep, replays) = try sweepAndReplays(points: points) else { return nil }
    var failure: Error?
    let samples = timer.rounds([
      { timeRuns(of: sweep) / 1e6 },
      {
        do {
          return try timeReplays(replays) / 1e6
        } catch {
          failure = error
          return .nan
        }
      },
    ])
    if let failure { throw failure }
    return (.of(samples[0]), .of(samples[1]), .of(zip(samples[0], samples[1]).map { $0 / $1 }))
  }

  /// The sweep of ``sweepRun()`` and the replay of each of its runs, recorded and checked.
  /// - Parameter points: The sweep's points.
  /// - Returns: The sweep and one replay per point; nil when the scenario is not found.
  /// - Throws: `BenchError` when a run cannot be replayed or fails.
  func sweepAndReplays(points: Int) throws -> (sweep: Sweep, replays: [ScenarioReplay])? {
    guard FileManager.default.fileExists(atPath: Self.sweepScenario) else { return nil }
    // around the preset's 0.998, where every expectation of the scenario holds
    let values = (0..<points).map { 0.9975 + 0.001 * Double($0) / Double(points) }
    let parameter = SweepParameter(name: "projection_rate", values: values)
    let sweep = Sweep(files: [Self.sweepScenario], parameters: [parameter], options: ScenarioOptions())
    let replays = values.map { value in
      ScenarioReplay.record(file: Self.sweepScenario, options: sweep.options(at: [value]))
    }
    for replay in replays {
      if let why = replay.unsupported { throw BenchError(message: "\(Self.sweepScenario): \(why)") }
      guard replay.passed else { throw BenchError(message: "\(Self.sweepScenario) fails in the sweep") }
    }
    return (sweep, replays)
  }

  /// Runs a sweep of ``sweepAndReplays(points:)`` `rounds` times on one thread.
  /// - Parameters:
  ///   - sweep: The sweep.
  ///   - rounds: How many times (default once).
  /// - Returns: Nanoseconds a run; NaN when a run did not pass.
  func timeRuns(of sweep: Sweep, rounds: Int = 1) -> Double {
    let runs = (sweep.runCount ?? 0) * rounds
    var passed = 0
    let ns = timer.nanoseconds {
      for _ in 0..<rounds { passed += sweep.outcomes(jobs: 1).joined().filter(\.passed).count }
    }
    return runs > 0 && passed == runs ? ns / Double(runs) : .nan
  }

  /// Replays each run `rounds` times.
  /// - Parameters:
  ///   - replays: The replays.
  ///   - rounds: How many times (default once).
  /// - Returns: Nanoseconds a replay.
  /// - Throws: `SheetError` from a replay.
  func timeReplays(_ replays: [ScenarioReplay], rounds: Int = 1) throws -> Double {
    var checksum = 0.0
    var failure: Error?
    let ns = timer.nanoseconds {
      do {
        for _ in 0..<rounds {
          for replay in replays { checksum += try replay.run() }
        }
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    return checksum.isFinite ? ns / Double(replays.count * rounds) : .nan
  }

  /// Runs a second of the shipped scenario suite swept on one thread: every scenario once, at the one
  /// point of an empty grid (each behaviour's own thresholds), as `sheet tune` runs each.
  /// - Returns: Runs per second; nil when the folder is not found.
  func tuneRuns() throws -> Measurement? {
    let found = ScenarioRunner.find(in: [Self.scenarioFolder]).scenarios
    guard !found.isEmpty else { return nil }
    let sweep = Sweep(files: found, parameters: [], options: ScenarioOptions())
    return timer.measure {
      var runs = 0
      let ns = timer.nanoseconds { runs = sweep.outcomes(jobs: 1).joined().count }
      return Double(runs) * 1e9 / ns
    }
  }
}
