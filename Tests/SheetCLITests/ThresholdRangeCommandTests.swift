import Foundation
import Testing

/// A threshold value outside its range is refused where it is given (`--set` and `sheet tune`:
/// a usage error before any run; a behaviour file: an invalid behaviour; `set {}`: the scenario's line),
/// an unknown `--set` or `--param` name is a usage error naming the declared thresholds, and no output
/// holds NaN, infinity or a `null` number.
@Suite struct ThresholdRangeCommandTests {
  /// The files every row may use.
  static let files: [(name: String, text: String)] = [
    (
      "s.lua",
      "-- scenario\nbehaviour 'system'\npresent()\nsettle()\nexpect(sheet.state == 'resting', 'rested')\n"
    ),
    ("seed.lua", "-- scenario\nbehaviour 'bottom-sheet-vc'\npresent()\nsettle()\n"),
    ("negative.lua", "return {\n  thresholds = {\n    spring_damping = -1,\n  },\n}\n"),
    ("tiny.lua", "return {\n  thresholds = {\n    spring_damping = 1e-9,\n  },\n}\n"),
    ("own.lua", "return {\n  thresholds = { dismiss_velocity = 1e9, spring_damping = 2 },\n}\n"),
    ("uses-negative.lua", "-- scenario\nbehaviour 'negative.lua'\npresent()\nsettle()\n"),
    ("set.lua", "-- scenario\nbehaviour 'system'\npresent()\nset { spring_response = 0 }\nsettle()\n"),
  ]

