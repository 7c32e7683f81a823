import Foundation
import SheetCore
import Testing

@testable import SheetScenario
@testable import SheetScript
@testable import SheetTrace

/// The scroll view in the trace and through the host API: the `scroll` column in the table,
/// CSV and JSONL only when a scroll view exists, the plot's third line, `scroll_handoff` events, and
/// `ScriptedSheet.setScrollView(_:)` with its drained events.
@Suite struct ScrollTraceTests {
  /// A hand-off down at large (the list's frame 731 tall, largest offset 1669): scrolled to 14, a pan
  /// down 7 pt a frame takes two frames of content, then the sheet.
  static func handOffTrace(scroll: Bool) throws -> Trace {
    var driver = try SheetDriver(policy: DefaultPolicy(), geometry: PresetTest.reference, title: "t.lua")
    if scroll {
      try driver.apply { m throws(SheetError) in try m.setScrollView(ScrollView(contentHeight: 2400, top: 56))
      }
    }
    try driver.presentAndSettle()
    try driver.apply { m throws(SheetError) in try m.snap(to: "large") }
    #expect(try driver.settle())
    if scroll { try driver.apply { m throws(SheetError) in try m.scroll(to: 14) } }
    try driver.touchDown(y: 400)
    for k in 1...4 { try driver.touchMove(y: 400 + 7 * Double(k)) }
    try driver.touchUp(velocity: 0)
    #expect(try driver.settle())
    return driver.trace
  }

  @Test func theFormatsCarryTheOffsetOnlyWithAScrollView() throws {
    let plain = try Self.handOffTrace(scroll: false)
    #expect(!plain.hasScroll)
    #expect(
      plain.table().split(separator: "\n")[1]
        == "       t  state       detent     target        height  backdrop     dh/dt")
    #expect(plain.csv().hasPrefix("t,state,detent,target,height,backdrop,dh_dt,index\n"))
    #expect(!plain.jsonLines().contains("\"scroll\""))
    #expect(!TracePlot().svg(plain).contains("scroll offset"))

    let scrolled = try Self.handOffTrace(scroll: true)
    #expect(scrolled.hasScroll)
    let table = scrolled.table()
    #expect(table.split(separator: "\n")[1].hasSuffix("     dh/dt     scroll"))
    // the content takes 7 and 7 to its top, the third frame hands over and the sheet takes 7 (780)
    #expect(table.contains("* scroll_handoff to=sheet height=787 offset=0"), "\(table)")
    #expect(
      table.contains("dragging    large      -             780.00    0.3000    -840.0       0.00"), "\(table)"
    )
    let csv = scrolled.csv().split(separator: "\n")
    #expect(csv[0] == "t,state,detent,target,height,backdrop,dh_dt,index,scroll")
    #expect(
      csv.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 9 })
    let frames = scrolled.jsonLines().split(separator: "\n").compactMap { line -> [String: Any]? in
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return object?["kind"] as? String == "frame" ? object : nil
    }
    #expect(frames.allSatisfy { $0["scroll"] is NSNumber })
    let offsets = frames.compactMap { ($0["scroll"] as? NSNumber)?.doubleValue }
    #expect(offsets.contains(7) && offsets.contains(0) && offsets.max() == 7)
    let handoff = try #require(scrolled.events.first { $0.name == "scroll_handoff" })
    #expect(handoff.fields.map(\.key) == ["to", "height", "offset"])
    #expect(
      handoff["to"] == .string("sheet") && handoff["height"] == .number(787)
        && handoff["offset"] == .number(0))
    let svg = TracePlot().svg(scrolled)
    #expect(svg.contains("<title>scroll offset</title>") && svg.contains("scroll_handoff to sheet"))
  }

  @Test func theHostSetsTheScrollViewAndDrainsTheHandOff() throws {
    let sheet = try ScriptedSheet(preset: "system")
    #expect(sheet.scrollOffset == nil && sheet.scrollView == nil)
    let list = ScrollView(contentHeight: 2400, top: 56)
    try sheet.setScrollView(list)
    #expect(sheet.scrollView == list && sheet.scrollOffset == 0 && sheet.frame.scrollOffset == 0)
    #expect(throws: SheetError.invalidValue(field: "scroll.top", value: -1)) {
      try sheet.setScrollView(ScrollView(contentHeight: 10, top: -1))
    }
    #expect(sheet.scrollView == list)
    sheet.present()
    try sheet.snap(to: "large")
    var now = 0.0
    func run(until done: () -> Bool) throws {
      var frames = 0
      while !done() && frames < 2000 {
        now += 1.0 / 120
        try sheet.advance(to: now)
        frames += 1
      }
    }
    try run { sheet.isStill }
    try sheet.scroll(to: 5)
    #expect(throws: SheetError.invalidValue(field: "offset", value: .infinity)) {
      try sheet.scroll(to: .infinity)
    }
    _ = sheet.drainEvents()
    try sheet.touchDown(x: 100, y: 400, timestamp: now)
    now += 1.0 / 120
    try sheet.touchMove(x: 100, y: 410, timestamp: now)
    try sheet.advance(to: now)
    #expect(sheet.scrollOffset == 0 && sheet.frame.height == 782)
    let lines = sheet.drainEvents().map(\.description)
    #expect(lines.contains("scroll_handoff to=sheet height=787 offset=0"), "\(lines)")
    try sheet.touchUp(x: 100, y: 410, timestamp: now, velocity: 0)
    try run { sheet.isStill }
    // a fling in the content: the sheet is not still until the content is
    try sheet.touchDown(x: 100, y: 400, timestamp: now)
    now += 1.0 / 120
    try sheet.touchMove(x: 100, y: 380, timestamp: now)
    try sheet.touchUp(x: 100, y: 380, timestamp: now, velocity: -2000)
    #expect(!sheet.isStill && sheet.state == .resting)
    try run { sheet.isStill }
    #expect(try #require(sheet.scrollOffset) > 900)
    try sheet.setScrollView(nil)
    #expect(sheet.scrollOffset == nil && sheet.frame.scrollOffset == nil)
  }
}
