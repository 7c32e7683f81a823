import SheetBench
import SheetCore
import SheetScript

/// One piece of `sheet bench` run alone, `count` units of work once (`sheet bench --only PART --count
/// N`): for a profiler or an instruction counter, which takes a piece's cost a unit as the difference
/// between two counts divided by the difference in units (what a run does besides the units, its set-up,
/// cancels out). `scripts/bench-instructions` counts this way.
enum BenchPart: String, CaseIterable {
  /// Dragging frames with the default policy (`frame_native_ns`'s loop); a unit is a frame.
  case frameNative = "frame_native"
  /// Dragging frames with the `system` preset (`frame_scripted_ns`'s loop); a unit is a frame.
  case frameScripted = "frame_scripted"
  /// The preset's `on_drag` and `backdrop` called from a loop in Lua (`lua_body_ns`'s loop); a unit is
  /// an iteration.
  case luaBody = "lua_body"
  /// `sheet tune` runs of the sweep scenario (`sweep_run_ms`'s loop); a unit is a run.
  case sweepRun = "sweep_run"
  /// Replays of the same runs (`sweep_floor_ms`'s loop); a unit is a replay.
  case sweepFloor = "sweep_floor"

  /// The most units one run takes.
  static let maximumCount = 10_000_000

  /// The units a part's loop takes at a time: `--count` must be a multiple of it.
  var batch: Int {
    switch self {
    case .frameNative, .frameScripted: 1
    case .luaBody: BehaviourCallbackLoop.iterationsPerCall
    case .sweepRun, .sweepFloor: Self.sweepPoints
    }
  }

  /// What a unit is, for the part's line.
  var unit: String {
    switch self {
    case .frameNative, .frameScripted: "frame"
    case .luaBody: "iteration"
    case .sweepRun: "run"
    case .sweepFloor: "replay"
    }
  }

  /// The sweep's points: `sheet bench`'s full sweep.
  static let sweepPoints = 12

  /// The part named `name`.
  /// - Throws: `UsageError` naming the parts for an unknown name.
  static func named(_ name: String) throws(UsageError) -> BenchPart {
    guard let part = BenchPart(rawValue: name) else {
      let names = allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError(message: "unknown bench part '\(name)' (expected one of \(names))")
    }
    return part
  }

  /// The units a run of this part takes: `--count`, a whole number in ``batch``...``maximumCount``
  /// and a multiple of ``batch``.
  /// - Parameter args: The command's arguments.
  /// - Throws: `UsageError` when `--count` is missing or out of its bounds.
  func count(in args: CommandLineArguments) throws(UsageError) -> Int {
    guard
      let count = try args.wholeNumber(
        "--count", in: batch...Self.maximumCount, multipleOf: batch, for: rawValue)
    else { throw UsageError(message: "--only \(rawValue) needs --count (how many \(unit)s)") }
    return count
  }

  /// Runs `count` units once.
  /// - Parameters:
  ///   - count: Units, as ``count(in:)`` accepts them.
  ///   - figures: The bench's figures (the preset and the sweep come from there).
  /// - Returns: Nanoseconds a unit.
  /// - Throws: `BenchError` when the part cannot run (the sweep scenario is not found), or the Lua error
  ///   of a callback.
  func run(count: Int, figures: BenchFigures) throws -> Double {
    switch self {
    case .frameNative:
      return BenchFigures.dragFrame(DefaultPolicy(), frames: count)
    case .frameScripted:
      return BenchFigures.dragFrame(try Behaviour.load(try figures.preset("system")), frames: count)
    case .luaBody:
      let behaviour = try Behaviour.load(try figures.preset("system"))
      return try figures.luaBodies(behaviour, frames: count)()
    case .sweepRun, .sweepFloor:
      guard let (sweep, replays) = try figures.sweepAndReplays(points: Self.sweepPoints) else {
        throw BenchError(message: "\(BenchFigures.sweepScenario) not found (run from the package's folder)")
      }
      let rounds = count / Self.sweepPoints
      if self == .sweepRun { return figures.timeRuns(of: sweep, rounds: rounds) }
      return try figures.timeReplays(replays, rounds: rounds)
    }
  }
}
