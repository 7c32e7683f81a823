import Foundation
import LuaHost
import SheetCore
import SheetTrace
import Testing

@testable import SheetScenario
@testable import SheetScript

/// The scroll view from a behaviour's side: `on_scroll` and its `scroll` view, `sheet.scroll`,
/// typo hints on the view, faults, the configuration field, and a steady pan in the scroll view that
/// allocates nothing in Lua.
@Suite struct ScrollViewBehaviourTests {
  /// The list of the scenarios: 2400 pt of content 56 pt inside the sheet's top edge.
  static let list = ScrollView(contentHeight: 2400, top: 56)

  /// A driver over `text` with the list in the content, presented and snapped to large (787: the
  /// list's frame is 731 tall, its largest offset 1669, its top at y 113).
  static func atLarge(_ text: String) throws -> SheetDriver {
    var driver = try PresetTest.driver(source: text)
    try driver.apply { m throws(SheetError) in try m.setScrollView(Self.list) }
    try driver.presentAndSettle()
    try driver.apply { m throws(SheetError) in try m.snap(to: "large") }
    #expect(try driver.settle())
    return driver
  }

  @Test func onScrollReadsTheViewAndDecidesTheFrame() throws {
    // The first frame it answers 'sheet' and keeps what it saw; the second it raises that text (a fault:
    // the built-in rule decides that frame), so the trace carries what the view held.
    let text = """
      local first
      return {
        on_scroll = function(sheet, gesture, scroll)
          local seen = string.format('%s %.1f %.1f %.1f %.1f %.1f %s %s %.1f',
            gesture.translation < 0 and 'up' or 'down', scroll.offset, scroll.content_height,
            scroll.height, scroll.top, scroll.max_offset, tostring(scroll.at_top),
            tostring(sheet.scroll.offset == scroll.offset), scroll.velocity)
          if first == nil then
            first = seen
            return 'sheet'
          end
          error('seen: ' .. first, 0)
        end,
      }
      """
    var driver = try Self.atLarge(text)
    try driver.apply { m throws(SheetError) in try m.scroll(to: 40) }
    try driver.touchDown(y: 500)
    try driver.touchMove(y: 490)  // 'sheet': the sheet rubber-bands up, the content stays at 40
    #expect(driver.machine.height > 787 && driver.machine.scrollOffset == 40)
    let h = driver.machine.height
    // the fault: the built-in rule; growing past large with the content scrollable, the content takes it
    try driver.touchMove(y: 480)
    #expect(driver.machine.height == h && driver.machine.scrollOffset == 50)
    try driver.touchUp(velocity: 0)
    // the first frame saw the content at 40 of 1669 in a 731 pt frame 56 pt down, still
    let errors = driver.scriptErrors
    #expect(
      errors == ["on_scroll: test.lua:3: on_scroll: seen: up 40.0 2400.0 731.0 56.0 1669.0 false true 0.0"],
      "\(errors)")
  }

  @Test func aMisspeltScrollFieldIsNamedWithTheNearest() throws {
    let text = """
      return {
        on_scroll = function(sheet, gesture, scroll) return scroll.ofset > 0 and 'scroll' or nil end,
      }
      """
    var driver = try Self.atLarge(text)
    try driver.touchDown(y: 500)
    try driver.touchMove(y: 490)
    let errors = driver.scriptErrors
    #expect(errors.count == 1, "\(errors)")
    #expect(
      errors.first?.contains("'ofset'") == true && errors.first?.contains("did you mean 'offset'") == true,
      "\(errors)")
    // the fault's frame took the built-in rule: at large a pan up scrolls
    #expect(driver.machine.scrollOffset == 10 && driver.machine.height == 787)
  }

  @Test(arguments: [("'up'", "'up'"), ("42", "42"), ("{}", "a table")])
  func aBadAnswerIsAFaultAndTheNativeRuleDecides(_ answer: String, _ quoted: String) throws {
    let text = "return { on_scroll = function() return \(answer) end }"
    var driver = try Self.atLarge(text)
    try driver.touchDown(y: 500)
    try driver.touchMove(y: 490)
    let errors = driver.scriptErrors
    #expect(
      errors.count == 1
        && errors.first?.hasPrefix("on_scroll: test.lua:1: on_scroll returned \(quoted)") == true, "\(errors)"
    )
    #expect(driver.machine.scrollOffset == 10 && driver.machine.height == 787)
  }

  @Test func theFieldReachesTheConfiguration() throws {
    let off = try Behaviour.load(
      BehaviourSource(
        name: "b.lua", text: "return { prefers_scrolling_expands_when_scrolled_to_edge = false }"))
    #expect(off.configuration.prefersScrollingExpandsWhenScrolledToEdge == false)
    let standard = try Behaviour.load(BehaviourSource(name: "b.lua", text: "return {}"))
    #expect(standard.configuration.prefersScrollingExpandsWhenScrolledToEdge == true)
    #expect(ScenarioScriptErrors.callbacks.contains("on_scroll"))
  }

  @Test func sheetScrollIsNilWithoutAScrollView() throws {
    let text = """
      return {
        on_drag = function(sheet, gesture)
          if sheet.scroll ~= nil then error('a scroll view appeared') end
          return gesture.start_height - gesture.translation
        end,
      }
      """
    var driver = try PresetTest.driver(source: text)
    try driver.presentAndSettle()
    try driver.drag(DragGesture(dy: -50, duration: 0.1))
    #expect(driver.scriptErrors.isEmpty, "\(driver.scriptErrors)")
  }

  @Test func aPanInTheScrollViewAllocatesNothingInLua() throws {
    // on_scroll, on_drag and backdrop every frame, the content and the sheet taking turns (the finger
    // goes up and down across the hand-off at large).
    let text = """
      return {
        on_scroll = function(sheet, gesture, scroll)
          if scroll.at_top and gesture.velocity > 0 then return 'sheet' end
          return nil
        end,
        on_drag = function(sheet, gesture) return gesture.start_height - gesture.translation end,
        backdrop = function(sheet) return sheet.height / 2000 end,
      }
      """
    let behaviour = try Behaviour.load(BehaviourSource(name: "steady.lua", text: text))
    var driver = try SheetDriver(policy: behaviour, geometry: PresetTest.reference, recording: false)
    try driver.apply { m throws(SheetError) in try m.setScrollView(Self.list) }
    try driver.presentAndSettle()
    try driver.apply { m throws(SheetError) in try m.snap(to: "large") }
    #expect(try driver.settle())
    #expect(try driver.touchDown(y: 500))
    func y(_ k: Int) -> Double { 500 + 60 * sin(Double(k) / 30) }
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
