import SheetScript
import SheetTrace

/// The limits of one scenario run, across all its coroutine resumes: a scenario is a script, so its
/// total work, simulated time and output are bounded, not just each call into it. Reaching one ends the
/// scenario as failed with a message naming the limit and the scenario's line; `sheet test` and
/// `sheet tune` go on with the next file.
public struct ScenarioLimits: Sendable, Equatable {
  /// Budget units (VM instructions, billed allocations, counted library work) the scenario's own Lua
  /// may spend over the whole run (default 100 million; each resume also has the state's per-call
  /// budget of 10 million).
  public var instructions = 100_000_000
  /// Budget units the behaviour's callbacks may spend over the whole run (default 250 million, about an
  /// hour of dragging with the `system` preset; each callback also has its own budget of 10 million and
  /// deadline).
  public var behaviourInstructions = 250_000_000
  /// Scenario calls (`wait`, `drag`, `screen`, ...) the run may make (default 100,000).
  public var calls = 100_000
  /// Simulated seconds the sheet may run (default 3600, one hour).
  public var simulatedTime = 3600.0
  /// Frames the sheet may step (default 1,000,000).
  public var frames = 1_000_000
  /// Trace entries, frames and events together (default 1,000,000).
  public var traceEntries = 1_000_000
  /// Bytes of the trace as JSON Lines (`sheet run --format jsonl`), kept or not (default 64 MiB).
  public var traceBytes = 64 << 20
  /// The most bytes of one `print` kept in the trace; longer lines are cut and say their length
  /// (default 4096).
  public var printBytes = 4096
  /// Seconds of wall-clock time one call into the scenario's or the behaviour's Lua may run (default
  /// 0.5; 0 turns the deadline off, leaving the budgets above to end a runaway loop).
  public var deadline = 0.5

  /// The defaults above.
  public init() {}
}

extension DriverLimits {
  /// A scenario's limits on the sheet.
  /// - Parameter limits: The scenario's limits.
  public init(_ limits: ScenarioLimits) {
    self.init()
    frames = limits.frames
    simulatedTime = limits.simulatedTime
    traceEntries = limits.traceEntries
    traceBytes = limits.traceBytes
  }
}
