import Foundation
import LuaHost
import SheetCore
import SheetScript

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

  /// One dragging frame step with the native default policy and with the `system` preset on
  /// `SheetMachine` directly, and one dragging host frame through `ScriptedSheet` with the same preset
  /// (see ``hostDragFrame(_:frames:)``), side by side.
  /// - Returns: native ns, scripted ns, host ns, scripted/native, and host/scripted.
  func frames() throws -> (
    native: Measurement, scripted: Measurement, host: Measurement, ratio: Measurement,
    hostRatio: Measurement
  ) {
    let scripted = try Behaviour.load(try preset("system"))
    let sheet = try ScriptedSheet(preset: "system")
    let frames = quick ? 20_000 : 200_000
    var failure: Error?
    let result = timer.sideBySide(
      { SheetCoreBenchmark.run(policy: DefaultPolicy(), frames: frames).dragNanosecondsPerFrame },
      { SheetCoreBenchmark.run(policy: scripted, frames: frames).dragNanosecondsPerFrame },
      {
        do {
          return try hostDragFrame(sheet, frames: frames)
        } catch {
          failure = error
          return .nan
        }
      })
    if let failure { throw failure }
    return (result.a, result.b, result.c, result.ratio, result.thirdRatio)
  }

  /// One settling frame step (a spring or curve toward a detent, no Lua call) with the native default
  /// policy and with the `system` preset, side by side.
  /// - Returns: native ns and scripted ns.
  func settleFrames() throws -> (native: Measurement, scripted: Measurement) {
    let scripted = try Behaviour.load(try preset("system"))
    let frames = quick ? 20_000 : 200_000
    let result = timer.sideBySide(
      { SheetCoreBenchmark.run(policy: DefaultPolicy(), frames: frames).settleNanosecondsPerFrame },
      { SheetCoreBenchmark.run(policy: scripted, frames: frames).settleNanosecondsPerFrame })
    return (result.a, result.b)
  }

  /// Full scenarios a second (present, drag, release, settle) on one core, reusing one loaded behaviour,
  /// and cold (loading the behaviour in a fresh state each time), side by side.
  /// - Returns: warm and cold scenarios per second.
  func scenarios() throws -> (warm: Measurement, cold: Measurement) {
    let source = try preset("system")
    let warm = try Behaviour.load(source)
    let count = quick ? 200 : 2_000
    var failure: Error?
    let result = timer.sideBySide(
      {
        Double(count) * 1e9
          / timer.nanoseconds {
            for _ in 0..<count where failure == nil {
              do { try Self.scenario(warm) } catch { failure = error }
            }
          }
      },
      {
        Double(count) * 1e9
          / timer.nanoseconds {
            for _ in 0..<count where failure == nil {
              do { try Self.scenario(try Behaviour.load(source)) } catch { failure = error }
            }
          }
      })
    if let failure { throw failure }
    return (result.a, result.b)
  }

  /// One full scenario: present, settle, drag up 200 pt in 0.25 s, release, settle.
  static func scenario(_ behaviour: Behaviour) throws {
    var driver = try SheetDriver(policy: behaviour, geometry: .reference, recording: false)
    try driver.apply { m throws(SheetError) in try m.present() }
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
