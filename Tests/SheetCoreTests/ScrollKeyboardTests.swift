import Testing

@testable import SheetCore

/// The scroll view and the keyboard together. Numbers by hand on the
/// reference screen (H = 844, A = 797, medium 398.5, large 787) with a 2400 pt list 56 pt inside the
/// sheet's leading edge: without a declared height the list is laid out in the part of the sheet the
/// keyboard leaves uncovered (`max(0, h − K)` for a bottom sheet), as a list pinned to UIKit's
/// `keyboardLayoutGuide`; a declared height stays.
@Suite struct ScrollKeyboardTests {
  static let list = ScrollView(contentHeight: 2400, top: 56)

  /// A machine with the list, presented, snapped to `detent` and at rest, then the keyboard shown and
  /// everything still.
  static func machine(
    _ mode: KeyboardMode = .interactive, edge: SheetEdge = .bottom, at detent: String, keyboard: Double,
    list: ScrollView = list
  ) throws -> SheetMachine {
    var configuration = DefaultPolicy.standardConfiguration
    configuration.keyboard = mode
    configuration.edge = edge
    var m = try SheetMachine(policy: DefaultPolicy(configuration: configuration), geometry: reference)
    try m.setScrollView(list)
    try m.presented()
    try m.snap(to: detent)
    m.runToRest()
    if keyboard > 0 {
      try m.setKeyboard(height: keyboard)
      try KeyboardTests.still(&m)
    }
    return m
  }

