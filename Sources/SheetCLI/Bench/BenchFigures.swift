import Foundation
import LuaHost
import SheetBench
import SheetCore
import SheetScenario
import SheetScript
import SheetTrace

/// The figures of `sheet bench`, each measured in this one run.
struct BenchFigures {
  /// Smaller batches and counts, for a quick check.
  var quick: Bool
  var timer: BatchTimer { BatchTimer(batches: quick ? 3 : 9) }

  /// A bare C-level `lua_pcall` against the same call through `LuaFunction.call(_:)`, side by side.
  /// - Returns: floor ns, host ns, and the host/floor ratio.
  func luaCalls() throws -> (floor: Measurement, host: Measurement, ratio: Measurement) {
    let state = try LuaState()
    guard
      case .function(let function) = try state.load("return function(x) return x + 1 end", name: "bench.lua")
        .callOne()
    else { throw BenchError(message: "the benchmark chunk did not return a function") }
    let calls = quick ? 100_000 : 1_000_000
    var failure: Error?
    let result = timer.sideBySide(
      { Double(state.measureBareCalls(of: function, iterations: calls) ?? 0) / Double(calls) },
      {
        var x = 0.0
        let ns = timer.nanoseconds {
          do {
            for _ in 0..<calls { x = try function.call(x) }
          } catch {
            failure = error
          }
        }
        return x > 0 ? ns / Double(calls) : .nan
      })
    if let failure { throw failure }
    return (result.a, result.b, result.ratio)
  }

  /// The figures of a dragging frame, measured in the same rounds.
  struct Frames {
    /// One dragging frame step with the default policy, ns.
    var native: Measurement
    /// The same with the `system` preset, ns.
    var scripted: Measurement
    /// The same frame through the host API, `ScriptedSheet`, ns.
    var host: Measurement
    /// The preset's two callback bodies called from a loop in Lua, in the same state, ns.
    var luaBody: Measurement
    /// scripted / native, round by round.
    var ratio: Measurement
    /// host / scripted, round by round.
    var hostRatio: Measurement
    /// (scripted - native) / luaBody, round by round: the host's cost per unit of the script's own work.
    var overheadRatio: Measurement
  }

  /// One dragging frame step with the default policy and with the `system` preset on
  /// `SheetMachine` directly, one dragging host frame through `ScriptedSheet` with the same preset
  /// (see ``hostDragFrame(_:frames:)``), and the preset's `on_drag` and `backdrop` called from a loop in
  /// Lua on the scripted frame's own views and state (see ``luaBodies(_:frames:)``), side by side.
  func frames() throws -> Frames {
    let scripted = try Behaviour.load(try preset("system"))
    let sheet = try ScriptedSheet(preset: "system")
    let frames = quick ? 20_000 : 200_000
    let bodies = try luaBodies(scripted, frames: frames)
    var failure: Error?
    func checked(_ body: () throws -> Double) -> Double {
      do {
        return try body()
      } catch {
        failure = error
        return .nan
      }
    }
    let samples = timer.rounds([
      { Self.dragFrame(DefaultPolicy(), frames: frames) },
      { Self.dragFrame(scripted, frames: frames) },
      { checked { try hostDragFrame(sheet, frames: frames) } },
      { checked(bodies) },
    ])
    if let failure { throw failure }
    let (native, script, host, lua) = (samples[0], samples[1], samples[2], samples[3])
    return Frames(
      native: .of(native), scripted: .of(script), host: .of(host), luaBody: .of(lua),
      ratio: .of(zip(script, native).map { $0 / $1 }), hostRatio: .of(zip(host, script).map { $0 / $1 }),
      overheadRatio: .of(zip(zip(script, native), lua).map { ($0.0 - $0.1) / $1 }))
  }

  /// `frames` dragging frames of `SheetCoreBenchmark` alone (no settling frame runs).
  /// - Returns: Nanoseconds a frame.
  static func dragFrame(_ policy: any SheetPolicy, frames: Int) -> Double {
    SheetCoreBenchmark.run(policy: policy, frames: frames, settleFrames: 0).dragNanosecondsPerFrame
  }

