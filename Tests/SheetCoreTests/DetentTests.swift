import Testing

@testable import SheetCore

@Suite struct DetentTests {
  static let context = DetentContext(geometry: reference, contentHeight: 600)

  static let rows: [(resolver: DetentResolver, expected: Double?, line: UInt)] = [
    (.fixed(300), 300, #line),
    (.fraction(0.5), 398.5, #line),
    (.insetFromTop(10), 787, #line),
    (.content(cap: nil), 600, #line),
    (.content(cap: 500), 500, #line),
    (.custom { $0.availableHeight - 40 }, 757, #line),
    (.custom { _ in nil }, nil, #line),
  ]

  @Test(arguments: rows.indices) func resolvers(_ i: Int) {
    let row = Self.rows[i]
    #expect(row.resolver.rawHeight(in: Self.context) == row.expected, "row at line \(row.line)")
  }

  @Test func contentInactiveWithoutContentHeight() {
    let ctx = DetentContext(geometry: reference, contentHeight: nil)
    #expect(DetentResolver.content(cap: nil).rawHeight(in: ctx) == nil)
  }

  @Test func topEdgeAvailableHeight() {
    var g = reference
    g.edge = .top
    #expect(g.availableHeight == 810)
    #expect(reference.availableHeight == 797)
  }

  @Test func resolutionOrdersChecksAndClamps() {
    let detents = [
      Detent("big", .fixed(2000)), Detent("a", .fixed(100)), Detent("nan", .custom { _ in .nan }),
      Detent("zero", .fixed(0)), Detent("b", .fixed(100)), Detent("off", .custom { _ in nil }),
      Detent("a", .fixed(200)),
    ]
    let r = DetentResolution.resolve(detents, in: Self.context)
    #expect(r.ascending.map(\.id) == ["a", "b", "big"])
    #expect(r.declared.map(\.id) == ["big", "a", "b"])
    #expect(r.ascending.last?.height == 844)
    #expect(
      r.problems == [
        "returned nan for detent 'nan'; expected a finite height",
        "returned detent 'a' twice; the first is kept",
      ])
  }

  @Test func regionsAndBand() {
    let band = GestureArea.band(28, includesBackdrop: true)
    // Bottom sheet of height 600 on the reference screen: top edge at y = 244.
    #expect(band.region(y: 200, height: 600, geometry: reference) == .backdrop)
    #expect(band.region(y: 250, height: 600, geometry: reference) == .gestureArea)
    #expect(band.region(y: 272, height: 600, geometry: reference) == .gestureArea)
    #expect(band.region(y: 273, height: 600, geometry: reference) == .sheet)
    #expect(band.accepts(.backdrop) && band.accepts(.gestureArea) && !band.accepts(.sheet))
    #expect(!GestureArea.sheet.accepts(.backdrop) && GestureArea.screen.accepts(.backdrop))
    var top = reference
    top.edge = .top
    #expect(GestureArea.sheet.region(y: 100, height: 300, geometry: top) == .sheet)
    #expect(GestureArea.sheet.region(y: 301, height: 300, geometry: top) == .backdrop)
  }
}
