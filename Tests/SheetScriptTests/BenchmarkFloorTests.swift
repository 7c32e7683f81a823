import Foundation
import SheetBench
import SheetCore
import SheetTestSupport
import Testing

@testable import SheetScenario
@testable import SheetScript

/// The floors `sheet bench` divides by do the work they stand for (no timing is checked): the callback
/// loop calls the very callbacks a frame calls, and a scenario's replay steps the very frames its run
/// stepped.
@Suite struct BenchmarkFloorTests {

  /// One iteration of the loop gives what the frame's `on_drag` and `backdrop` gave: the machine's
  /// height and backdrop after that frame (the `system` preset maps both without clamping here).
  @Test func callbackLoopCallsTheFramesCallbacks() throws {
    let behaviour = try PresetTest.load("system")
    var machine = try SheetHost(policy: behaviour, geometry: PresetTest.reference)
    machine.present()
    while machine.state != .resting { _ = try machine.step(1.0 / 120) }
    let y0 = PresetTest.reference.height - machine.height + 10
    try machine.touchDown(y: y0)
    _ = try machine.touchMove(y: y0 - 75)
    #expect(machine.state == .dragging)
    let loop = try BehaviourCallbackLoop(behaviour)
    let sum = try loop.run(calls: 2)
    let perIteration = sum / Double(2 * BehaviourCallbackLoop.iterationsPerCall)
    #expect(abs(perIteration - (machine.height + machine.backdrop)) < 1e-9, "\(perIteration)")
    #expect(abs(machine.height - 473.5) < 1e-9, "medium 398.5 + 75 pt of drag: \(machine.height)")
  }

  /// The replay of `system_snap.lua` ends where the run ended, after as many frames.
  @Test(arguments: [0.998, 0.9985]) func replayStepsTheRunsFrames(_ rate: Double) throws {
    let file = packageRoot.appendingPathComponent("Tests/Scenarios/system_snap.lua").path
    var options = ScenarioOptions()
    options.overrides = [("projection_rate", rate)]
    let replay = ScenarioReplay.record(file: file, options: options)
    #expect(replay.unsupported == nil)
    #expect(replay.passed)
    #expect(replay.recordedChecksum > 100, "frames were stepped: \(replay.recordedChecksum)")
    #expect(try replay.run() == replay.recordedChecksum)
    #expect(try replay.run() == replay.recordedChecksum, "a warm behaviour replays the same")
  }

  /// A run with a scroll view (made with the sheet, or set by `set_content`) replays to the same end:
  /// the replay sets the scroll view up as the session did, so the hand-off decides the same frames.
  @Test(arguments: ["scroll_handoff_up.lua", "scroll_handoff_down.lua", "scroll_on_scroll.lua"])
  func replayKeepsTheScrollView(_ name: String) throws {
    let file = packageRoot.appendingPathComponent("Tests/Scenarios/\(name)").path
    let replay = ScenarioReplay.record(file: file, options: ScenarioOptions())
    #expect(replay.unsupported == nil)
    #expect(replay.passed)
    #expect(try replay.run() == replay.recordedChecksum)
  }
}
