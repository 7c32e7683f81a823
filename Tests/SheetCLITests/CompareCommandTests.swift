import Foundation
import SheetTestSupport
import Testing

/// `sheet compare`: scenarios under several behaviours, side by side, through the built binary.
@Suite struct CompareCommandTests {
  static let suite = [
    "drag_past_top", "flick_down", "flick_up", "hold_then_flick", "slow_drag", "tap_backdrop", "over_travel",
    "side_drag", "back", "accessibility_action",
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
    #expect(lines.last == "60 runs (10 x 6): 60 ok, 0 failed")
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
    #expect(run.stderr.isEmpty, "the table lists the failures; standard error does not again: \(run.stderr)")
    #expect(lines.last == "2 runs (1 x 2): 1 ok, 1 failed")
    // without the table on standard output, the failures go to standard error, once
    let csv = try SheetBinary.run(
      ["compare", file, "--format", "csv"] + Self.behaviours(["system", "bottom-sheet-vc"]))
    #expect(csv.status == 1)
    let failures = Fixture.lines(csv.stderr)
    #expect(
      failures.count == 1 && failures[0].hasPrefix("bottom-sheet-vc: ")
        && failures[0].contains("medium.lua:5: error: snap_to"), "\(csv.stderr)")
  }

  /// A behaviour file is shown by its file name, not its path; files of one name by as many of their
  /// folders as tell them apart.
  @Test func behaviourFilesAreNamedByTheirFileNames() throws {
    let folder = try TemporaryFolder()
    let behaviour = "return { detents = { { id = 'low', height = 300 }, { id = 'high', height = 600 } } }\n"
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("a"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("b"), withIntermediateDirectories: true)
    let maps = try folder.write("maps.lua", behaviour)
    let a = try folder.write("a/twin.lua", behaviour)
    let b = try folder.write("b/twin.lua", behaviour)
    let run = try SheetBinary.run(
      ["compare", Self.suite[2], "--format", "csv"] + Self.behaviours([maps, a, b, "system"]))
    let names = Set(Fixture.lines(run.stdout).dropFirst().map { String($0.split(separator: ",")[1]) })
    #expect(names == ["maps.lua", "a/twin.lua", "b/twin.lua", "system"], "\(run.stdout)")
    #expect(!run.stdout.contains(folder.url.path), "no path in the comparison")
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
      #expect(text.contains("fill=\"\(colour)\">— \(name)</text>"))
    }
    #expect(try SVGDocument(Data(text.utf8)).labelsOverCurves() == [])
    #expect(!text.contains("nan") && !text.contains("inf"))
    let again = folder.url.appendingPathComponent("again.svg").path
    _ = try SheetBinary.run(
      ["compare", Self.suite[2], Self.suite[4], "--plot", again]
        + Self.behaviours(["system", "half-modal", "top-sheet"]))
    #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == Data(text.utf8))
  }

  /// `--plot` with one behaviour: its detents as guides at their heights (the `system` preset on the
  /// reference screen: available height A = 844 - 47 - 34 + ... = 797, medium = A / 2 = 398.5, large =
  /// A - 10 = 787), its release marked at the release's time (0.608333 s, the CSV's), the curve at its own times.
  @Test func thePlotMarksDetentsAndReleases() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("one.svg").path
    let run = try SheetBinary.run(["compare", Self.suite[2], "--plot", out] + Self.behaviours(["system"]))
    #expect(run.status == 0, "\(run.stderr)")
    let svg = try SVGDocument(Data(contentsOf: URL(fileURLWithPath: out)))
    let y = try #require(svg.axis(.height)), x = try #require(svg.axis(.time))
    let lines = svg.elements(named: "line")
    let guides = lines.filter {
      $0.attributes["stroke"] == "#1f77b4" && $0.attributes["stroke-dasharray"] == "6 4"
    }
    let heights = Set(guides.compactMap { Double($0.attributes["y1"] ?? "") })
    #expect(heights.count == 2)
    for h in [398.5, 787] {
      #expect(heights.contains { abs($0 - y(h)) < 0.01 }, "a guide at \(h): \(heights)")
    }
    #expect(
      svg.labels.contains { $0.text == "medium 398.5" } && svg.labels.contains { $0.text == "large 787" })
    let releases = Self.marks(in: svg)
    try #require(releases.count == 1)
    #expect(abs(releases[0] - x(0.608333)) < 0.01)
    #expect(svg.labels.contains { $0.text == "release 1" })
    #expect(svg.labelsOverCurves() == [])
  }

  /// With several behaviours the curves are aligned at each release: every curve has a point at the
  /// release's mark (the frame it was released on), though they released at different times (0.608 s
  /// and 0.308 s, the CSV's).
  @Test func theCurvesAreAlignedAtEachRelease() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("two.svg").path
    let csv = try SheetBinary.run(
      ["compare", Self.suite[1], "--format", "csv"] + Self.behaviours(["system", "android"]))
    let times = Fixture.lines(csv.stdout).filter { $0.contains(",release,1,") }.map {
      $0.split(separator: ",")[4]
    }
    #expect(times.count == 2 && times[0] != times[1], "\(csv.stdout)")
    let run = try SheetBinary.run(
      ["compare", Self.suite[1], "--plot", out] + Self.behaviours(["system", "android"]))
    #expect(run.status == 0, "\(run.stderr)")
    let svg = try SVGDocument(Data(contentsOf: URL(fileURLWithPath: out)))
    let marks = Self.marks(in: svg)
    try #require(marks.count == 1)
    let markX = marks[0]
    let curves = svg.curves
    #expect(curves.count == 2)
    for curve in curves {
      #expect(
        curve.points.contains { abs($0.x - markX) < 0.01 }, "\(curve.colour) has its release at the mark")
      #expect(zip(curve.points, curve.points.dropFirst()).allSatisfy { $0.x <= $1.x }, "time runs forward")
    }
    #expect(svg.texts.contains { $0.contains("aligned") || $0.contains("shifted") })
  }

  /// The x of each release's line: a line titled `release k`.
  static func marks(in svg: SVGDocument) -> [Double] {
    svg.elements.indices.compactMap { i in
      guard i > 0, svg.elements[i].name == "title", svg.elements[i].text.hasPrefix("release "),
        svg.elements[i - 1].name == "line"
      else { return nil }
      return Double(svg.elements[i - 1].attributes["x1"] ?? "")
    }
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
    #expect(
      Fixture.lines(run.stdout).filter { $0.hasPrefix("ok    Tests/Scenarios/compare/") }.count
        == Self.suite.count)
    #expect(Fixture.lines(run.stdout).last == "\(Self.suite.count) passed, 0 failed")
    let whole = try SheetBinary.run(["test", "Tests/Scenarios"])
    for file in Self.suite { #expect(whole.stdout.contains("ok    \(file) ("), "\(file)") }
  }
}
