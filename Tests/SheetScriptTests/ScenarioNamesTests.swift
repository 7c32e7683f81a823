import Foundation
import SheetTestSupport
import Testing

@testable import SheetScenario
@testable import SheetScript

/// The scenario language's names are written once, as ``ScenarioCall``'s cases: the host registers a
/// function per case, the prelude wraps the names the host passes it, and the parser switches over the
/// cases. `.luacheckrc` and the README cannot be derived, so these tests hold them to the same list.
@Suite struct ScenarioNamesTests {
  static let root = packageRoot

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The globals a scenario sees, as the prelude made them in a fresh session.
  static func globals() throws -> [String] {
    try ScenarioSession(file: "scenario.lua", options: ScenarioOptions()).language.globalNames
  }

  /// The names in `.luacheckrc`'s `stds.sheet_scenario.read_globals`.
  static func luacheckGlobals() throws -> Set<String> {
    let text = try Self.text(".luacheckrc")
    guard let start = text.range(of: "stds.sheet_scenario = {"),
      let end = text.range(of: "\n}", range: start.upperBound..<text.endIndex)
    else { return [] }
    var names: Set<String> = []
    for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") {
      let code = line.split(separator: "--", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      let parts = code.split(separator: "\"", omittingEmptySubsequences: false)
      for index in stride(from: 1, to: parts.count, by: 2) { names.insert(String(parts[index])) }
    }
    return names
  }

  @Test func theGlobalsAreTheCallsAndThePreludesOwn() throws {
    #expect(try Self.globals() == (ScenarioCall.allNames + ["expect", "expect_near", "sheet"]).sorted())
  }

  @Test func luacheckDeclaresExactlyTheGlobals() throws {
    // `print` is Lua's own, listed there because a scenario's print goes to its trace.
    #expect(try Self.luacheckGlobals() == Set(try Self.globals() + ["print"]))
  }

  @Test func theReadmeNamesEveryGlobal() throws {
    let readme = try Self.text("README.md")
    for name in try Self.globals() {
      #expect(readme.contains("`\(name)"), "README.md lacks \(name)")
    }
  }

  @Test func thePreludeSpellsNoCallName() {
    for name in ScenarioCall.allNames {
      for spelling in ["'\(name)'", "api.\(name)", "host.\(name)"] {
        #expect(!ScenarioPrelude.source.contains(spelling), "the prelude spells \(spelling)")
      }
    }
  }

  /// Lines that call `call` correctly (in ``ScenarioCall``'s order, the lines make one scenario whose
  /// releases fault in `on_release`), one it refuses (`nil`: none does) and the row's line. The switch is
  /// exhaustive, so a new call is exercised here too.
  static func lines(_ call: ScenarioCall) -> (works: String, refused: String?, line: UInt) {
    switch call {
    case .screen: ("screen { width = 390, height = 844 }", "screen { widht = 390 }", #line)
    case .behaviour:
      (
        "behaviour { thresholds = { projection_rate = 0.998 }, on_release = function() error('boom') end }",
        "behaviour(42)", #line
      )
    case .content:
      (
        "content { height = 600, scroll = { content_height = 2400, top = 56 } }",
        "content { scroll = { content_hieght = 2400 } }", #line
      )
    case .set: ("set { projection_rate = 0.99 }", "set { projection_rate = 'fast' }", #line)
    case .edge: ("edge 'bottom'", "edge 'side'", #line)
    case .present: ("present()", nil, #line)
    case .dismiss: ("dismiss()\nsettle()\npresent()", nil, #line)
    case .snapTo: ("snap_to 'large'", "snap_to(1)", #line)
    case .wait: ("wait(0.1)", "wait(-1)", #line)
    case .settle: ("settle()", nil, #line)
    case .drag: ("drag { dy = -100, duration = 0.2 }", "drag { duration = 0.2 }", #line)
    case .flick: ("flick { dy = -100, velocity = -1500 }", "flick { dy = -100 }", #line)
    case .touchDown: ("touch_down { y = 500 }", "touch_down { y = 'top' }", #line)
    case .touchMove: ("touch_move { y = 450 }", "touch_move {}", #line)
    case .touchUp: ("touch_up { velocity = 0 }", "touch_up { velocity = 'fast' }", #line)
    case .touchCancel: ("touch_cancel()", "touch_cancel { y = 1 }", #line)
    case .tap: ("tap { y = 700 }", "tap {}", #line)
    case .tapBackdrop: ("tap_backdrop()", nil, #line)
    case .back: ("back()\nsettle()\npresent()", nil, #line)
    case .accessibilityAction: ("accessibility_action 'expand'", "accessibility_action 'expnad'", #line)
    case .reduceMotion: ("reduce_motion(true)\nreduce_motion(false)", "reduce_motion('on')", #line)
    case .resize: ("resize { width = 844, height = 390 }", "resize { fps = 60 }", #line)
    case .setContentHeight: ("set_content_height(500)", "set_content_height(-1)", #line)
    case .scrollTo: ("scroll_to { offset = 100 }", "scroll_to { ofset = 100 }", #line)
    case .keyboard:
      ("keyboard { height = 200 }\nkeyboard { height = 0, duration = 0 }", "keyboard { height = -1 }", #line)
    case .reload: ("expect(reload 'system', 'reloads')", "expect(not reload(42), 'refused')", #line)
    case .expectScriptError: ("expect_script_error 'on_release'", "expect_script_error 'on_relase'", #line)
    }
  }

  @Test func aScenarioCallingEveryNameRuns() throws {
    let body = ScenarioCall.allCases.map { Self.lines($0).works }.joined(separator: "\n")
    let text = "-- scenario\n\(body)\nbehavior 'system'\nsettle()\nexpect(true, 'ran to the end')\n"
    let result = try ScenarioFolder().run(text)
    #expect(result.passed, "\(result.failures)")
    #expect(result.scriptError == nil, "\(result.scriptError ?? "")")
    #expect(result.expectationsPassed == 3, "\(result.summary)")
  }

  @Test(arguments: ScenarioCall.allCases) func aRefusedCallIsRaisedAtItsLine(_ call: ScenarioCall) throws {
    let row = Self.lines(call)
    guard let refused = row.refused else { return }
    let result = try ScenarioFolder().run("-- scenario\n\(refused)\nexpect(true, 'after')\n")
    let label = "row at line \(row.line)"
    if call.wrapper == .answered {
      #expect(result.passed, "\(label): \(result.failures)")  // answered: returned, not raised
    } else {
      #expect(
        result.failures.first?.location.file.hasSuffix("scenario.lua") == true, "\(label): \(result.failures)"
      )
      #expect(result.failures.first?.location.line == 2, "\(label): \(result.failures)")
      #expect(
        result.scriptError?.contains("\(call.rawValue): ") == true, "\(label): \(result.scriptError ?? "")")
    }
  }
}
