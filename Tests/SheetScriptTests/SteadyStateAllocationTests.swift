import Foundation
import SheetCore
import Testing

@testable import SheetScript

/// The per-frame path (on_drag and backdrop callbacks through the reused views) makes no Lua
/// allocations in steady state.
@Suite struct SteadyStateAllocationTests {
  @Test(arguments: ["bottom-sheet-vc", "system"]) func draggingAllocatesNothing(_ name: String) throws {
    let behaviour = try PresetTest.load(name)
    var driver = try SheetDriver(policy: behaviour, geometry: PresetTest.reference, recording: false)
    try driver.presentAndSettle()
    let y0 = driver.grabY
    #expect(try driver.touchDown(y: y0))
    func y(_ k: Int) -> Double { y0 - 120 * sin(Double(k) / 40) }  // up and down across the detents
    for k in 1...200 { try driver.touchMove(y: y(k)) }  // warm-up
    let before = behaviour.allocationCount
    let memory = behaviour.memoryInUse
    for k in 201...2200 { try driver.touchMove(y: y(k)) }
    #expect(driver.machine.state == .dragging)
    #expect(
      behaviour.allocationCount == before, "\(behaviour.allocationCount - before) allocations in 2,000 frames"
    )
    #expect(behaviour.memoryInUse == memory)
  }
}
