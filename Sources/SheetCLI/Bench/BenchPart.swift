import SheetBench
import SheetCore
import SheetScript

/// One piece of `sheet bench` run alone, `count` units of work once (`sheet bench --only NAME --count
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

  /// The units a part's loop takes at a time: `count` must be a multiple of it.
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

  /// The units a run of this part takes, from `--count`'s text.
  /// - Throws: `UsageError` naming the value when it is not a whole number in 1...``maximumCount`` and a
  ///   multiple of ``batch``.
  func count(from text: String) throws(UsageError) -> Int {
    guard let count = Int(text), count >= batch, count <= Self.maximumCount, count % batch == 0 else {
      let multiple = batch == 1 ? "" : " and a multiple of \(batch)"
      throw UsageError(
        message: "--count expects a whole number in \(batch)...\(Self.maximumCount)\(multiple) for "
          + "\(rawValue), got '\(text)'")
    }
    return count
  }

  /// Runs `count` units once.
  /// - Parameters:
  ///   - count: Units, as ``count(from:)`` accepts them.
  ///   - figures: The bench's figures (the preset and the sweep come from there).
  /// - Returns: Nanoseconds a unit.
  /// - Throws: `BenchError` when the part cannot run (the sweep scenario is not found), or the Lua error
  ///   of a callback.
  func run(count: Int, figures: BenchFigures) throws -> Double {
    switch self {
    case .frameNative:
      return SheetCoreBenchmark.run(policy: DefaultPolicy(), frames: count, settleFrames: 0)
        .dragNanosecondsPerFrame
    case .frameScripted:
      let behaviour = try Behaviour.load(try figures.preset("system"))
      return SheetCoreBenchmark.run(policy: behaviour, frames: count, settleFrames: 0).dragNanosecondsPerFrame
    case .luaBody:
      let behaviour = try Behaviour.load(try figures.preset("system"))
      return try figures.luaBodies(behaviour, frames: count)()
    case .sweepRun, .sweepFloor:
      guard let (sweep, replays) = try figures.sweepAndReplays(points: Self.sweepPoints) else {
        throw BenchError(message: "\(BenchFigures.sweepScenario) not found (run from the package's folder)")
      }
      var checksum = 0.0
      var failure: Error?
      let ns = figures.timer.nanoseconds {
        for _ in 0..<count / Self.sweepPoints where failure == nil {
          if self == .sweepRun {
            checksum += Double(sweep.outcomes(jobs: 1).joined().filter(\.passed).count)
          } else {
            do {
              for replay in replays { checksum += try replay.run() }
            } catch {
              failure = error
            }
          }
        }
      }
      if let failure { throw failure }
      return checksum.isFinite ? ns / Double(count) : .nan
    }
  }
}
