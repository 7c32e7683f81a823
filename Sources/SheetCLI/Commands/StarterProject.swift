import SheetScenario
import SheetScript

/// The files `sheet init` writes into a folder of one's own: a behaviour that extends a preset with its
/// thresholds listed to tune, a scenario that passes against it, and what an editor's Lua language
/// server needs to complete and check both (the API's annotations and the helper module, and a
/// `.luarc.json` that points to them).
struct StarterProject {
  /// One file: its path inside the project folder, its text and what it is (for the summary).
  struct File {
    var path: String
    var text: String
    var role: String
  }

  /// The folder, inside the project, of the files only an editor reads.
  static let typesFolder = "types"
  /// The behaviour's file name.
  static let behaviourFile = "behaviour.lua"
  /// The scenario's file name.
  static let scenarioFile = "scenario.lua"

  /// The preset the behaviour extends.
  let preset: String
  /// The files, in the order they are written and listed.
  let files: [File]
  /// How many expectations the scenario holds.
  let expectations: Int

  /// Makes the project's files for a preset: reads its thresholds and runs the scenario's gestures
  /// against it to write down where the sheet comes to rest.
  /// - Parameter preset: A preset's name (``Presets/catalogue``).
  /// - Throws: `BehaviourError` when the preset does not load; `StarterProject.ProbeFailure` when the
  ///   gestures do not run through.
  init(preset: String) throws {
    self.preset = preset
    let check = try BehaviourCheck.check(preset)
    let outcomes = try Self.probe(preset: preset)
    let scenario = Self.scenario(preset: preset, outcomes: outcomes)
    expectations = scenario.expectations
    let thresholds = check.thresholds.count == 1 ? "1 threshold" : "\(check.thresholds.count) thresholds"
    files =
      [
        File(
          path: Self.behaviourFile, text: Self.behaviour(preset: preset, thresholds: check.thresholds),
          role: "the behaviour: the `\(preset)` preset extended, its \(thresholds) to tune"),
        File(
          path: Self.scenarioFile, text: scenario.text,
          role: "a scenario: \(scenario.expectations) expectations of where the sheet comes to rest"),
        File(
          path: ".luarc.json", text: Self.luarc(), role: "the Lua language server's settings for an editor"),
      ]
      + Presets.annotationFiles.map {
        File(
          path: "\(Self.typesFolder)/\($0.name)", text: $0.text, role: "the API's annotations (views, fields)"
        )
      }
      + [
        File(
          path: "\(Self.typesFolder)/\(Presets.helperModule).lua", text: Presets.helperText,
          role: "the helper module `require 'sheet'` loads, annotated")
      ]
  }

  /// The behaviour file: `S.extend` of the preset with every threshold it declares at its value.
  static func behaviour(preset: String, thresholds: [(name: String, value: Double)]) -> String {
    let summary = Presets.catalogue.first { $0.name == preset }?.summary ?? ""
    var text = """
      -- \(behaviourFile): my sheet, the `\(preset)` preset with its thresholds here to tune.
      -- The preset: \(LuaLiteral.oneLine(summary))
      --
      -- `S.extend` loads the preset that ships in `sheet` and replaces the fields given here; `thresholds`
      -- are merged into the preset's own. Each line below is one of them at the preset's value: change one,
      -- save, and run `sheet test .` (or keep `sheet watch \(scenarioFile)` running). `sheet tune \(scenarioFile)
      -- --param NAME=FROM..TO:STEP` tries a range of values. Other behaviour fields (detents, on_release,
      -- backdrop, animations ...) go beside `thresholds`: \(typesFolder)/sheet-api.lua lists them with units and
      -- defaults, and an editor with the Lua language server completes them (.luarc.json points it there).
      local S = require 'sheet'

      return S.extend(\(LuaLiteral.quoted(preset)), {
        thresholds = {

      """
    for threshold in thresholds {
      text += "    \(LuaLiteral.key(threshold.name)) = \(LuaLiteral.number(threshold.value)),\n"
    }
    text += "  },\n})\n"
    return text
  }

  /// The Lua language server's settings: Lua 5.4 with the sandbox's libraries only, `require 'sheet'`
  /// resolved to the annotated helper module in ``typesFolder``, and the scenario language's globals
  /// known (the ones a fresh scenario session installs).
  static func luarc() -> String {
    let globals =
      (try? ScenarioSession(file: scenarioFile, options: ScenarioOptions()).language.globalNames) ?? []
    let names = globals.map { "\"\($0)\"" }.joined(separator: ", ")
    return """
      {
        "runtime.version": "Lua 5.4",
        "runtime.path": ["\(typesFolder)/?.lua", "?.lua"],
        "runtime.builtin": { "io": "disable", "os": "disable", "debug": "disable", "package": "disable" },
        "diagnostics.globals": [\(names)],
        "diagnostics.libraryFiles": "Disable"
      }

      """
  }
}
