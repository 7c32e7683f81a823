import SheetCore
import Testing

@testable import SheetScript

/// `detents = function(ctx) ... end`: the list is re-read for each screen, and each entry's height takes
/// every form a literal list accepts.
@Suite struct DetentFunctionTests {
  static let source = """
    return {
      detents = function(ctx)
        return {
          { id = 'half', fraction = 0.5 },
          { id = 'near_top', inset = 40 },
          { id = 'fit', height = 'content', max = 600 },
          { id = 'portrait_only', height = function(c)
              if c.screen.width > c.screen.height then return nil end
              return 200
            end },
        }
      end,
    }
    """

  @Test(arguments: [
    // Reference screen: A = 844 - 47 = 797; content 700 capped at 600.
    (
      PresetTest.reference, 700.0,
      [("portrait_only", 200.0), ("half", 398.5), ("fit", 600.0), ("near_top", 757.0)], #line
    ),
    // Rotated: A = 390 - 0 = 390; content 300 under its cap; landscape makes portrait_only inactive.
    (PresetTest.rotated, 300.0, [("half", 195.0), ("fit", 300.0), ("near_top", 350.0)], #line),
  ])
  func listIsResolvedPerScreen(
    geometry: SheetGeometry, content: Double, expected: [(String, Double)], line: Int
  ) throws {
    let behaviour = try Behaviour.load(BehaviourSource(name: "fn.lua", text: Self.source))
    let machine = try SheetMachine(policy: behaviour, geometry: geometry, contentHeight: content)
    #expect(machine.detents.map(\.id) == expected.map(\.0), "row at line \(line)")
    #expect(machine.detents.map(\.height) == expected.map(\.1), "row at line \(line)")
    #expect(behaviour.takeFaults().isEmpty, "row at line \(line)")
  }

  @Test func resizeReResolvesTheList() throws {
    let behaviour = try Behaviour.load(BehaviourSource(name: "fn.lua", text: Self.source))
    var driver = try SheetDriver(policy: behaviour, geometry: PresetTest.reference, contentHeight: 700)
    try driver.apply { m throws(SheetError) in try m.resize(PresetTest.rotated) }
    // Content 700 stays: fit = min(700, 600) = 600, shown at most at the screen height 390.
    #expect(driver.machine.detents.map(\.id) == ["half", "near_top", "fit"])
    #expect(driver.machine.detents.map(\.height) == [195, 350, 390])
  }
}
