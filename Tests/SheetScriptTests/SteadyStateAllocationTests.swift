import Foundation
import SheetCore
import SheetTrace
import Testing

@testable import SheetScenario
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

  /// With the keyboard up the per-frame paths stay allocation-free in Lua: the sheet riding on
  /// the keyboard's motion (no callback runs), then a drag over the keyboard (on_drag and backdrop).
  @Test(arguments: ["bottom-sheet-vc", "system"]) func framesOverTheKeyboardAllocateNothing(_ name: String)
    throws
  {
    let behaviour = try PresetTest.load(name)
    var driver = try SheetDriver(policy: behaviour, geometry: PresetTest.reference, recording: false)
    try driver.presentAndSettle()
    try driver.apply { m throws(SheetError) in try m.setKeyboard(height: 336, duration: 1) }
    try driver.frame()  // warm-up
    var before = behaviour.allocationCount
    for _ in 0..<60 { try driver.frame() }
    #expect(driver.machine.keyboard.height > 0 && driver.machine.keyboard.height < 336)
    #expect(
      behaviour.allocationCount == before, "\(behaviour.allocationCount - before) while the keyboard moves")
    try driver.settle()
    let y0 = driver.grabY
    #expect(try driver.touchDown(y: y0))
    func y(_ k: Int) -> Double { y0 - 60 * sin(Double(k) / 40) }
    for k in 1...200 { try driver.touchMove(y: y(k)) }  // warm-up
    before = behaviour.allocationCount
    for k in 201...1200 { try driver.touchMove(y: y(k)) }
    #expect(driver.machine.state == .dragging && driver.machine.keyboard.height == 336)
    #expect(behaviour.allocationCount == before, "\(behaviour.allocationCount - before) in 1,000 frames")
  }
}
