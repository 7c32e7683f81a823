import SheetCore
import SheetTestSupport
import Testing

@testable import SheetScript

/// The host API where review found it wanting: a display link paused while the sheet is still, a
/// screen with no active detent, a detent inactive on this screen, and a behaviour printing in a loop.
@Suite struct ScriptedSheetIdleTests {
  @Test func aPauseWhileStillDoesNotEatTheNextAnimation() throws {
    let sheet = try ScriptedSheet(preset: "bottom-sheet-vc")
    _ = try sheet.advance(to: 1000)
    sheet.present()  // the display link was paused for 0.6 s while the sheet was hidden
    let first = try sheet.advance(to: 1000.6)
    #expect(first.state == .presenting && first.height > 0 && first.height < 100, "\(first)")
    #expect(abs(first.time - 1.0 / 120) < 1e-9)  // one frame, not the pause
  }

  @Test func stateRefusalsAreEventsNotErrors() throws {
    let source = """
      return {
        detents = {
          { id = 'only', height = function(ctx) if ctx.screen.height < 500 then return nil end return 300 end },
        },
      }
      """
    let sheet = try ScriptedSheet(source: source, name: "small.lua")
    try sheet.resize(SheetGeometry(width: 844, height: 390, safeArea: SafeArea(top: 0, bottom: 21)))
    _ = sheet.drainEvents()
    sheet.present()  // no detent is active on this screen: ignored, not thrown
    try sheet.snap(to: "only")  // declared, inactive here: ignored
    let names = sheet.drainEvents().map(\.description)
    #expect(names.contains("ignored input=present state=hidden"), "\(names)")
    #expect(names.contains("ignored input=snap state=hidden"), "\(names)")
    #expect(throws: SheetError.unknownDetent("never")) { try sheet.snap(to: "never") }
  }

  @Test func aPrintLoopCannotGrowTheHost() throws {
    let source = """
      return {
        on_drag = function(sheet, gesture)
          for i = 1, 50000 do print('line ' .. i) end
          return gesture.start_height - gesture.translation
        end,
      }
      """
    // No wall-clock deadline: under AddressSanitizer the 50,000 prints outlast 0.5 s, which would end
    // them before the event cap is reached.
    let sheet = try ScriptedSheet(
      source: source, name: "loud.lua", configuration: try .init(callbackDeadline: 0))
    sheet.present()
    var t = 0.0
    while !sheet.isStill {
      t += 1.0 / 120
      _ = try sheet.advance(to: t)
    }
    let y = 844 - sheet.frame.height + 10  // on the sheet, near its top edge
    #expect(try sheet.touchDown(x: 10, y: y, timestamp: t))
    try sheet.touchMove(x: 10, y: y - 10, timestamp: t + 0.01)
    let events = sheet.drainEvents()
    #expect(events.count <= ScriptedSheet.maximumPendingEvents)
    #expect(sheet.droppedEventCount > 0)
  }
}
