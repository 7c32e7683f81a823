import SheetCore
import Testing

@testable import SheetScript

/// The host API's side sheets: `Configuration.edge` attaches any behaviour to the screen's right edge,
/// and through touches in screen coordinates it moves along x exactly as the same behaviour as a bottom
/// sheet on the screen turned a quarter (its height the side screen's width, its width the side
/// screen's height, no insets along the axis) moves along y: frame by frame, for every preset.
@Suite struct ScriptedSheetSideTests {
  static let dt = 1.0 / 120

  /// The session: present, a slow drag open by 150 pt, a fling closed by 120 pt in 0.05 s, each
  /// followed by a second of frames. `along` and `across` turn the sheet's axis into screen points.
  static func frames(_ sheet: ScriptedSheet, along: (Double, Double) -> (x: Double, y: Double)) throws
    -> [SheetFrame]
  {
    var frames: [SheetFrame] = []
    var now = 0.0
    func run(_ count: Int) throws {
      for _ in 0..<count {
        now += dt
        frames.append(try sheet.advance(to: now))
      }
    }
    func drag(_ travel: Double, samples: Int) throws {
      let extent = sheet.machine.geometry.extent
      let start = extent - sheet.frame.height + 10  // 10 pt inside the leading edge, the end's side
      var p = along(start, 300)
      try sheet.touchDown(x: p.x, y: p.y, timestamp: now)
      for k in 1...samples {
        try run(1)
        p = along(start - travel * Double(k) / Double(samples), 300)
        try sheet.touchMove(x: p.x, y: p.y, timestamp: now)
      }
      try sheet.touchUp(x: p.x, y: p.y, timestamp: now)
      try run(120)
    }
    sheet.present()
    try run(120)
    try drag(150, samples: 30)
    try drag(-120, samples: 6)
    return frames
  }

  @Test(arguments: Presets.catalogue.map(\.name)) func aTrailingSheetMovesAsABottomSheetTurned(_ name: String)
    throws
  {
    let side = try ScriptedSheet(
      preset: name,
      configuration: .init(
        geometry: SheetGeometry(width: 390, height: 844, safeArea: SafeArea(top: 47, bottom: 34)),
        contentHeight: 300, edge: .trailing))
    let turned = try ScriptedSheet(
      preset: name,
      configuration: .init(
        geometry: SheetGeometry(width: 844, height: 390), contentHeight: 300, edge: .bottom))
    #expect(side.behaviour.configuration.edge == .trailing)
    let a = try Self.frames(side) { along, across in (along, across) }
    let b = try Self.frames(turned) { along, across in (across, along) }
    #expect(a.count == b.count)
    for (k, (x, y)) in zip(a, b).enumerated() where x != y {
      Issue.record("\(name): frame \(k) differs: side \(x), turned \(y)")
      break
    }
    // the session moved the sheet, and kept it within the side screen's width
    #expect(Set(a.map(\.height)).count > 10, "\(name)")
    #expect(a.allSatisfy { $0.height >= 0 && $0.height <= 390 }, "\(name)")
  }

  /// The configuration's edge replaces the behaviour's (a leading sheet's extent is the width); `nil`
  /// keeps the behaviour's own.
  @Test func theConfigurationsEdgeReplacesTheBehaviours() throws {
    let source = "return { edge = 'top', detents = { { id = 'a', height = 200 } } }"
    let side = try ScriptedSheet(source: source, configuration: .init(edge: .leading))
    #expect(side.machine.geometry.edge == .leading && side.machine.geometry.extent == 390)
    let own = try ScriptedSheet(source: source)
    #expect(own.machine.geometry.edge == .top)
  }
}
