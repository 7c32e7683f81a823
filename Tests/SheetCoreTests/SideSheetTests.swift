import Testing

@testable import SheetCore

/// Side sheets against an independent reference: a trailing sheet on a screen `W` wide, dragged left by
/// `d`, is a bottom sheet on a screen `W` high dragged up by `d` (and a leading sheet dragged right is a
/// top sheet dragged down), frame by frame. Each row drives two machines with the same gesture, the
/// vertical one along y and the side one along x (the cross coordinate swapped in), and asks for equal
/// frames and equal events at every step: the drag's height, the release's momentum, the rubber band
/// past the largest detent, a dismissal and the scroll view's hand-off all follow one axis path. The side
/// screen's height and safe area (which a side sheet does not use) differ from the vertical screen's
/// width, so a leak of the wrong extent shows.
@Suite struct SideSheetTests {
  /// A gesture along the sheet's axis: landing `depth` points inside the sheet's leading edge (negative:
  /// on the backdrop), moving `travel` points toward the screen's middle (negative: toward the sheet's
  /// edge) over `frames` 120 Hz samples, with `cross` points of travel across the axis, then released
  /// at `velocity` (screen pt/s along the axis, nil: estimated).
  struct Row: Sendable {
    var side: SheetEdge
    var depth: Double
    var travel: Double
    var frames: Int
    var cross: Double = 0
    var velocity: Double?
    var scroll: ScrollView?
    var scrollOffset: Double = 0
    var line: UInt
  }

  static let extent = 600.0

