import Testing

@testable import SheetCore

/// The routing of a pan that began inside the scroll view, as a table: the built-in rule's
/// split of one frame's travel, and the machine's owner by state, direction, offset and detent.
@Suite struct ScrollRoutingTests {
  typealias Split = ScrollRouting.Split

  /// `ScrollRouting.split` rows: grow (height units), finger height, largest, position, max offset,
  /// prefers expanding -> split. Numbers worked out by hand from the rule's steps. The next detent at or
  /// above the finger is the reference phone's (medium 398.5, large 787) unless `next` names it.
  static let splits:
    [(
      grow: Double, h: Double, top: Double, p: Double, max: Double, prefers: Bool, split: Split,
      next: Double?, line: UInt
    )] = [
      // growing at the largest detent: the content scrolls (and rubber-bands past its end)
      (7, 787, 787, 0, 1669, true, Split(.scroll, 7), nil, #line),
      (7, 787, 787, 1669, 1669, true, Split(.scroll, 7), nil, #line),
      // growing below it: the sheet first, the rest to the content at the hand-off point
      (7, 398.5, 787, 0, 1669, true, Split(.sheet, 7), nil, #line),
      (7, 783.5, 787, 0, 1669, true, Split(.sheet, 3.5, then: .scroll, 3.5), nil, #line),
      (3.5, 783.5, 787, 0, 1669, true, Split(.sheet, 3.5), nil, #line),
      // prefers expanding false: the content scrolls at any detent
      (7, 398.5, 787, 0, 1669, false, Split(.scroll, 7), nil, #line),
      // content that fits never scrolls: the sheet takes it (and rubber-bands above the largest)
      (7, 787, 787, 0, 0, true, Split(.sheet, 7), nil, #line),
      // pulled past the pinned edge, the content comes back first
      (7, 787, 787, -20, 1669, true, Split(.scroll, 7), nil, #line),
      // shrinking: the content to its pinned edge exactly, then the sheet
      (-7, 787, 787, 30, 1669, true, Split(.scroll, -7), nil, #line),
      (-7, 787, 787, 2, 1669, true, Split(.scroll, -2, then: .sheet, -5), nil, #line),
      (-7, 787, 787, 7, 1669, true, Split(.scroll, -7), nil, #line),
      (-7, 787, 787, 0, 1669, true, Split(.sheet, -7), nil, #line),
      (-7, 398.5, 787, 0, 1669, false, Split(.sheet, -7), nil, #line),
      (-7, 398.5, 787, 300, 1669, true, Split(.scroll, -7), nil, #line),
      (-7, 787, 787, 1700, 1669, true, Split(.scroll, -7), nil, #line),
      // prefers expanding false between detents (the pan moved the sheet off large): the sheet first, up
      // to the next detent, then the content; never the content while the sheet hangs between detents
      (7, 647, 787, 0, 1669, false, Split(.sheet, 7), nil, #line),
      (7, 783.5, 787, 0, 1669, false, Split(.sheet, 3.5, then: .scroll, 3.5), nil, #line),
      (7, 395, 787, 0, 1669, false, Split(.sheet, 3.5, then: .scroll, 3.5), nil, #line),
      (7, 398.5 - 1e-12, 787, 0, 1669, false, Split(.scroll, 7), nil, #line),
      (7, 500, 787, 0, 1669, false, Split(.sheet, 7), 600, #line),
    ]

  @Test(arguments: splits.indices) func theNativeRuleSplitsAFrame(_ i: Int) {
    let row = Self.splits[i]
    let reference = [398.5, 787]
    let next = row.next ?? reference.first { $0 >= row.h - ScrollRouting.atDetentTolerance } ?? row.top
    let split = ScrollRouting.split(
      grow: row.grow, sheetHeight: row.h, largest: row.top, nextDetent: next, position: row.p,
      maxOffset: row.max, prefersExpanding: row.prefers)
    #expect(split == row.split, "row at line \(row.line): \(split)")
  }

  /// Where the sheet is when the pan begins.
  enum Start {
    /// At rest at a detent.
    case resting(String)
    /// Snapped from the first detent to the second and caught after this many frames.
    case settling(String, String, frames: Int)
  }

  /// Machine rows: the edge, the start, the content offset, the finger's landing y, its move (screen
  /// y), prefers expanding, the content height -> who moved (the first and, for a split, the second).
  /// The reference phone: a bottom sheet's medium 398.5, large 787 (A 797); a top sheet's medium 405,
  /// large 800 (A 810). The list's frame starts 56 pt inside the leading edge.
  static let machine:
    [(
      edge: SheetEdge, start: Start, offset: Double, y: Double, dy: Double, prefers: Bool, content: Double,
      owners: [ScrollOwner], line: UInt
    )] = [
      (.bottom, .resting("large"), 0, 400, -10, true, 2400, [.scroll], #line),
      (.bottom, .resting("large"), 500, 400, -10, true, 2400, [.scroll], #line),
      (.bottom, .resting("large"), 1669, 400, -10, true, 2400, [.scroll], #line),
      (.bottom, .resting("large"), 0, 400, 10, true, 2400, [.sheet], #line),
      (.bottom, .resting("large"), 500, 400, 10, true, 2400, [.scroll], #line),
      (.bottom, .resting("large"), 4, 400, 10, true, 2400, [.scroll, .sheet], #line),
      (.bottom, .resting("medium"), 0, 600, -10, true, 2400, [.sheet], #line),
      (.bottom, .resting("medium"), 0, 600, -10, false, 2400, [.scroll], #line),
      (.bottom, .resting("medium"), 0, 600, 10, true, 2400, [.sheet], #line),
      (.bottom, .resting("medium"), 300, 600, 10, true, 2400, [.scroll], #line),
      (.bottom, .resting("large"), 0, 400, -10, true, 100, [.sheet], #line),
      // on the header above the list (the sheet's top edge is at 57, the list starts at 113): the sheet
      (.bottom, .resting("large"), 500, 80, 10, true, 2400, [.sheet], #line),
      (.bottom, .resting("large"), 500, 80, -10, true, 2400, [.sheet], #line),
      // caught mid-animation: below the largest detent the sheet expands first
      (.bottom, .settling("medium", "large", frames: 6), 0, 700, -10, true, 2400, [.sheet], #line),
      (.bottom, .settling("large", "medium", frames: 6), 0, 700, 10, true, 2400, [.sheet], #line),
      // a top sheet pins its content's end: growing (finger down) at large scrolls; shrinking (finger up)
      // moves the content to its end first, then the sheet
      (.top, .resting("large"), 0, 400, 10, true, 2400, [.scroll], #line),
      (.top, .resting("large"), 1656, 400, -10, true, 2400, [.sheet], #line),
      (.top, .resting("large"), 1650, 400, -10, true, 2400, [.scroll, .sheet], #line),
      (.top, .resting("medium"), 2051, 200, 10, true, 2400, [.sheet], #line),
    ]

  @Test(arguments: machine.indices) func theMachineRoutesTheFirstFrame(_ i: Int) throws {
    let row = Self.machine[i]
    var policy = DefaultPolicy()
    policy.configuration.edge = row.edge
    policy.configuration.prefersScrollingExpandsWhenScrolledToEdge = row.prefers
    var m = try SheetMachine(policy: policy, geometry: reference)
    try m.setScrollView(ScrollView(contentHeight: row.content, top: 56))
    try m.presented()
    switch row.start {
    case .resting(let id):
      try m.snap(to: id)
      m.runToRest()
    case .settling(let from, let to, let frames):
      try m.snap(to: from)
      m.runToRest()
      try m.snap(to: to)
      for _ in 0..<frames { try m.step(SheetMachine.defaultFrameInterval) }
    }
    try m.scroll(to: row.offset)
    // the distance from the pinned edge (a top sheet's content end moves with its frame)
    func pinned() throws -> Double {
      let view = try #require(m.scrollSnapshot)
      return row.edge == .bottom ? view.offset : view.maxOffset - view.offset
    }
    let (h0, o0) = (m.height, try pinned())
    #expect(try m.panBegan(y: row.y).isTracking, "row at line \(row.line)")
    var events = try m.panChanged(y: row.y + row.dy)
    let moved = (sheet: m.height != h0, scroll: try pinned() != o0)
    var owners: [ScrollOwner] = []
    if moved.scroll && moved.sheet {
      // a split: the hand-off event says who took the rest
      let handoff = events.compactMap { event -> ScrollOwner? in
        if case .scrollHandoff(let to, _, _) = event { return to }
        return nil
      }
      owners = handoff == [.sheet] ? [.scroll, .sheet] : [.sheet, .scroll]
    } else if moved.scroll {
      owners = [.scroll]
    } else if moved.sheet {
      owners = [.sheet]
    }
    #expect(
      owners == row.owners,
      "row at line \(row.line): h \(h0) -> \(m.height), offset \(o0) -> \(m.scrollOffset ?? .nan)")
    // Either way the finger's travel is shared exactly (no split rubber-bands here except at the ends).
    events += try m.panEnded(y: row.y + row.dy, velocity: 0)
    m.runToRest()
    #expect(m.invariantViolation == nil, "row at line \(row.line)")
  }

  /// A hand-off's numbers: the event carries the sheet's height and the offset at the hand-off point.
  @Test func theHandOffEventNamesThePoint() throws {
    var m = try SheetMachine(policy: DefaultPolicy(), geometry: reference)
    try m.setScrollView(ScrollView(contentHeight: 2400, top: 56))
    try m.presented()
    try m.panBegan(y: 600)
    var events: [SheetEvent] = []
    var y = 600.0
    while m.height < 787 {
      y -= 7
      events += try m.panChanged(y: y)
    }
    // 787 - 398.5 = 388.5 = 55 x 7 + 3.5: the 56th frame splits 3.5 / 3.5
    #expect(events == [.scrollHandoff(to: .scroll, height: 787, offset: 0)])
    #expect(m.height == 787 && m.scrollOffset == 3.5)
    #expect(try m.panChanged(y: y + 10) == [.scrollHandoff(to: .sheet, height: 787, offset: 0)])
    #expect(m.scrollOffset == 0 && close(m.height, 780.5))
  }

  /// A top sheet's hand-off to the list names the offset at the hand-off point: its content is pinned to
  /// its end, so the offset there is the largest offset of the frame at the hand-off height (at large,
  /// 800, the frame is 800 - 56 = 744 tall: 2400 - 744 = 1656), not the one of the frame before the
  /// frame's sheet share (at 797, 1659).
  @Test func aTopSheetsHandOffNamesTheOffsetAtThePoint() throws {
    var policy = DefaultPolicy()
    policy.configuration.edge = .top
    var m = try SheetMachine(policy: policy, geometry: reference)
    try m.setScrollView(ScrollView(contentHeight: 2400, top: 56))
    try m.presented()
    #expect(m.height == 405)
    try m.panBegan(y: 305)
    var events: [SheetEvent] = []
    var y = 305.0
    while m.height < 800 {
      y += 7
      events += try m.panChanged(y: y)
    }
    // 800 - 405 = 395 = 56 x 7 + 3: the 57th frame gives the sheet 3 and the list 4
    #expect(events == [.scrollHandoff(to: .scroll, height: 800, offset: 1656)])
    #expect(m.height == 800 && m.scrollOffset == 1652)
  }

  /// With `prefers_scrolling_expands_when_scrolled_to_edge` false, a pan in the list that drags the sheet
  /// down from large (content at its top) and comes back up brings the sheet back up with the finger to
  /// large, and only then scrolls the content: the sheet is not left at 647 while the list scrolls (and
  /// the release then rests at large, taking no velocity from the list's fling).
  @Test func withoutExpandingTheSheetComesBackToItsDetentBeforeTheListScrolls() throws {
    var policy = DefaultPolicy()
    policy.configuration.prefersScrollingExpandsWhenScrolledToEdge = false
    var m = try SheetMachine(policy: policy, geometry: reference)
    try m.setScrollView(ScrollView(contentHeight: 2400, top: 56))
    try m.presented()
    try m.snap(to: "large")
    m.runToRest()
    try m.panBegan(y: 300)
    for k in 1...20 { try m.panChanged(y: 300 + 7 * Double(k)) }
    #expect(m.height == 787 - 140 && m.scrollOffset == 0)
    var events: [SheetEvent] = []
    for k in stride(from: 19, through: -10, by: -1) { events += try m.panChanged(y: 300 + 7 * Double(k)) }
    // 20 frames bring the sheet back to large; the other 10 (70 pt) scroll the content
    #expect(m.height == 787 && close(m.scrollOffset ?? .nan, 70))
    #expect(events == [.scrollHandoff(to: .scroll, height: 787, offset: 0)])
    try m.panEnded(y: 230, velocity: -800)
    #expect(m.state == .resting && m.detent == "large")
  }
}
