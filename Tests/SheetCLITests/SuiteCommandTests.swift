import Foundation
import Testing

/// `sheet test`, `sheet tune`, `sheet check` and `sheet presets`.
@Suite struct SuiteCommandTests {
  @Test func testRunsTheSuiteAndEndsWithTheCount() throws {
    let run = try SheetBinary.run(["test"])
    #expect(run.status == 0, "\(run.stdout)")
    let lines = Fixture.lines(run.stdout)
    // the suite's top-level scenarios and its compare/ subfolder (run under the default policy)
    let files = try ["Tests/Scenarios", "Tests/Scenarios/compare"].flatMap { folder in
      try FileManager.default.contentsOfDirectory(
        atPath: SheetBinary.packageRoot.appendingPathComponent(folder).path
      ).filter { $0.hasSuffix(".lua") }
    }
    try #require(!files.isEmpty, "the suite's folders hold scenarios")
    #expect(lines.last == "\(files.count) passed, 0 failed")
    #expect(lines.filter { $0.hasPrefix("ok    Tests/Scenarios/") }.count == files.count)
  }

  @Test func testCountsFailuresWithFileAndLineAndExitsOne() throws {
    let folder = try TemporaryFolder()
    try folder.write("a_passing.lua", Fixture.passing)
    try folder.write("b_failing.lua", Fixture.failing)
    try folder.write("c_error.lua", Fixture.runtimeError)
    let run = try SheetBinary.run(["test", folder.url.path])
    #expect(run.status == 1)
    let lines = Fixture.lines(run.stdout)
    #expect(lines.last == "1 passed, 2 failed")
    #expect(lines.contains { $0.contains("b_failing.lua:5: expectation failed: wrongly expects expanded") })
    #expect(lines.contains { $0.contains("c_error.lua:6: error:") })
    let passingOnly = try SheetBinary.run(["test", folder.url.appendingPathComponent("a_passing.lua").path])
    #expect(passingOnly.status == 0)
    #expect(Fixture.lines(passingOnly.stdout).last == "1 passed, 0 failed")
  }

  /// Each row: a scenario whose last line is refused for a bad value or a real failure (never for the
  /// sheet's state), and the message `sheet test` prints for that line, in the scenario's words.
  static let refusedLines: [(text: String, message: String, line: UInt)] = [
    (
      "present()\nsettle()\nresize { height = 100, safe_top = 200 }",
      "resize: invalid safe_top 200; expected a finite number of points in [0, 10000], below the screen height",
      #line
    ),
    (
      "present()\nsettle()\nsnap_to 'nope'",
      "snap_to: unknown or inactive detent 'nope' (active: 'medium', 'large')",
      #line
    ),
    // a misspelt detent: the nearest of the sheet's detents, as every other misspelt name gets
    (
      "present()\nsettle()\nsnap_to 'lareg'",
      "snap_to: unknown or inactive detent 'lareg' (did you mean 'large'?)", #line
    ),
    ("touch_down {}\ntouch_cancel { y = 3 }", "touch_cancel: unknown field 'y'", #line),
    // Bad horizontal values: each field named with its range and the value quoted.
    (
      "present()\nsettle()\ntouch_down { x = 0/0 }",
      "touch_down: field 'x' must be a number in -100000...100000, got nan", #line
    ),
    (
      "present()\ntouch_down {}\ntouch_move { x = -1e6, y = 1 }",
      "touch_move: field 'x' must be a number in -100000...100000, got -1000000", #line
    ),
    (
      "present()\nsettle()\ntap { x = 'left', y = 700 }",
      "tap: field 'x' must be a number in -100000...100000, got 'left'", #line
    ),
    (
      "drag { dy = 10, at_x = 1e9 }",
      "drag: field 'at_x' must be a number in -100000...100000, got 1000000000", #line
    ),
    (
      "drag { dy = 10, dx = 'far' }", "drag: field 'dx' must be a number in -100000...100000, got 'far'",
      #line
    ),
    (
      "drag { dy = 10, velocty_x = 3 }", "drag: unknown field 'velocty_x' (did you mean 'velocity_x'?)", #line
    ),
    (
      "flick { dy = 10, velocity = 100, velocity_x = 1/0 }",
      "flick: field 'velocity_x' must be a number in -1000000...1000000, got inf", #line
    ),
    (
      "present()\ntouch_down { x = 10 }\ntouch_up { velocity_x = -1e7 }",
      "touch_up: field 'velocity_x' must be a number in -1000000...1000000, got -10000000", #line
    ),
    (
      "present()\ntouch_down {}\nsettle()",
      "settle: the sheet did not come to rest within 60 s (a finger is down: touch_up or touch_cancel "
        + "lifts it)", #line
    ),
  ]

  @Test(arguments: refusedLines.indices) func refusalsUseTheScenarioWords(_ i: Int) throws {
    let row = Self.refusedLines[i]
    let folder = try TemporaryFolder()
    let file = try folder.write("refused.lua", "-- scenario\n" + row.text)
    let run = try SheetBinary.run(["test", file])
    let last = row.text.split(separator: "\n").count + 1  // below the scenario line
    #expect(run.status == 1, "line \(row.line)")
    #expect(
      run.stdout.contains("refused.lua:\(last): error: \(row.message)\n"), "line \(row.line): \(run.stdout)")
  }