  static let rows: [Row] = [
    // a slow drag open and a slow drag closed: the drag's height, a release without momentum
    Row(side: .trailing, depth: 10, travel: 120, frames: 60, line: #line),
    Row(side: .trailing, depth: 10, travel: -120, frames: 60, line: #line),
    // flings: the estimated velocity, and explicit ones (momentum) both ways
    Row(side: .trailing, depth: 10, travel: 40, frames: 4, line: #line),
    Row(side: .trailing, depth: 10, travel: 40, frames: 4, velocity: 2500, line: #line),
    Row(side: .trailing, depth: 10, travel: -30, frames: 3, velocity: -3000, line: #line),
    // past the largest detent (rubber band) and down past the smallest (dismissal)
    Row(side: .trailing, depth: 10, travel: 900, frames: 90, line: #line),
    Row(side: .trailing, depth: 10, travel: -500, frames: 50, velocity: 0, line: #line),
    // travel across the axis reaches the policy as x only
    Row(side: .trailing, depth: 10, travel: 80, frames: 20, cross: 120, line: #line),
    // a pan landing on the backdrop is not the sheet's (the default gesture area)
    Row(side: .trailing, depth: -20, travel: 100, frames: 20, line: #line),
    // the scroll view's hand-off along the axis: at its start the sheet moves, scrolled it takes the travel
    Row(
      side: .trailing, depth: 100, travel: -150, frames: 30,
      scroll: ScrollView(contentHeight: 2000, top: 40), line: #line),
    Row(
      side: .trailing, depth: 100, travel: -150, frames: 30, velocity: -1200,
      scroll: ScrollView(contentHeight: 2000, top: 40), scrollOffset: 300, line: #line),
    Row(
      side: .trailing, depth: 100, travel: 150, frames: 30,
      scroll: ScrollView(contentHeight: 2000, top: 40), scrollOffset: 300, line: #line),
    // the leading edge mirrors the top edge
    Row(side: .leading, depth: 10, travel: 120, frames: 60, line: #line),
    Row(side: .leading, depth: 10, travel: -40, frames: 4, velocity: -2500, line: #line),
    Row(side: .leading, depth: 10, travel: 900, frames: 90, line: #line),
    Row(
      side: .leading, depth: 100, travel: -150, frames: 30,
      scroll: ScrollView(contentHeight: 2000, top: 40), scrollOffset: 300, line: #line),
  ]

  /// The vertical edge a side edge behaves as.
  static func vertical(_ side: SheetEdge) -> SheetEdge { side == .trailing ? .bottom : .top }

  /// A machine on `edge` whose extent along its axis is ``extent`` (the other side 844, or for the
  /// vertical reference 390), with the default policy's rules.
  static func machine(_ edge: SheetEdge, scroll: ScrollView?) throws -> SheetMachine {
    var configuration = DefaultPolicy.standardConfiguration
    configuration.edge = edge
    let geometry =
      edge.isHorizontal
      ? SheetGeometry(width: extent, height: 844, safeArea: SafeArea(top: 47, bottom: 34))
      : SheetGeometry(width: 390, height: extent)
    var m = try SheetMachine(policy: DefaultPolicy(configuration: configuration), geometry: geometry)
    try m.setScrollView(scroll)
    return m
  }

  /// The row's gesture on `m`, sample by sample, with a frame after each: every frame and every event.
  static func run(_ row: Row, on m: inout SheetMachine) throws -> (frames: [SheetFrame], events: [SheetEvent])
  {
    var frames: [SheetFrame] = []
    var events = try m.present()
    func step(_ m: inout SheetMachine) throws {
      let s = try m.step(SheetMachine.defaultFrameInterval)
      frames.append(s.frame)
      events += s.events
    }
    while m.state != .resting { try step(&m) }
    if row.scroll != nil { events += try m.scroll(to: row.scrollOffset) }
    let g = m.geometry
    // along the axis: inward is away from the attached edge
    let inward = g.edge.isAtAxisEnd ? -1.0 : 1.0
    let start = g.leadingEdgeY(sheetHeight: m.height) - inward * row.depth
    let crossStart = g.crossExtent / 2 - 100
    func point(_ k: Int) -> (x: Double, y: Double) {
      let f = Double(k) / Double(row.frames)
      return g.screenPoint(along: start + inward * row.travel * f, cross: crossStart + row.cross * f)
    }
    let p0 = point(0)
    events += try m.panBegan(x: p0.x, y: p0.y).events
    for k in 1...row.frames {
      try step(&m)
      let p = point(k)
      events += try m.panChanged(x: p.x, y: p.y)
    }
    let end = point(row.frames)
    let v = row.velocity.map { inward * $0 }
    let (vx, vy) = g.edge.isHorizontal ? (v, Double?(0)) : (Double?(0), v)
    events += try m.panEnded(
      x: end.x, y: end.y, velocity: row.velocity == nil ? nil : vy, velocityX: row.velocity == nil ? nil : vx)
    var n = 0
    while m.state != .resting && m.state != .dismissed && n < 2400 {
      try step(&m)
      n += 1
    }
    return (frames, events)
  }

  @Test(arguments: rows.indices) func aSideSheetMovesAsTheVerticalSheetOfItsExtent(_ i: Int) throws {
    let row = Self.rows[i]
    var side = try Self.machine(row.side, scroll: row.scroll)
    var vertical = try Self.machine(Self.vertical(row.side), scroll: row.scroll)
    let a = try Self.run(row, on: &side)
    let b = try Self.run(row, on: &vertical)
    #expect(a.frames.count == b.frames.count, "row at line \(row.line)")
    for (k, (x, y)) in zip(a.frames, b.frames).enumerated() where x != y {
      Issue.record("row at line \(row.line): frame \(k) differs: side \(x), vertical \(y)")
      break
    }
    #expect(a.events == b.events, "row at line \(row.line)")
    #expect(side.invariantViolation == nil && vertical.invariantViolation == nil, "row at line \(row.line)")
    // the sheet moved (or, landing on the backdrop, did not) and stayed within the side screen's width
    #expect(a.frames.allSatisfy { $0.height >= 0 && $0.height <= Self.extent }, "row at line \(row.line)")
  }
}

/// A side sheet's own numbers, by hand: detents from the screen's width, rotation re-resolving them, the
/// keyboard (which rises across the axis) leaving it alone, and taps classified along x.
@Suite struct SideSheetGeometryTests {
  static func trailing(width: Double = 390, height: Double = 844) throws -> SheetMachine {
    var configuration = DefaultPolicy.standardConfiguration
    configuration.edge = .trailing
    return try SheetMachine(
      policy: DefaultPolicy(configuration: configuration),
      geometry: SheetGeometry(width: width, height: height, safeArea: SafeArea(top: 47, bottom: 34)))
  }

  /// medium = 0.5 W, large = W - 10 (`.insetFromTop(10)` from the available width, no insets along x);
  /// after a rotation to 844 x 390 the width is 844: 422 and 834.
  @Test func detentsFollowTheWidthThroughARotation() throws {
    var m = try Self.trailing()
    try m.presented()
    #expect(m.detents.map(\.height) == [195, 380])
    #expect(m.height == 195)
    try m.resize(SheetGeometry(width: 844, height: 390, safeArea: SafeArea(top: 0, bottom: 21)))
    m.runToRest()
    #expect(m.detents.map(\.height) == [422, 834])
    #expect(m.height == 422 && m.detent == "medium")
    #expect(m.geometry.extent == 844 && m.geometry.crossExtent == 390)
  }

  /// A keyboard of 336 pt rises across a side sheet's axis: the detents and the height stay.
  @Test func theKeyboardTakesNoRoomAlongX() throws {
    var m = try Self.trailing()
    try m.presented()
    try m.setKeyboard(height: 336, duration: 0.25)
    m.runToRest()
    #expect(m.detents.map(\.height) == [195, 380] && m.height == 195)
    #expect(!m.keyboardGeometry.isActive)
  }

  /// Rows: a tap's screen x on a trailing sheet at 195 (its leading edge at x = 195) and the region.
  static let taps: [(x: Double, region: TouchRegion, line: UInt)] = [
    (100, .backdrop, #line), (194, .backdrop, #line), (196, .sheet, #line), (380, .sheet, #line),
  ]

  @Test(arguments: taps.indices) func tapsAreClassifiedAlongX(_ i: Int) throws {
    let row = Self.taps[i]
    var m = try Self.trailing()
    try m.presented()
    let events = try m.tap(x: row.x, y: 20)
    #expect(
      events.contains { if case .tap(let region, _) = $0 { region == row.region } else { false } },
      "row at line \(row.line)")
  }
}