  /// Each row: the arguments (file names are made paths), the exit status, the words stderr must
  /// contain, whether stdout must be empty.
  static let rows: [(arguments: [String], status: Int32, messages: [String], quiet: Bool, line: UInt)] = [
    (
      ["run", "s.lua", "--set", "spring_response=0"], 2,
      [
        "--set spring_response=0: threshold 'spring_response' is 0; expected a number in [0.01, 2] s",
        "usage: sheet run",
      ], true, #line
    ),
    (
      ["run", "s.lua", "--set", "spring_damping=-1", "--format", "jsonl"], 2,
      ["--set spring_damping=-1: threshold 'spring_damping' is -1; expected a number in [0.2, 2]"], true,
      #line
    ),
    (
      ["run", "s.lua", "--set", "spring_damping=1e-9"], 2,
      ["threshold 'spring_damping' is 1e-09; expected a number in [0.2, 2]"], true, #line
    ),
    (["run", "s.lua", "--set", "allows_skipping=2"], 2, ["is 2; expected 0 or 1"], true, #line),
    (
      ["run", "s.lua", "--set", "bogus=1"], 2,
      ["--set bogus: system.lua: unknown threshold 'bogus'; its thresholds: allows_skipping, backdrop_max,"],
      true, #line
    ),
    (
      ["run", "seed.lua", "--set", "dismiss_velocty=1800"], 2,
      ["unknown threshold 'dismiss_velocty' (did you mean 'dismiss_velocity'?)"], true, #line
    ),
    (["run", "s.lua", "--set", "spring_damping=0.5"], 0, [], false, #line),  // in range: runs
    (["plot", "s.lua", "-o", "out.svg", "--set", "spring_response=0"], 2, ["[0.01, 2] s"], true, #line),
    (["test", "s.lua", "--set", "spring_response=0"], 2, ["[0.01, 2] s"], true, #line),
    (
      ["check", "negative.lua"], 1,
      ["negative.lua:3: field 'thresholds.spring_damping' is -1; expected a number in [0.2, 2]"], true, #line
    ),
    (["check", "tiny.lua"], 1, ["tiny.lua:3: field 'thresholds.spring_damping' is 1e-09"], true, #line),
    (["check", "own.lua"], 0, [], false, #line),
    (
      ["run", "uses-negative.lua"], 1,
      ["negative.lua:3: field 'thresholds.spring_damping' is -1; expected a number in [0.2, 2]"], false, #line
    ),
    (
      ["run", "set.lua"], 1,
      ["set.lua:4: error: set: threshold 'spring_response' is 0; expected a number in [0.01, 2] s"], false,
      #line
    ),
    (
      ["tune", "s.lua", "seed.lua", "--param", "bogus=1..3:1"], 2,
      [
        "--param bogus: no scenario's behaviour declares a threshold 'bogus'; they declare allows_skipping,",
        "dismiss_velocity", "spring_damping", "usage: sheet tune",
      ], true, #line
    ),
    (
      ["tune", "seed.lua", "--param", "dismiss_velocty=1000..2000:500"], 2,
      ["no scenario's behaviour declares a threshold 'dismiss_velocty' (did you mean 'dismiss_velocity'?)"],
      true, #line
    ),
    (
      ["tune", "s.lua", "--param", "spring_damping=0..1:0.5"], 2,
      ["--param spring_damping=0..1:0.5: threshold 'spring_damping' is 0; expected a number in [0.2, 2]"],
      true, #line
    ),
    (
      ["tune", "s.lua", "--param", "allows_skipping=0..1:0.5"], 2, ["is 0.5; expected 0 or 1"], true, #line
    ),
    (
      ["tune", "s.lua", "--param", "spring_damping=0.5..1:0.5", "--set", "bogus=1"], 2,
      ["--set bogus: no scenario's behaviour declares a threshold 'bogus'"], true, #line
    ),
    // A name some scenario's behaviour declares is swept; the others fail at every value, so no point
    // passes every scenario: exit status 1, after the table.
    (["tune", "s.lua", "seed.lua", "--param", "dismiss_velocity=1000..2000:500"], 1, [], false, #line),
  ]

  @Test(arguments: rows.indices) func badValuesAndUnknownNamesAreRefusedWhereTheyAreGiven(_ i: Int) throws {
    let row = Self.rows[i]
    let folder = try TemporaryFolder()
    for file in Self.files { try folder.write(file.name, file.text) }
    let names = Set(Self.files.map(\.name) + ["out.svg"])
    let arguments = row.arguments.map { names.contains($0) ? folder.url.appendingPathComponent($0).path : $0 }
    let run = try SheetBinary.run(arguments, timeout: 60)
    let label = "line \(row.line): \(row.arguments)"
    #expect(run.status == row.status, "\(label): \(run.stderr)")
    for message in row.messages {
      #expect(run.stderr.contains(message), "\(label): \(run.stderr)")
    }
    if row.quiet { #expect(run.stdout.isEmpty, "\(label): \(run.stdout)") }
    if row.arguments.first == "plot" {
      let written = FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out.svg").path)
      #expect(!written, "\(label): a refused override writes no plot")
    }
  }

  /// Whether `text` holds a bare `nan`, `inf` or `null` where a number goes (`null` is fine for a
  /// detent).
  static func nonFinite(in text: String) -> [String] {
    let number = /(?:^|[,:= "])(-?nan|-?inf|null)(?:[,} "\n]|$)/
    return text.split(separator: "\n").filter { line in
      // JSON `null` means only "no detent" or "no transition running", never a number
      line.replacingOccurrences(of: #""detent":null"#, with: "").replacingOccurrences(
        of: #""target":null"#, with: ""
      ).contains(number)
    }.map(String.init)
  }

  @Test func theSuitesTracesAndPlotsHoldOnlyFiniteNumbers() throws {
    let folder = SheetBinary.packageRoot.appendingPathComponent("Tests/Scenarios")
    let scenarios = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".lua") }.sorted()
    try #require(!scenarios.isEmpty, "the suite's folder holds scenarios")
    let output = try TemporaryFolder()
    for scenario in scenarios {
      let file = folder.appendingPathComponent(scenario).path
      for format in ["jsonl", "csv"] {
        let run = try SheetBinary.run(["run", file, "--format", format])
        #expect(run.status == 0, "\(scenario) \(format): \(run.stderr)")
        #expect(
          Self.nonFinite(in: run.stdout).isEmpty, "\(scenario) \(format): \(Self.nonFinite(in: run.stdout))")
      }
      let svg = output.url.appendingPathComponent("\(scenario).svg")
      let plot = try SheetBinary.run(["plot", file, "-o", svg.path])
      #expect(plot.status == 0, "\(scenario) plot: \(plot.stderr)")
      let text = try String(contentsOf: svg, encoding: .utf8)
      #expect(!text.contains("null") && !text.contains("nan") && !text.contains("inf"), "\(scenario) plot")
    }
  }
}