  /// Odd orders of inputs that once stopped a scenario ("cannot panBegan while the sheet is dismissed")
  /// now pass: the sheet records what it cannot take and the scenario goes on.
  @Test func noStateRefusalEndsAScenario() throws {
    let folder = try TemporaryFolder()
    let text = """
      -- scenario
      touch_up {} touch_move { y = 300 } touch_cancel() tap_backdrop() dismiss() snap_to 'medium'
      present() present() settle() present()
      touch_down {} touch_down { y = 100 } snap_to 'large' tap_backdrop() present() touch_up {} touch_up {}
      dismiss() dismiss() tap_backdrop() settle() dismiss() drag { dy = -100 } touch_cancel {}
      expect(sheet.state == 'dismissed', 'dismissed')
      """
    let file = try folder.write("odd.lua", text)
    let run = try SheetBinary.run(["run", file])
    #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
    #expect(!run.stdout.contains("script_error") && !run.stdout.contains("cannot "), "\(run.stdout)")
    for expected in [
      "ignored input=pan_ended state=hidden", "ignored input=pan_changed state=hidden",
      "ignored input=pan_cancelled state=hidden", "ignored input=tap state=hidden",
      "ignored input=dismiss state=hidden", "ignored input=present state=presenting",
      "ignored input=present state=resting", "ignored input=pan_began state=dragging",
      "ignored input=snap state=dragging", "ignored input=tap state=dragging",
      "ignored input=present state=dragging", "ignored input=dismiss state=dismissing",
      "ignored input=tap state=dismissing", "ignored input=dismiss state=dismissed",
      "ignored input=pan_began state=dismissed",
    ] {
      #expect(run.stdout.contains("* \(expected)\n"), "\(expected)")
    }
  }

  @Test func testAppliesSetToEveryScenario() throws {
    let run = try SheetBinary.run([
      "test", "Tests/Scenarios/seed000_release.lua", "--set", "dismiss_velocity=1200",
    ])
    #expect(run.status == 1)
    #expect(Fixture.lines(run.stdout).last == "0 passed, 1 failed")
  }

