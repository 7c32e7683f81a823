import LuaHost
import SheetCore
import Testing

@testable import SheetScript

/// A warm behaviour state keeps the parse of its last load (`BehaviourSpec.Kept`): a load whose table
/// has the same image takes it, with the new table's functions and thresholds; one whose table differs
/// is read again. Either way the behaviour is the one a fresh load gives, and its Lua state holds as
/// many bytes as a fresh load's (the image makes in Lua what a conversion makes).
@Suite struct KeptSpecTests {
  /// What a loaded behaviour is, as its users see it: thresholds, configuration, fallback and a drag.
  static func summary(_ behaviour: Behaviour) throws -> String {
    var driver = try SheetDriver(policy: behaviour, geometry: PresetTest.reference)
    try driver.presentAndSettle()
    try driver.drag(DragGesture(dy: -150, duration: 0.3, velocity: -400))
    try driver.settle()
    let thresholds = behaviour.thresholdNames.map { "\($0)=\(behaviour.thresholds[$0] ?? .nan)" }
    return "\(thresholds) \(behaviour.configuration) \(behaviour.defaultPolicy) "
      + "\(driver.machine.detents.map(\.height)) \(driver.machine.height) \(driver.machine.detent ?? "-") "
      + "\(driver.scriptErrors) memory \(behaviour.memoryInUse)"
  }

  /// Overrides in load order: the same names with other numbers (the kept parse), one the file copies
  /// into a field at load time (`backdrop_max`: read again), and back.
  ///
  /// For `system`, whether the load takes the kept parse: its table differs from the last one's only
  /// in the thresholds' numbers, except after a change of `backdrop_max`, which the file copies into
  /// its `backdrop_max` field (the detents' heights are functions of the thresholds, read when called).
  static let loads: [([(name: String, value: Double)], systemKeeps: Bool, UInt)] = [
    ([], false, #line), ([("projection_rate", 0.995)], true, #line),
    ([("projection_rate", 0.9991)], true, #line), ([("backdrop_max", 0.6)], false, #line),
    ([("backdrop_max", 0.6), ("spring_response", 0.5)], true, #line),
    ([("medium_fraction", 0.25)], false, #line),
    ([], true, #line), ([("redirect_progress", 0.9)], true, #line),
  ]

  @Test(arguments: ["system", "bottom-sheet-vc"])
  func aKeptParseLoadsAsAFreshOne(_ preset: String) throws {
    let source = try #require(Presets.source(named: preset))
    let warm = WarmStates()
    var kept = 0
    for (overrides, systemKeeps, line) in Self.loads {
      let hits = warm.keptSpecHits
      let valid = overrides.filter { row in (try? PresetTest.load(preset, overrides: [row])) != nil }
      let fresh = try Behaviour.load(source, overrides: valid)
      let restored = try Behaviour.load(source, overrides: valid, options: LuaState.Options(), warm: warm)
      #expect(try Self.summary(restored) == Self.summary(fresh), "line \(line)")
      if warm.keptSpecHits > hits { kept += 1 }
      if preset == "system" { #expect((warm.keptSpecHits > hits) == systemKeeps, "line \(line)") }
      warm.settle()
    }
    #expect(kept > 0, "no load kept its parse")
  }

  /// A file whose animations run a curve the parse checks keeps no parse: every load reads its table,
  /// and gives the behaviour and the Lua memory a fresh load gives.
  @Test func aBehaviourWithCurvesKeepsNoParse() throws {
    let text = """
      return {
        detents = { { id = 'half', height = 300 } },
        animations = { snap = { curve = function(t) return t * t end, duration = 0.3 } },
      }
      """
    let source = BehaviourSource(name: "curves.lua", text: text)
    let warm = WarmStates()
    for load in 0..<3 {  // the first reads the image and keeps nothing; the others convert the table
      let behaviour = try Behaviour.load(source, overrides: [], options: LuaState.Options(), warm: warm)
      #expect(behaviour.configuration.detents.count == 1)
      #expect(warm.keptSpecs == 0 && warm.keptSpecHits == 0)
      #expect(try Self.summary(behaviour) == Self.summary(try Behaviour.load(source)), "load \(load)")
      warm.settle()
    }
  }

  /// A threshold the chunk works out from an override is checked again on the kept path: out of its
  /// range, the load fails as a fresh one does, with the same message, and a good value loads again.
  @Test func aKeptParseChecksTheThresholdsAgain() throws {
    let text = """
      local S = require 'sheet'
      local t = S.thresholds { k = 0.95 }
      return { detents = { { id = 'a', height = 300 } }, thresholds = { k = t.k, projection_rate = t.k } }
      """
    let source = BehaviourSource(name: "derived.lua", text: text)
    let warm = WarmStates()
    for (value, line) in [(0.95, #line), (0.99, #line), (5.0, #line), (0.97, #line)] as [(Double, UInt)] {
      let overrides = [(name: "k", value: value)]
      let fresh = Result { () throws(BehaviourError) in try Behaviour.load(source, overrides: overrides) }
      let restored = Result { () throws(BehaviourError) in
        try Behaviour.load(source, overrides: overrides, options: LuaState.Options(), warm: warm)
      }
      switch (fresh, restored) {
      case (.success(let a), .success(let b)):
        #expect(a.thresholds == b.thresholds && b.thresholds["projection_rate"] == value, "line \(line)")
      case (.failure(let a), .failure(let b)):
        #expect(a.description == b.description && value == 5, "line \(line)")
      default: Issue.record("fresh \(fresh), warm \(restored), line \(line)")
      }
      warm.settle()
    }
    #expect(warm.keptSpecHits == 2, "0.99 and 0.97 take the kept parse; 5 fails its check")
  }
}
