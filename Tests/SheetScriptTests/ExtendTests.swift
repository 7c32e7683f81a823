import LuaHost
import SheetCore
import SheetTestSupport
import SheetTrace
import Testing

@testable import SheetScenario
@testable import SheetScript

/// `S.extend(name, fields)`: a preset with some fields replaced and its thresholds merged.
@Suite struct ExtendTests {
  /// `system` with three other detents and two of the default policy's thresholds changed.
  static let extended = """
    local S = require 'sheet'
    return S.extend('system', {
      detents = {
        { id = 'peek', height = 120 },
        { id = 'half', fraction = 0.6 },
        { id = 'full', inset = 40 },
      },
      thresholds = { redirect_progress = 0.3, spring_response = 0.25 },
    })
    """

  /// The same sheet written for the default policy directly, from the same numbers.
  static var native: DefaultPolicy {
    var policy = DefaultPolicy(
      configuration: SheetConfiguration(
        detents: [
          Detent("peek", .fixed(120)), Detent("half", .fraction(0.6)), Detent("full", .insetFromTop(40)),
        ]))
    policy.redirectProgress = 0.3
    policy.springResponse = 0.25
    return policy
  }

  /// Every frame and event of 300 seeded random streams (presents, drags, flings, grabs mid-animation,
  /// taps, resizes) is bit-identical between the extended preset and the default policy set up
  /// independently with those detents: the preset's rule reads `sheet.order` / `sheet.detents`, and
  /// the thresholds reached its callbacks.
  @Test func extendedSystemDecidesLikeTheNativePolicyWithThoseDetents() throws {
    let behaviour = try Behaviour.load(BehaviourSource(name: "extended.lua", text: Self.extended))
    #expect(behaviour.configuration.detents.map(\.id) == ["peek", "half", "full"])
    var releases = 0
    for stream in 0..<300 {
      let seed = UInt64(7_100_000 + stream)
      var native = try RandomSession(policy: Self.native, seed: seed)
      var scripted = try RandomSession(policy: behaviour, seed: seed)
      native.recordsTrail = true
      scripted.recordsTrail = true
      native.play()
      scripted.play()
      releases += native.coverage.releases
      #expect(native.failure == nil && scripted.failure == nil, "seed \(seed)")
      #expect(
        native.trail == scripted.trail, "seed \(seed): the extended preset and the default policy differ")
      if native.trail != scripted.trail { break }
    }
    #expect(releases > 80, "the streams released the sheet \(releases) times")
  }

  /// The extend's thresholds reach the preset while it loads (system computes `backdrop_max` once, at
  /// load, from its `S.thresholds`), the host's overrides win over them, and names the preset does not
  /// declare are added.
  @Test(
    arguments: [
      ([], 0.5, 0.3, #line),
      ([("backdrop_max", 0.6)], 0.6, 0.3, #line),
      ([("redirect_progress", 0.7)], 0.5, 0.7, #line),
    ] as [([(String, Double)], Double, Double, Int)])
  func thresholdsMergeUnderTheHostsOverrides(
    overrides: [(String, Double)], backdropMax: Double, redirect: Double, line: Int
  ) throws {
    let text = """
      local S = require 'sheet'
      return S.extend('system', { thresholds = { backdrop_max = 0.5, redirect_progress = 0.3, mine = 4 } })
      """
    let behaviour = try Behaviour.load(
      BehaviourSource(name: "merged.lua", text: text), overrides: overrides.map { (name: $0.0, value: $0.1) })
    #expect(behaviour.configuration.backdropMax == backdropMax, "line \(line)")
    #expect(behaviour.thresholds["backdrop_max"] == backdropMax, "line \(line)")
    #expect(behaviour.thresholds["redirect_progress"] == redirect, "line \(line)")
    #expect(behaviour.defaultPolicy.redirectProgress == redirect, "line \(line)")
    #expect(behaviour.thresholds["mine"] == 4, "line \(line)")
    #expect(behaviour.thresholds["medium_fraction"] == 0.5, "the preset's own thresholds stay, line \(line)")
  }

  /// Fields other than thresholds replace the preset's: `top-sheet` keeps its edge and gains a detent
  /// list; a callback given in the fields replaces the preset's.
  @Test func fieldsReplaceThePresets() throws {
    let text = """
      local S = require 'sheet'
      return S.extend('top-sheet', {
        detents = { { id = 'only', height = 222 } },
        present_detent = 'only', -- the preset presents at its own 'content' detent
        backdrop = function() return 0.125 end,
      })
      """
    var driver = try SheetDriver(
      policy: try Behaviour.load(BehaviourSource(name: "top.lua", text: text)), geometry: PresetTest.reference
    )
    try driver.presentAndSettle()
    #expect(driver.machine.configuration.edge == .top)
    #expect(driver.machine.detent == "only" && driver.machine.height == 222)
    #expect(driver.machine.backdrop == 0.125)
  }

  /// New detents without `present_detent`: a preset's own `present_detent` ('half' for floating-panel)
  /// that names none of them is dropped, so the sheet presents at the first active detent; one that still
  /// names a new detent is kept.
  @Test(
    arguments: [
      ("{ { id = 'a', height = 200 }, { id = 'b', height = 500 } }", "a", 200.0, #line),
      (
        "{ { id = 'low', height = 150 }, { id = 'half', height = 300 }, { id = 'top', height = 700 } }",
        "half", 300.0, #line
      ),
    ] as [(String, String, Double, Int)])
  func replacedDetentsDropAStalePresentDetent(detents: String, presented: String, height: Double, line: Int)
    throws
  {
    let text = "return require('sheet').extend('floating-panel', { detents = \(detents) })"
    var driver = try SheetDriver(
      policy: try Behaviour.load(BehaviourSource(name: "fp.lua", text: text)), geometry: PresetTest.reference
    )
    try driver.presentAndSettle()
    #expect(driver.machine.detent == presented && driver.machine.height == height, "line \(line)")
  }

  /// Refusals name the file and the line of the call (also for `return S.extend(...)`, a tail call that
  /// leaves Lua no caller line), quote the bad value and suggest the nearest name.
  @Test(
    arguments: [
      (
        "return S.extend('sistem', {})", 2,
        ["no preset named 'sistem'", "(did you mean 'system'?)", "top-sheet"], #line
      ),
      ("local b = S.extend('top-shet')\nreturn b", 2, ["no preset named 'top-shet'", "'top-sheet'"], #line),
      ("return S.extend('sheet')", 2, ["no preset named 'sheet'"], #line),
      ("return S.extend('../behaviours/system')", 2, ["no preset named '../behaviours/system'"], #line),
      ("return S.extend(42)", 2, ["preset name 42 is not a string"], #line),
      ("return S.extend('system', 'big')", 2, ["fields \"big\" is not a table"], #line),
      (
        "return S.extend('system', {\n  detens = {},\n})", 3,
        ["unknown field 'detens'", "(did you mean 'detents'?)"], #line
      ),
      ("return S.extend('system', { [1] = true })", 2, ["field key 1 is not a field name"], #line),
      ("return S.extend('system', { thresholds = 3 })", 2, ["field thresholds 3 is not a table"], #line),
      (
        "return S.extend('system', { thresholds = { projection_rat = 0.99 } })", 2,
        ["threshold 'projection_rat' is not one of preset 'system''s", "(did you mean 'projection_rate'?)"],
        #line
      ),
      (
        "return S.extend('system', {\n  thresholds = {\n    spring_damping = 'soft' } })", 4,
        ["threshold 'spring_damping' is \"soft\"; expected a finite number"], #line
      ),
      (
        "return S.extend('system', { thresholds = { spring_damping = 9 } })", 2,
        ["'thresholds.spring_damping' is 9", "[0.2, 2]"], #line
      ),
    ] as [(String, Int, [String], Int)])
  func refusalsNameTheFileAndLine(body: String, errorLine: Int, fragments: [String], line: Int) throws {
    let text = "local S = require 'sheet'\n" + body + "\n"
    do {
      _ = try Behaviour.load(BehaviourSource(name: "bad.lua", text: text))
      Issue.record("line \(line): loaded")
    } catch {
      let message = error.description
      #expect(message.hasPrefix("bad.lua:\(errorLine): "), "line \(line): \(message)")
      for fragment in fragments { #expect(message.contains(fragment), "line \(line): \(message)") }
    }
  }

  /// Presets that extend each other in a ring stop at the nesting bound with the chain in the message.
  @Test func nestingIsBounded() throws {
    let ring = ["a": "return require('sheet').extend('b')", "b": "return require('sheet').extend('a')"]
    let state = try LuaState()
    try Behaviour.installHelperModule(
      in: state, overrides: [], presets: { ring[$0] ?? HelperModuleHooks.embedded($0) })
    do {
      _ = try state.run("return require('sheet').extend('a')", name: "ring.lua")
      Issue.record("the ring loaded")
    } catch {
      let message = error.description
      #expect(message.contains("sheet.extend: presets extend each other more than 8 deep"), "\(message)")
      #expect(message.contains("(a -> b -> a -> b -> a -> b -> a -> b -> a)"), "\(message)")
    }
    // the bound is on nesting, not on use: the state is sound afterwards and extends again
    let again = try state.run(
      "return require('sheet').extend('system').thresholds.spring_damping", name: "x.lua")
    #expect(again.first?.doubleValue == 1)
  }
}