  @Test func tunePrintsThePassCountPerValue() throws {
    let run = try SheetBinary.run([
      "tune", "Tests/Scenarios/seed000_release.lua", "--param", "dismiss_velocity=1000..2000:500",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    // The scenario pins the seed's 1500: only that value passes, which the verdict under the table says.
    #expect(
      Fixture.lines(run.stdout) == [
        "sweep: 3 points x 1 scenario",
        "dismiss_velocity  passed  seed000_release.lua",
        "1000              0/1     FAIL",
        "1500              1/1     pass",
        "2000              0/1     FAIL",
        "1 of 3 points passes every scenario",
        "  dismiss_velocity passes at 1500 (1 of 3 values in 1000..2000)",
      ])
  }

  /// Each row: a sweep, its exit status (1 when no point passes), and its verdict's lines: per parameter
  /// the values of the passing points, as ranges of neighbouring grid values, or that none passes.
  static let verdicts: [(arguments: [String], status: Int32, lines: [String], line: UInt)] = [
    (
      ["Tests/Scenarios/seed000_release.lua", "--param", "dismiss_velocity=1000..1250:250"], 1,
      [
        "no point passes (0 of 2): every point fails a scenario",
        "  dismiss_velocity: no value in 1000..1250 passes",
      ],
      #line
    ),
    (
      [
        "Tests/Scenarios/seed000_release.lua", "--param", "dismiss_velocity=1000..2000:250", "--param",
        "min_top=40..50:10",
      ],
      0,
      [
        "1 of 10 points passes every scenario",
        "  dismiss_velocity passes at 1500 (1 of 5 values in 1000..2000)",
        "  min_top passes at 40 (1 of 2 values in 40..50)",
      ], #line
    ),
  ]

  @Test(arguments: verdicts.indices) func tuneSaysWhichValuesPass(_ i: Int) throws {
    let row = Self.verdicts[i]
    let run = try SheetBinary.run(["tune"] + row.arguments + ["--jobs", "2"])
    #expect(run.status == row.status, "line \(row.line): \(run.stderr)")
    let verdict = run.stdout.components(separatedBy: "\n\n").last ?? ""
    #expect(Fixture.lines(verdict) == row.lines, "line \(row.line): \(run.stdout)")
  }

  @Test func theVerdictGroupsNeighbouringValues() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(
      "gaps.lua",
      "-- scenario\nbehaviour 'bottom-sheet-vc'\npresent()\nlocal v = sheet.thresholds.dismiss_velocity\n"
        + "expect(v ~= 1500 and v ~= 2250, 'not 1500 nor 2250')\n")
    let run = try SheetBinary.run(["tune", file, "--param", "dismiss_velocity=1000..2500:250"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      Fixture.lines(run.stdout).last
        == "  dismiss_velocity passes at 1000..1250, 1750..2000, 2500 (5 of 7 values in 1000..2500)",
      "\(run.stdout)")
  }

  /// Each row: the sweep's range, and the lines --explain adds under the table.
  static let explanations: [(range: String, lines: [String], line: UInt)] = [
    (
      "1000..2000:500",
      [
        "why each FAIL failed (its first failure):",
        "  dismiss_velocity=1000  seed000_release.lua  Tests/Scenarios/seed000_release.lua:31: expectation failed: "
          + "vy exactly 1500 does not dismiss (and 4 more failures)",
        "  dismiss_velocity=2000  seed000_release.lua  Tests/Scenarios/seed000_release.lua:20: expectation failed: "
          + "h 600, vy 1600: dismissing (and 3 more failures)",
      ], #line
    ),
    ("1500..1500:1", ["every run passed"], #line),
  ]

  @Test(arguments: explanations.indices) func tuneExplainsEachFail(_ i: Int) throws {
    let row = Self.explanations[i]
    let arguments = [
      "tune", "Tests/Scenarios/seed000_release.lua", "--param", "dismiss_velocity=\(row.range)",
    ]
    let plain = try SheetBinary.run(arguments)
    let explained = try SheetBinary.run(arguments + ["--explain"])
    #expect(explained.status == plain.status, "line \(row.line): \(explained.stderr)")
    // the table, the notes, the verdict: the plain run's table and verdict around the notes
    let table = plain.stdout.components(separatedBy: "\n\n")
    try #require(table.count == 2, "line \(row.line): \(plain.stdout)")
    #expect(explained.stdout.hasPrefix(table[0] + "\n\n"), "line \(row.line)")
    #expect(explained.stdout.hasSuffix("\n\n" + table[1]), "line \(row.line)")
    let notes = explained.stdout.dropFirst(table[0].count).dropLast(table[1].count)
    #expect(Fixture.lines(String(notes)) == row.lines, "line \(row.line)")
  }

  @Test func tuneExplainsAScriptErrorWithItsLine() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("misspelt.lua", Fixture.misspeltRelease)
    let run = try SheetBinary.run(["tune", file, "--param", "spring_response=0.3..0.3:1", "--explain"])
    #expect(run.status == 1, "no point passes: \(run.stderr)")
    #expect(
      Fixture.lines(run.stdout).contains {
        $0.hasPrefix("  spring_response=0.3  misspelt.lua  ")
          && $0.contains("misspelt.lua:5: script error: on_release returned 'hihg'")
      }, "\(run.stdout)")
  }

