import SheetCore
import SheetTrace
import Testing

@testable import SheetScenario
@testable import SheetScript

@Suite struct PresetSmokeTests {
  @Test func bottomSheetPresentsToNormalAndSnapsBack() throws {
    let source = try #require(Presets.source(named: "bottom-sheet-vc"))
    let behaviour = try Behaviour.load(source)
    var driver = try SheetDriver(policy: behaviour, geometry: .reference)
    try driver.apply { h in h.present() }
    #expect(try driver.settle())
    #expect(driver.machine.height == 500)
    #expect(abs(driver.machine.backdrop - 0.4 * (1 - 148.5 / 648.5)) < 1e-9)
    try driver.drag(DragGesture(dy: -100, duration: 0.25, velocity: 900))
    #expect(try driver.settle())
    #expect(driver.machine.detent == "normal")
    let events = driver.trace.events.map(\.name)
    #expect(!events.contains("script_error"), "\(driver.trace.events)")
    print(driver.trace.table())
  }
}
