import SheetCore
import SheetTrace
import Testing

@testable import SheetScenario
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
    var machine = try SheetHost(policy: behaviour, geometry: geometry, contentHeight: content)
    #expect(machine.detents.map(\.id) == expected.map(\.0), "row at line \(line)")
    #expect(machine.detents.map(\.height) == expected.map(\.1), "row at line \(line)")
    #expect(try machine.step(0).events.isEmpty, "row at line \(line): no fault resolving them")
  }

  @Test func resizeReResolvesTheList() throws {
    let behaviour = try Behaviour.load(BehaviourSource(name: "fn.lua", text: Self.source))
    var driver = try SheetDriver(policy: behaviour, geometry: PresetTest.reference, contentHeight: 700)
    try driver.apply { m throws(SheetError) in try m.resize(PresetTest.rotated) }
    // Content 700 stays: fit = min(700, 600) = 600, shown at most at the screen height 390.
    #expect(driver.machine.detents.map(\.id) == ["half", "near_top", "fit"])
    #expect(driver.machine.detents.map(\.height) == [195, 350, 390])
  }

  /// Counts its calls in Lua and shows the count in the heights: `n` is 100 + calls of the `detents`
  /// function, `m` 300 + calls of its entry's height function, `f` 500 + calls of a literal list's.
  static let counting = """
    local calls, heights = 0, 0
    return {
      detents = function(ctx)
        calls = calls + 1
        return {
          { id = 'n', height = 100 + calls },
          { id = 'm', height = function(c) heights = heights + 1 return 300 + heights end },
        }
      end,
    }
    """

  static let countingList = """
    local calls = 0
    return {
      detents = {
        { id = 'half', fraction = 0.5 },
        { id = 'f', height = function(c) calls = calls + 1 return 500 + calls end },
      },
    }
    """

  /// Each row: resolutions made after the machine is created (0 to 3: resize, content, resize) and the
  /// heights then. The `detents` function ran once to read its ids at load and once for the machine.
  @Test(arguments: [
    (0, [("n", 102.0), ("m", 301.0)], #line),
    (1, [("n", 103.0), ("m", 302.0)], #line),
    (2, [("n", 104.0), ("m", 303.0)], #line),
    (3, [("n", 105.0), ("m", 304.0)], #line),
  ])
  func theFunctionRunsOncePerResolution(resolutions: Int, expected: [(String, Double)], line: Int) throws {
    let behaviour = try Behaviour.load(BehaviourSource(name: "count.lua", text: Self.counting))
    var machine = try SheetHost(policy: behaviour, geometry: PresetTest.reference)
    for resolution in 0..<resolutions {
      switch resolution {
      case 0: try machine.resize(PresetTest.rotated)
      case 1: try machine.setContentHeight(200)
      default: try machine.resize(PresetTest.reference)
      }
    }
    let heights = machine.declaredDetents.map { ($0.id, $0.height) }
    #expect(heights.map(\.0) == expected.map(\.0), "row at line \(line)")
    #expect(heights.map(\.1) == expected.map(\.1), "row at line \(line)")
  }

  @Test func aLiteralListRunsEachHeightFunctionOncePerResolution() throws {
    let behaviour = try Behaviour.load(BehaviourSource(name: "count.lua", text: Self.countingList))
    var machine = try SheetHost(policy: behaviour, geometry: PresetTest.reference)
    #expect(machine.machine.height(of: "f") == 501)
    try machine.resize(PresetTest.rotated)
    #expect(machine.machine.height(of: "f") == 390, "502, shown at most at the screen height")
    try machine.resize(PresetTest.reference)
    #expect(machine.machine.height(of: "f") == 503 && machine.machine.height(of: "half") == 398.5)
  }

  /// Each row: a behaviour's `detents`, the call that resolves them again (0 resize to landscape,
  /// 1 content 200, 2 nothing: the initializer's fault comes out of the first call), the fragments of
  /// the policy fault that call returns, and the detents left active.
  @Test(arguments: [
    (
      "function(ctx) if ctx.screen.width > ctx.screen.height then error('landscape!') end "
        + "return { { id = 'a', height = 300 } } end", 0, ["bad.lua:2:", "landscape!"], [String](), #line
    ),
    (
      "{ { id = 'a', height = 300 }, { id = 'b', height = function(c) return c.content and 'tall' end } }",
      1, ["bad.lua:2: detents returned 'tall'", "detent 'b'"], ["a"], #line
    ),
    (
      "{ { id = 'a', height = 300 }, { id = 'b', height = function(c) return c.content and 0/0 end } }",
      1, ["bad.lua:2: detents returned nan for detent 'b'"], ["a"], #line
    ),
    (
      "function(ctx) local wide = ctx.screen.width > ctx.screen.height "
        + "return { { id = 'a', height = 300 }, { id = wide and 'a' or 'b', height = 350 } } end", 0,
      ["bad.lua:2: detents returned detent 'a' twice"], ["a"], #line
    ),
    (
      "function(ctx) return { { id = 'a', height = ctx.content and 'high' or 300 } } end", 2,
      ["bad.lua:2:", "'detents[1].height'", "'high'"], [], #line
    ),
  ])
  func aResolverFaultIsAPolicyFault(
    detents: String, call: Int, fragments: [String], active: [String], line: Int
  )
    throws
  {
    let text = "return {\n  detents = \(detents),\n}\n"
    let behaviour = try Behaviour.load(BehaviourSource(name: "bad.lua", text: text))
    var machine = try SheetHost(
      policy: behaviour, geometry: PresetTest.reference, contentHeight: call == 2 ? 200 : nil)
    if call != 2 { #expect(try machine.step(0).events.isEmpty, "row at line \(line)") }
    let events: [SheetEvent]
    switch call {
    case 0: events = try machine.resize(PresetTest.rotated)
    case 1: events = try machine.setContentHeight(200)
    default: events = try machine.step(0).events
    }
    let faults = events.compactMap { event -> ScriptError? in
      if case .scriptError(let callback, let message) = event {
        return ScriptError(callback: callback, message: message)
      }
      return nil
    }
    #expect(faults.count == 1, "row at line \(line): \(events)")
    #expect(faults.first?.callback == "detents", "row at line \(line)")
    let message = faults.first?.message ?? ""
    #expect(fragments.allSatisfy { message.contains($0) }, "row at line \(line): \(message)")
    #expect(machine.declaredDetents.map(\.id) == active, "row at line \(line)")
  }
}