  /// A batch of the `system` preset's two callback bodies called from a loop in Lua itself
  /// (``BehaviourCallbackLoop``), in the behaviour's own state, on its views as a dragging frame wrote
  /// them: before each batch one frame drags the sheet halfway through the benchmark's sweep (75 pt
  /// above `medium`, where `SheetCoreBenchmark`'s finger spends its frames: no rubber band).
  /// - Returns: The batch: nanoseconds per iteration (`on_drag`, then `backdrop`).
  func luaBodies(_ behaviour: Behaviour, frames: Int) throws -> () throws -> Double {
    var held = try SheetCoreBenchmark.HeldDrag(policy: behaviour)
    let loop = try BehaviourCallbackLoop(behaviour)
    let calls = max(1, frames / BehaviourCallbackLoop.iterationsPerCall)
    return {
      try held.frame()
      var sum = 0.0
      var failure: Error?
      let ns = timer.nanoseconds {
        do { sum = try loop.run(calls: calls) } catch { failure = error }
      }
      if let failure { throw failure }
      return sum.isFinite ? ns / Double(calls * BehaviourCallbackLoop.iterationsPerCall) : .nan
    }
  }

  /// One settling frame step (a spring or curve toward a detent, no Lua call) with the default policy
  /// policy and with the `system` preset, side by side.
  /// - Returns: native ns and scripted ns.
  func settleFrames() throws -> (native: Measurement, scripted: Measurement) {
    let scripted = try Behaviour.load(try preset("system"))
    let frames = quick ? 20_000 : 200_000
    let result = timer.sideBySide(
      {
        SheetCoreBenchmark.run(policy: DefaultPolicy(), frames: 0, settleFrames: frames)
          .settleNanosecondsPerFrame
      },
      { SheetCoreBenchmark.run(policy: scripted, frames: 0, settleFrames: frames).settleNanosecondsPerFrame })
    return (result.a, result.b)
  }

  /// Full scenarios a second (present, drag, release, settle) on one core, reusing one loaded behaviour,
  /// and cold (loading the behaviour in a fresh state each time), and the floor of a cold start: a
  /// fresh sandboxed state with the preset loaded and nothing run, side by side.
  /// - Returns: warm and cold scenarios per second, and cold starts per second.
  func scenarios() throws -> (warm: Measurement, cold: Measurement, coldFloor: Measurement) {
    let source = try preset("system")
    let warm = try Behaviour.load(source)
    let count = quick ? 200 : 2_000
    var failure: Error?
    func perSecond(_ body: () throws -> Void) -> Double {
      Double(count) * 1e9
        / timer.nanoseconds {
          for _ in 0..<count where failure == nil {
            do { try body() } catch { failure = error }
          }
        }
    }
    let samples = timer.rounds([
      { perSecond { try Self.scenario(warm) } },
      { perSecond { try Self.scenario(try Behaviour.load(source)) } },
      { perSecond { _ = try Behaviour.load(source) } },
    ])
    if let failure { throw failure }
    return (.of(samples[0]), .of(samples[1]), .of(samples[2]))
  }

  /// One full scenario: present, settle, drag up 200 pt in 0.25 s, release, settle.
  static func scenario(_ behaviour: Behaviour) throws {
    var driver = try SheetDriver(policy: behaviour, geometry: .reference, recording: false)
    try driver.apply { h in h.present() }
    try driver.settle()
    try driver.drag(DragGesture(dy: -200, duration: 0.25))
    try driver.settle()
  }

  /// The embedded preset's source.
  func preset(_ name: String) throws -> BehaviourSource {
    guard let source = Presets.source(named: name) else { throw BenchError(message: "no preset '\(name)'") }
    return source
  }
}

/// A benchmark that could not run.
struct BenchError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