  /// Rows: edge, detent, keyboard, declared list height; the sheet's height, the list's frame height and
  /// its largest offset (2400 − frame), by hand.
  static let frames:
    [(
      edge: SheetEdge, detent: String, keyboard: Double, declared: Double?, height: Double, frame: Double,
      maxOffset: Double, line: UInt
    )] = [
      // no keyboard: the rest of the sheet, 787 − 56 = 731
      (.bottom, "large", 0, nil, 787, 731, 1669, #line),
      // large lifted to the cap 797; the keyboard covers 336 of it: 797 − 336 − 56 = 405
      (.bottom, "large", 336, nil, 797, 405, 1995, #line),
      // interactive medium rises by K, so the list keeps its frame: 734.5 − 336 − 56 = 342.5
      (.bottom, "medium", 0, nil, 398.5, 342.5, 2057.5, #line),
      (.bottom, "medium", 336, nil, 734.5, 342.5, 2057.5, #line),
      // a declared frame is fixed: the keyboard covers its lower part
      (.bottom, "large", 336, 300, 797, 300, 2100, #line),
      // a keyboard above the available height: the sheet rests on it (820) and nothing is uncovered
      (.bottom, "medium", 820, nil, 820, 0, 2400, #line),
      // a top sheet is capped at the keyboard's top (844 − 336 = 508), so the keyboard covers none of it
      (.top, "large", 336, nil, 508, 452, 1948, #line),
    ]

  @Test(arguments: frames.indices) func theListEndsAtTheKeyboardsTopEdge(_ i: Int) throws {
    let row = Self.frames[i]
    let m = try Self.machine(
      edge: row.edge, at: row.detent, keyboard: row.keyboard,
      list: ScrollView(contentHeight: 2400, top: 56, height: row.declared))
    let view = try #require(m.scrollSnapshot)
    #expect(m.height == row.height, "row at line \(row.line)")
    #expect(view.height == row.frame && view.maxOffset == row.maxOffset, "row at line \(row.line): \(view)")
    #expect(m.invariantViolation == nil, "row at line \(row.line)")
  }

  /// The content's end scrolled into view above the keyboard (1995 + 405 = 2400 ends at y = 508, the
  /// keyboard's top edge); hiding the keyboard cuts the offset to the larger frame's end, 1669.
  @Test func hidingTheKeyboardCutsTheOffsetToTheNewEnd() throws {
    var m = try Self.machine(at: "large", keyboard: 336)
    try m.scroll(to: 5000)
    #expect(m.scrollOffset == 1995)
    try m.setKeyboard(height: 0)
    try KeyboardTests.still(&m)
    #expect(m.height == 787 && m.detent == "large")
    #expect(m.scrollOffset == 1669 && m.scrollSnapshot?.maxOffset == 1669)
    #expect(m.invariantViolation == nil)
  }

  /// At large with the keyboard up the sheet's top edge is at y = 47, the list spans y = 103...508 and
  /// the keyboard starts at 508. A pan on the list scrolls it (the offset is away from its top); a pan on
  /// the keyboard's part of the sheet is not the list's and moves the sheet.
  @Test(arguments: [(300.0, 797.0, 450.0), (600.0, 747.0, 500.0)])
  func aPanOnTheKeyboardIsNotTheLists(_ row: (y: Double, height: Double, offset: Double)) throws {
    var m = try Self.machine(at: "large", keyboard: 336)
    try m.scroll(to: 500)
    #expect(try m.panBegan(y: row.y).isTracking)
    try m.panChanged(y: row.y + 50)
    #expect(m.height == row.height && m.scrollOffset == row.offset, "pan at y \(row.y)")
  }

  /// `isStill` waits for both: a keyboard still moving under a resting sheet (`none` keeps large, 787 >=
  /// 200) and a list still decelerating after a flick, whichever ends last.
  @Test func stillnessWaitsForTheKeyboardAndTheList() throws {
    var m = try Self.machine(.none, at: "large", keyboard: 0)
    try m.scroll(to: 500)
    // the list flicked (content moving up), then the keyboard reported over 0.25 s
    try m.panBegan(y: 400)
    try m.panChanged(y: 390)
    try m.panEnded(y: 390, velocity: -2000)
    try m.setKeyboard(height: 200, duration: 0.25)
    #expect(m.state == .resting && !m.isStill)
    var t = 0.0
    var keyboardStill: Double?
    while !m.isStill && t < 10 {
      try m.step(SheetMachine.defaultFrameInterval)
      t += SheetMachine.defaultFrameInterval
      if keyboardStill == nil && m.keyboardMotion == nil { keyboardStill = t }
    }
    // the keyboard stops at its 0.25 s; the list (2000 pt/s at 0.998 per ms) goes on well past it
    let keyboardEnd = try #require(keyboardStill)
    #expect(abs(keyboardEnd - 0.25) < 0.01)
    #expect(m.isStill && t > keyboardEnd + 0.5 && m.keyboard.height == 200 && m.state == .resting)
    // the other order: a list at rest and a keyboard over 2 s
    var n = try Self.machine(.none, at: "large", keyboard: 0)
    try n.setKeyboard(height: 200, duration: 2)
    #expect(n.state == .resting && !n.isStill)
    try KeyboardTests.still(&n)
    #expect(n.isStill && n.keyboard.height == 200)
  }

  /// A pan at medium with the keyboard up (interactive: 734.5) expands the sheet to large (797) and
  /// scrolls on; released with the list holding the pan, the sheet stays at large, and that counts as
  /// the release's choice: hiding the keyboard returns the sheet to large (787), not to medium.
  @Test func aReleaseTheListHeldChoosesWhereHidingReturns() throws {
    var m = try Self.machine(at: "medium", keyboard: 336)
    #expect(m.height == 734.5)
    // the sheet's top edge at y = 109.5; the list spans 165.5...508
    try m.panBegan(y: 400)
    var y = 400.0
    for _ in 0..<10 {
      y -= 10
      try m.panChanged(y: y)
    }
    // 100 pt of travel: 62.5 to the sheet, 37.5 to the list
    #expect(m.height == 797 && m.scrollOffset == 37.5)
    let events = try m.panEnded(y: y, velocity: 0)
    #expect(
      events.contains(
        .decision(target: .detent("large"), reason: "the scroll view has the pan: the sheet stays at large")))
    #expect(m.state == .resting && m.detent == "large")
    try m.setKeyboard(height: 0)
    try KeyboardTests.still(&m)
    #expect(m.detent == "large" && m.height == 787)
  }

  /// A cancelled pan that only scrolled the list rests in place with the list let go without momentum;
  /// with a keyboard reported during the pan (large moves from 787 to 797 under the finger) the sheet
  /// does not rest in place: the release rule at no velocity settles it to large's new height.
  @Test(arguments: [false, true]) func aCancelledListPan(_ keyboardMidPan: Bool) throws {
    var m = try Self.machine(at: "large", keyboard: 0)
    try m.scroll(to: 500)
    try m.panBegan(y: 400)
    try m.panChanged(y: 420)
    #expect(m.height == 787 && m.scrollOffset == 480)
    if keyboardMidPan { try m.setKeyboard(height: 336) }
    #expect(m.height == 787 && m.state == .dragging)
    try m.panCancelled(y: 420)
    #expect(m.scrollOffset == 480)
    if keyboardMidPan {
      #expect(m.state == .settling && m.target == .detent("large"))
      try KeyboardTests.still(&m)
      #expect(m.height == 797 && m.detent == "large" && m.scrollOffset == 480)
    } else {
      #expect(m.state == .resting && m.detent == "large" && m.isStill)
    }
    #expect(m.invariantViolation == nil)
  }
}
