import Testing

@testable import SheetScenario
@testable import SheetScript

/// A behaviour file's `print` reaches the scenario's trace as an inline behaviour's does: the same
/// events at the same times, from fresh and from warm states, bounded as the scenario's own `print`.
@Suite struct BehaviourPrintTests {
  /// The behaviour's fields: two detents, and an `on_release` that prints the height it was released at.
  static let fields = """
      detents = { { id = 'low', height = 300 }, { id = 'high', height = 600 } },
      on_release = function(sheet)
        print(('released at %.1f'):format(sheet.height))
        return 'high'
      end,
    """

  /// The gestures: presented at low (300), dragged up 100 pt, so released at 400.
  static let gestures = """
    present()
    settle()
    drag { dy = -100, duration = 0.25 }
    settle()
    expect(sheet.detent == 'high', 'high')
    """

  /// The behaviour as a file (`maps.lua`), printing as it loads.
  static let file = "print('loaded')\nreturn {\n\(fields)}\n"
  static let fileScenario = "-- scenario\nbehaviour 'maps.lua'\n\(gestures)\n"
  /// The same behaviour inline: its `print('loaded')` is the scenario's, before the sheet exists.
  static let inlineScenario = "-- scenario\nprint('loaded')\nbehaviour {\n\(fields)}\n\(gestures)\n"

  static func prints(_ result: ScenarioResult) -> [String] {
    result.trace.events.filter { $0.name == "print" }.map { "\($0.time) \($0["text"]?.text ?? "-")" }
  }

  @Test func aFilesPrintIsTracedAsAnInlineBehavioursIs() throws {
    let folder = try ScenarioFolder()
    try folder.write("maps.lua", Self.file)
    let fromFile = try folder.run(Self.fileScenario)
    let inline = try folder.run(Self.inlineScenario, name: "inline.lua")
    #expect(fromFile.passed && inline.passed, "\(fromFile.failures) \(inline.failures)")
    let printed = Self.prints(fromFile)
    #expect(printed.map { $0.split(separator: " ", maxSplits: 1)[1] } == ["loaded", "released at 400.0"])
    #expect(printed.first?.hasPrefix("0.0 ") == true)
    #expect(printed == Self.prints(inline))
  }

  @Test func warmStatesPrintToTheirOwnRun() throws {
    let folder = try ScenarioFolder()
    try folder.write("maps.lua", Self.file)
    let scenario = try folder.write("scenario.lua", Self.fileScenario)
    let fresh = Self.prints(ScenarioRunner.run(file: scenario))
    let warm = WarmStates()
    for _ in 0..<3 {
      #expect(
        Self.prints(ScenarioRunner.run(file: scenario, options: ScenarioOptions(), warm: warm)) == fresh)
    }
    #expect(warm.restores >= 2, "the later runs restored the behaviour's state")
  }

  @Test func aFilesPrintIsBoundedAsTheScenariosOwn() throws {
    let folder = try ScenarioFolder()
    try folder.write(
      "loud.lua",
      "print(('x'):rep(10000))\nreturn {\n  detents = { { id = 'a', height = 300 } },\n"
        + "  on_state = function() for i = 1, 5000 do print(i) end end,\n}\n")
    var options = ScenarioOptions()
    options.limits.traceEntries = 1000
    let result = try folder.run(
      "-- scenario\nbehaviour 'loud.lua'\npresent()\nsettle()\nexpect(true, 'x')\n", options: options)
    let first = try #require(result.trace.events.first { $0.name == "print" }?["text"]?.text)
    #expect(first.utf8.count < options.limits.printBytes + 64 && first.hasPrefix("xxxx"))
    #expect(first.contains("10000"), "the cut line says its length: \(first.suffix(40))")
    // the limit, then the closing entries of bringing the sheet to rest: its frames, and the notes its
    // callbacks made, which the notes' buffer keeps within the limit too
    #expect(
      result.trace.entries.count <= 2 * options.limits.traceEntries + 200, "\(result.trace.entries.count)")
    #expect(
      result.trace.events.filter { $0.name == "print" }.count > 900, "the prints went in up to the limit")
    #expect(result.scriptError?.contains("trace limit (1000 entries)") == true, "\(result.summary)")
  }
}
