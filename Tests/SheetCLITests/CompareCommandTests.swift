import Foundation
import Testing

/// `sheet compare`: scenarios under several behaviours, side by side, through the built binary.
@Suite struct CompareCommandTests {
  static let suite = [
    "drag_past_top", "flick_down", "flick_up", "hold_then_flick", "slow_drag", "tap_backdrop", "over_travel",
  ].map { "Tests/Scenarios/compare/\($0).lua" }

  static let presets = [
    "system", "bottom-sheet-vc", "custom-modal", "half-modal", "property-animator", "top-sheet",
  ]

  static func behaviours(_ names: [String]) -> [String] { names.flatMap { ["--behaviour", $0] } }

  /// The shipped suite runs under every preset; the table is byte-identical run to run and whatever the
  /// number of worker threads; the decisions are the ones worked out by hand from each preset's rule.
  @Test func theSuiteRunsUnderEveryPresetDeterministically() throws {
    let arguments = ["compare"] + Self.suite + Self.behaviours(Self.presets)
    let first = try SheetBinary.run(arguments + ["--jobs", "2"])
    let second = try SheetBinary.run(arguments + ["--jobs", "1"])
    #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
    #expect(first.stdoutData == second.stdoutData)
    let lines = Fixture.lines(first.stdout)
    #expect(lines.last == "42 runs (7 x 6): 42 ok, 0 failed")
    // system, flick open from medium 398.5: released at 518.5 moving up at 2000 pt/s, projected
    // 518.5 + 2000 / 1000 * 0.998 / 0.002 = 1516.5; one candidate a fling from medium: large 787.
    #expect(lines.contains { $0.hasSuffix("projected 1516.5 (v 2000.0) at large 787.0 -> large") })
    // bottom-sheet-vc (seed 000), the same flick from normal 500: released at 620, it snaps the top
    // inset c = E - h = 797 - 620 = 177 to the nearest of [40, 297, 797] (297, normal), whatever the speed.
    #expect(
      lines.contains { $0.contains("bottom-sheet-vc") && $0.contains("c 177.0 nearest of [40, 297, 797]") })
    // The outcome rows: system dismisses on the flick closed, half-modal restores its content detent.
    let flickDown = try #require(lines.firstIndex(of: "Tests/Scenarios/compare/flick_down.lua"))
    #expect(lines[flickDown + 2].hasPrefix("  system             dismissed   -            0.00  ok 4"))
    #expect(lines[flickDown + 5].hasPrefix("  half-modal         resting     content    500.00  ok 3"))
  }

  /// `--behaviour` replaces what a scenario names, a scenario that cannot run under a behaviour says why
  /// in its row and its failures, and the exit status is 1.
  @Test func behaviourReplacesTheScenariosAndFailuresAreReported() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(
      "medium.lua",
      "-- scenario\nbehaviour 'bottom-sheet-vc'\npresent()\nsettle()\nsnap_to 'medium'\nsettle()\n"
        + "expect(sheet.detent == 'medium', 'at medium')\n")
    let run = try SheetBinary.run(["compare", file] + Self.behaviours(["system", "bottom-sheet-vc"]))
    #expect(run.status == 1)
    let lines = Fixture.lines(run.stdout)
    #expect(lines.contains { $0.hasPrefix("  system ") && $0.contains("resting") && $0.contains("ok 1") })
    #expect(lines.contains { $0.hasPrefix("  bottom-sheet-vc ") && $0.contains("error") })
    #expect(
      lines.contains { $0.contains("medium.lua:5: error: snap_to: unknown or inactive detent 'medium'") })
    #expect(run.stderr.hasPrefix("bottom-sheet-vc: ") && run.stderr.contains("medium.lua:5: error: snap_to"))
    #expect(lines.last == "2 runs (1 x 2): 1 ok, 1 failed")
  }

  /// CSV has a row per release and one per outcome; JSON Lines one object per run, every value typed.
  @Test func csvAndJSONLines() throws {
    let arguments = ["compare", Self.suite[2], Self.suite[5]] + Self.behaviours(["system", "half-modal"])
    let csv = try SheetBinary.run(arguments + ["--format", "csv"])
    #expect(csv.status == 0)
    let rows = Fixture.lines(csv.stdout)
    #expect(
      rows.first == "scenario,behaviour,row,index,t,target,reason,state,detent,height,result,passed,failed")
    #expect(rows.count == 1 + 2 + 4)  // flick_up: a release and an outcome each; tap_backdrop: outcomes
    #expect(
      rows.contains(
        "Tests/Scenarios/compare/flick_up.lua,system,release,1,0.608333,large,"
          + "projected 1516.5 (v 2000.0) at large 787.0 -> large,,,,,,"))
    #expect(
      rows.contains("Tests/Scenarios/compare/tap_backdrop.lua,system,outcome,,,,,dismissed,,0,ok,3,0"))
    let jsonl = try SheetBinary.run(arguments + ["--format", "jsonl"])
    let objects = try Fixture.lines(jsonl.stdout).map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(objects.count == 4)
    #expect(objects[0]["behaviour"] as? String == "system" && objects[0]["detent"] as? String == "large")
    #expect(objects[0]["height"] as? Double == 787 && objects[0]["decision_count"] as? Int == 1)
    let decisions = try #require(objects[0]["decisions"] as? [[String: Any]])
    #expect(decisions.first?["target"] as? String == "large")
    #expect(objects[3]["state"] as? String == "dismissed" && objects[3]["detent"] is NSNull)
  }

  /// `--plot` overlays a panel per scenario, a curve per behaviour in its own colour, with a legend.
  @Test func plotOverlaysTheCurves() throws {
    let folder = try TemporaryFolder()
    let svg = folder.url.appendingPathComponent("compare.svg").path
    let run = try SheetBinary.run(
      ["compare", Self.suite[2], Self.suite[4], "--plot", svg]
        + Self.behaviours(["system", "half-modal", "top-sheet"]))
    #expect(run.status == 0, "\(run.stderr)")
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(text.components(separatedBy: "<polyline").count - 1 == 6)
    #expect(text.components(separatedBy: "<g transform=").count - 1 == 2)
    for (index, name) in ["system", "half-modal", "top-sheet"].enumerated() {
      let colour = ["#1f77b4", "#d62728", "#2ca02c"][index]
      #expect(text.contains("stroke=\"\(colour)\" stroke-width=\"2\""))
      #expect(text.contains("fill=\"\(colour)\" text-anchor=\"end\""))
      #expect(text.contains("— \(name)</text>"))
    }
    #expect(!text.contains("nan") && !text.contains("inf"))
    let again = folder.url.appendingPathComponent("again.svg").path
    _ = try SheetBinary.run(
      ["compare", Self.suite[2], Self.suite[4], "--plot", again]
        + Self.behaviours(["system", "half-modal", "top-sheet"]))
    #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == Data(text.utf8))
  }

  /// Usage errors exit 2 with a message naming what is wrong.
  @Test(
    arguments: [
      (["compare", "Tests/Scenarios/compare/flick_up.lua"], "expected one or more --behaviour", #line),
      (["compare", "--behaviour", "system"], "expected one or more scenario files", #line),
      (
        [
          "compare", "Tests/Scenarios/compare/flick_up.lua", "--behaviour", "system", "--behaviour",
          "system",
        ],
        "--behaviour system is given twice", #line
      ),
      (
        ["compare", "Tests/Scenarios/compare/flick_up.lua", "--behaviour", "sistem"],
        "did you mean the preset 'system'?", #line
      ),
      (
        ["compare", "Tests/Scenarios/compare/flick_up.lua", "--behaviour", "system", "--format", "xml"],
        "unknown format 'xml'", #line
      ),
      (
        [
          "compare", "Tests/Scenarios/compare/flick_up.lua", "--behaviour", "system", "--behaviour",
          "half-modal",
          "--set", "dismiss_velocity=100",
        ],
        "--set dismiss_velocity: --behaviour system", #line
      ),
      (
        [
          "compare", "Tests/Scenarios/compare/flick_up.lua", "--behaviour", "system", "-o",
          "Tests/Scenarios/compare/flick_up.lua",
        ],
        "is a file this run reads (a scenario)", #line
      ),
      (
        [
          "compare", "Tests/Scenarios/compare/flick_up.lua", "--behaviour", "system", "-o", "x.svg",
          "--plot", "x.svg",
        ],
        "-o and --plot name the same file", #line
      ),
      (
        ["compare", "Tests/Scenarios/compare/flick_up.lua", "--behaviour", "system", "--jobs", "0"],
        "--jobs expects a count in 1...256", #line
      ),
      (
        ["compare", "Sources/SheetScript/Presets/system.lua", "--behaviour", "system"], "is not a scenario",
        #line
      ),
    ] as [([String], String, Int)])
  func usageErrors(arguments: [String], fragment: String, line: Int) throws {
    let run = try SheetBinary.run(arguments)
    #expect(run.status == 2, "line \(line): \(run.stderr)")
    #expect(run.stderr.contains(fragment), "line \(line): \(run.stderr)")
    #expect(run.stderr.contains("usage: sheet compare"), "line \(line)")
  }

  /// More behaviours than the bound are refused before anything runs.
  @Test func theNumberOfBehavioursIsBounded() throws {
    let folder = try TemporaryFolder()
    var arguments = ["compare", "Tests/Scenarios/compare/flick_up.lua"]
    for k in 0..<17 {
      arguments += ["--behaviour", try folder.write("b\(k).lua", "return {}\n")]
    }
    let run = try SheetBinary.run(arguments)
    #expect(run.status == 2 && run.stderr.contains("17 behaviours; at most 16"), "\(run.stderr)")
  }

  /// `sheet test` runs the compare suite like any other scenarios (they name no behaviour, so under the
  /// default policy), in its subfolder of Tests/Scenarios.
  @Test func sheetTestRunsTheCompareSuiteUnderTheNativeDefault() throws {
    let run = try SheetBinary.run(["test", "Tests/Scenarios/compare"])
    #expect(run.status == 0, "\(run.stdout)")
    #expect(Fixture.lines(run.stdout).filter { $0.hasPrefix("ok    Tests/Scenarios/compare/") }.count == 7)
    #expect(Fixture.lines(run.stdout).last == "7 passed, 0 failed")
    let whole = try SheetBinary.run(["test", "Tests/Scenarios"])
    for file in Self.suite { #expect(whole.stdout.contains("ok    \(file) ("), "\(file)") }
  }
}
