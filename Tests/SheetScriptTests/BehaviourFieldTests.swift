import SheetCore
import Testing

@testable import SheetScript

/// A behaviour's field names are written once, as ``BehaviourField``'s cases: the spec reads exactly
/// those, `sheet check` lists the callbacks among them a file defines, and `expect_script_error` takes the
/// callbacks' names.
@Suite struct BehaviourFieldTests {
  /// The field set to a function (`detents`' returns a list with one detent).
  static func function(_ field: BehaviourField) -> String {
    field == .detents
      ? "detents = function() return { { id = 'one', height = 300 } } end"
      : "\(field.rawValue) = function() end"
  }

  /// Each row: the fields a file sets to functions.
  static let files: [(fields: [BehaviourField], line: UInt)] = [
    ([], #line),
    (BehaviourField.callbacks, #line),
    ([.onRelease], #line),
    ([.animations, .detents], #line),
    ([.onState, .backdrop, .onDrag], #line),
  ]

  @Test(arguments: files.indices) func checkListsTheCallbacksAFileDefines(_ i: Int) throws {
    let row = Self.files[i]
    let lines = row.fields.map { "  \(Self.function($0)),\n" }.joined()
    let folder = try ScenarioFolder()
    let summary = try BehaviourCheck.check(try folder.write("behaviour.lua", "return {\n\(lines)}\n"))
    let expected = BehaviourField.callbacks.filter(row.fields.contains).map(\.rawValue)
    #expect(summary.callbacks == expected, "row at line \(row.line)")
  }

  @Test(arguments: BehaviourField.allCases) func theSpecReadsEveryField(_ field: BehaviourField) {
    // Any value: accepted or refused as invalid, never as an unknown field.
    let source = BehaviourSource(name: "b.lua", text: "return { \(field.rawValue) = {} }\n")
    do throws(BehaviourError) {
      _ = try Behaviour.load(source)
    } catch {
      if case .unknownField = error { Issue.record("\(field.rawValue): \(error)") }
    }
  }

  @Test(arguments: BehaviourField.allCases) func aMisspeltFieldSuggestsTheField(_ field: BehaviourField) {
    let source = BehaviourSource(name: "b.lua", text: "return { \(field.rawValue)x = {} }\n")
    do throws(BehaviourError) {
      _ = try Behaviour.load(source)
      Issue.record("\(field.rawValue)x was accepted")
    } catch {
      guard case .unknownField(_, _, let suggestion) = error else {
        Issue.record("\(field.rawValue)x: \(error)")
        return
      }
      #expect(suggestion == field.rawValue)
    }
  }

  @Test(arguments: BehaviourField.allCases) func expectScriptErrorTakesTheCallbacks(_ field: BehaviourField)
    throws
  {
    let result = try ScenarioFolder().run("-- scenario\nexpect_script_error '\(field.rawValue)'\n")
    let message = result.failures.first?.message ?? ""
    if field.isCallback {
      #expect(message.contains("expected a script error from \(field.rawValue), none happened"), "\(message)")
    } else {
      #expect(message.contains("unknown callback '\(field.rawValue)'"), "\(message)")
    }
  }
}

/// The transitions' names are ``SheetTransition``'s raw values: `animations` is keyed by exactly those.
@Suite struct TransitionNameTests {
  @Test(arguments: SheetTransition.allCases) func animationsAreKeyedByEveryTransition(
    _ transition: SheetTransition
  )
    throws
  {
    let text = "return { animations = { \(transition.rawValue) = { duration = 0.2 } } }\n"
    let behaviour = try Behaviour.load(BehaviourSource(name: "b.lua", text: text))
    #expect(behaviour.spec.animations[transition] != nil)
  }

  @Test func aBadValueIsRefusedNamingEveryTransition() {
    let source = BehaviourSource(name: "b.lua", text: "return { animations = 42 }\n")
    do throws(BehaviourError) {
      _ = try Behaviour.load(source)
      Issue.record("animations = 42 was accepted")
    } catch {
      let names = SheetTransition.allCases.map(\.rawValue).joined(separator: ", ")
      #expect(error.description.contains("a table keyed by \(names)"), "\(error)")
    }
  }
}