  @Test func anExpectationCanFollowTheSweptValue() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(
      "follows.lua",
      """
      -- scenario
      behaviour 'bottom-sheet-vc'
      present()
      settle()
      flick { dy = 60, velocity = 1600 }
      settle()
      local dismissed = 1600 > sheet.thresholds.dismiss_velocity
      expect((sheet.state == 'dismissed') == dismissed, 'dismissed exactly when 1600 is over the threshold')
      """)
    let run = try SheetBinary.run(["tune", file, "--param", "dismiss_velocity=1000..2500:500", "--jobs", "1"])
    #expect(run.status == 0, "\(run.stderr)")
    let rows = Fixture.lines(run.stdout).dropFirst(2).prefix(4)
    #expect(rows.allSatisfy { $0.hasSuffix("1/1     pass") }, "\(run.stdout)")
    #expect(
      Fixture.lines(run.stdout).last
        == "  dismiss_velocity passes at 1000..2500 (4 of 4 values in 1000..2500)")
  }

  @Test func tuneRunsAGridOfTwoParameters() throws {
    let run = try SheetBinary.run([
      "tune", "Tests/Scenarios/seed000_release.lua", "Tests/Scenarios/tour.lua",
      "--param", "dismiss_velocity=1500..2000:500", "--param", "min_top=40..50:10", "--jobs", "2",
    ])
    #expect(run.status == 1, "no point passes both scenarios: \(run.stderr)")
    let lines = Fixture.lines(run.stdout)
    #expect(lines.first == "sweep: 4 points x 2 scenarios")
    #expect(
      lines.dropFirst().first?.split(separator: " ") == [
        "dismiss_velocity", "min_top", "passed", "seed000_release.lua", "tour.lua",
      ])
    let rows = lines.dropFirst(2).prefix(4).map { $0.split(separator: " ").map(String.init) }
    #expect(
      lines.suffix(3) == [
        "no point passes (0 of 4): every point fails a scenario",
        "  dismiss_velocity: no value in 1500..2000 passes",
        "  min_top: no value in 40..50 passes",
      ])
    #expect(
      rows.map { Array($0.prefix(2)) } == [
        ["1500", "40"], ["1500", "50"], ["2000", "40"], ["2000", "50"],
      ])
    for row in rows {
      let passes = row.dropFirst(3).filter { $0 == "pass" }.count
      #expect(row[2] == "\(passes)/2", "\(row)")
    }
    let again = try SheetBinary.run([
      "tune", "Tests/Scenarios/seed000_release.lua", "Tests/Scenarios/tour.lua",
      "--param", "dismiss_velocity=1500..2000:500", "--param", "min_top=40..50:10", "--jobs", "1",
    ])
    #expect(again.stdout == run.stdout, "one job and two give the same table")
  }

  @Test func checkValidatesAPreset() throws {
    let run = try SheetBinary.run(["check", "bottom-sheet-vc"])
    #expect(run.status == 0)
    let lines = Fixture.lines(run.stdout)
    #expect(lines.first == "bottom-sheet-vc.lua: valid")
    #expect(lines.contains("  detents on 390x844 (safe 47/34): normal 500, expanded 757"))
  }

  @Test func checkValidatesAFile() throws {
    let run = try SheetBinary.run(["check", "Sources/SheetScript/Presets/half-modal.lua"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("Sources/SheetScript/Presets/half-modal.lua: valid"))
  }

  /// Each row: a broken behaviour's text and the file:line its error must name.
  static let brokenBehaviours: [(text: String, location: String, line: UInt)] = [
    (Fixture.brokenBehaviour, "broken.lua:3:", #line),
    ("return {\n  detents = {\n", "broken.lua:3:", #line),
    ("local x = nil\nreturn x.y\n", "broken.lua:2:", #line),
    ("return {\n  edge = 'left',\n}\n", "broken.lua", #line),
  ]

  @Test func checkNamesTheFileAndLineOfABrokenBehaviour() throws {
    let folder = try TemporaryFolder()
    for row in Self.brokenBehaviours {
      let file = try folder.write("broken.lua", row.text)
      let run = try SheetBinary.run(["check", file])
      #expect(run.status == 1, "line \(row.line)")
      #expect(run.stderr.contains(row.location), "line \(row.line): \(run.stderr)")
      #expect(!run.stdout.contains("valid"), "line \(row.line)")
    }
  }

  @Test func presetsListsEveryPreset() throws {
    let run = try SheetBinary.run(["presets"])
    #expect(run.status == 0)
    let names = Fixture.lines(run.stdout).map { String($0.prefix { $0 != " " }) }
    #expect(
      names == [
        "android", "bottom-sheet-vc", "cupertino-sheet", "custom-modal", "floating-panel",
        "flutter-draggable", "gorhom", "half-modal", "material3", "pan-modal", "property-animator", "system",
        "top-sheet", "vaul",
      ])
    for name in names {
      #expect(try SheetBinary.run(["check", name]).status == 0, "\(name) is valid")
    }
  }
}

/// What `sheet test` runs: files whose first line starts with `-- scenario`.
@Suite struct ScenarioRuleCommandTests {
  /// A behaviour file beside the scenarios (it returns a table and checks nothing).
  static let behaviour = """
    local S = require 'sheet'
    return { detents = { { id = 'a', height = S.clamp(300, 0, 400) } } }
    """

  @Test func behaviourFilesBesideScenariosAreSkippedAndCounted() throws {
    let folder = try TemporaryFolder()
    try folder.write("a_passing.lua", Fixture.passing)
    try folder.write("b_behaviour.lua", Self.behaviour)
    let run = try SheetBinary.run(["test", folder.url.path])
    #expect(run.status == 0, "\(run.stdout)")
    let lines = Fixture.lines(run.stdout)
    #expect(lines.count == 3, "\(lines)")
    #expect(
      lines.first?.hasPrefix("ok    ") == true
        && lines.first?.hasSuffix("a_passing.lua (1 expectation)") == true)
    #expect(
      lines.dropFirst().first
        == "skipped 1 .lua file that is not a scenario (no '-- scenario' first line); --list-skipped names them"
    )
    #expect(lines.last == "1 passed, 0 failed")
    let listed = try SheetBinary.run(["test", folder.url.path, "--list-skipped"])
    #expect(
      Fixture.lines(listed.stdout).contains("skip  \(folder.url.path)/b_behaviour.lua (not a scenario)"))
  }

  @Test func aScenarioWithoutExpectationsFails() throws {
    let folder = try TemporaryFolder()
    try folder.write("empty.lua", "-- scenario\n")
    try folder.write("quiet.lua", "-- scenario\nbehaviour 'bottom-sheet-vc'\npresent()\nsettle()\n")
    let run = try SheetBinary.run(["test", folder.url.path])
    #expect(run.status == 1)
    let lines = Fixture.lines(run.stdout)
    #expect(
      lines.filter { $0.hasPrefix("FAIL  ") && $0.hasSuffix(".lua (no expectations)") }.count == 2, "\(lines)"
    )
    #expect(lines.contains { $0.hasSuffix("empty.lua: \(Self.noExpectations)") }, "\(lines)")
    #expect(lines.last == "0 passed, 2 failed")
  }

  /// `sheet run` (and `plot`, `watch`) of a scenario that checks nothing runs it, says it checked
  /// nothing, once, and exits 0; `sheet test` fails it (above).
  @Test func runSaysAScenarioWithoutExpectationsCheckedNothingAndExitsZero() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write(
      "quiet.lua", "-- scenario\nbehaviour 'bottom-sheet-vc'\npresent()\nsettle()\n")
    let said =
      "checked nothing: no expectations (add expect, expect_near or expect_script_error); sheet test fails it"
    let table = try SheetBinary.run(["run", file])
    #expect(table.status == 0)
    #expect(Fixture.lines(table.stdout).last == said)
    #expect(table.stderr.isEmpty, "said once, on standard output: \(table.stderr)")
    let jsonl = try SheetBinary.run(["run", file, "--format", "jsonl"])
    #expect(jsonl.status == 0 && jsonl.stderr == "\(file): \(said)\n", "\(jsonl.stderr)")
    let plot = try SheetBinary.run(["plot", file, "-o", folder.url.appendingPathComponent("q.svg").path])
    #expect(plot.status == 0 && plot.stderr == "\(file): \(said)\n", "\(plot.stderr)")
    let failing = try folder.write("failing.lua", Fixture.failing)
    #expect(try SheetBinary.run(["run", failing]).status == 1, "a failed expectation still fails")
  }

  static let noExpectations =
    "no expectations: the scenario checks nothing (add expect, expect_near or expect_script_error)"

  @Test func aFolderWithoutScenariosFails() throws {
    let folder = try TemporaryFolder()
    try folder.write("behaviour.lua", Self.behaviour)
    let run = try SheetBinary.run(["test", folder.url.path])
    #expect(run.status == 1)
    let lines = Fixture.lines(run.stdout)
    #expect(
      lines.contains("no scenarios in \(folder.url.path) (a scenario's first line starts with '-- scenario')")
    )
    #expect(lines.last == "0 passed, 0 failed")
  }

  /// Each row: a command taking a file named explicitly.
  static let commands: [(arguments: [String], line: UInt)] = [
    (["run"], #line),
    (["test"], #line),
    (["plot", "-o", "out.svg"], #line),
    (["tune", "--param", "dismiss_velocity=1000..2000:1000"], #line),
    (["watch", "--max-runs", "1"], #line),
  ]

  @Test(arguments: commands.indices) func aNamedFileThatIsNotAScenarioIsRefused(_ i: Int) throws {
    let row = Self.commands[i]
    let folder = try TemporaryFolder()
    try folder.write("behaviour.lua", Self.behaviour)
    let command = row.arguments[0]
    let run = try SheetBinary.run(
      [command, "behaviour.lua"] + row.arguments.dropFirst(), in: folder.url, timeout: 60)
    #expect(run.status == 2, "line \(row.line): \(run.stderr)")
    #expect(run.stdout.isEmpty, "line \(row.line): \(run.stdout)")
    #expect(
      run.stderr.hasPrefix(
        "sheet \(command): behaviour.lua is not a scenario: a scenario's first line starts with '-- scenario'"
      ),
      "line \(row.line): \(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out.svg").path))
  }
}
