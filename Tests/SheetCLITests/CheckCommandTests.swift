import Foundation
import Testing

/// `sheet check` on the mistakes a new behaviour file makes: detents out of height order (a warning,
/// the file is valid), a missing `return` (the error says to add it, at the file's end), and what the
/// file prints while it loads.
@Suite struct CheckCommandTests {
  static let detents = "  detents = {\n    { id = 'small', height = 120 },\n"

  /// Each row: a file's text, the exit status, what standard output and standard error contain (in
  /// order), and whether a warning is printed.
  static let rows: [(text: String, status: Int32, stdout: [String], stderr: [String], line: UInt)] = [
    (
      "return {\n\(detents)    { id = 'large', height = 700 },\n    { id = 'medium', height = 400 },\n  },\n}\n",
      0,
      [
        "detents on 390x844 (safe 47/34): small 120, medium 400, large 700",
        "b.lua:2: warning: detents are declared out of height order on 390x844: 'large' (700) before 'medium' "
          + "(400); the sheet orders them by height (small, medium, large), so declare them lowest first",
      ], [], #line
    ),
    (
      "return {\n\(detents)    { id = 'medium', height = 400 },\n    { id = 'large', height = 700 },\n  },\n}\n",
      0, ["detents on 390x844 (safe 47/34): small 120, medium 400, large 700"], [], #line
    ),
    (
      "local S = require 'sheet'\nlocal maps = {\n\(detents)  },\n}\n\n", 1, [],
      [
        "b.lua:6: the file returns nothing; add `return maps` at its end (a behaviour file returns its table)"
      ],
      #line
    ),
    (
      "local S = require 'sheet'\nS.x = 1\n", 1, [],
      [
        "b.lua:2: the file returns nothing; add `return` and the behaviour's table (`return { ... }`) at its end"
      ],
      #line
    ),
    ("return 42\n", 1, [], ["b.lua:1: the file returns 42; expected the file to return a table"], #line),
    (
      "local S = require 'sheet'\n{\n\(detents)  },\n}\n", 1, [],
      [
        "b.lua:1: attempt to call a table value (line 2 starts a table without `return`: a behaviour file "
          + "ends with `return { ... }`)"
      ], #line
    ),
    (
      "print('loading maps')\nprint(1, 2.5)\nreturn {\n\(detents)  },\n}\n", 0,
      ["callbacks: none", "  print: loading maps\n  print: 1\t2.5\n"], [], #line
    ),
  ]

  @Test(arguments: rows.indices) func checkTellsWhatToFix(_ i: Int) throws {
    let row = Self.rows[i]
    let folder = try TemporaryFolder()
    try folder.write("b.lua", row.text)
    let run = try SheetBinary.run(["check", "b.lua"], in: folder.url)
    #expect(run.status == row.status, "line \(row.line): \(run.stderr)")
    var rest = run.stdout[...]
    for fragment in row.stdout {
      let found = rest.range(of: fragment)
      #expect(found != nil, "line \(row.line): \(fragment) in \(run.stdout)")
      if let found { rest = rest[found.upperBound...] }
    }
    #expect(
      run.stdout.contains("warning") == row.stdout.contains { $0.contains("warning") }, "line \(row.line)")
    for fragment in row.stderr { #expect(run.stderr.contains(fragment), "line \(row.line): \(run.stderr)") }
  }

  /// Each row: a misspelt name, the command that meets it, and the nearest name its error suggests.
  static let misspelt:
    [(files: [String: String], arguments: [String], status: Int32, message: String, line: UInt)] = [
      (
        [
          "b.lua":
            "return {\n\(detents)    { id = 'large', height = 700 },\n  },\n  present_detent = 'lareg',\n}\n"
        ],
        ["check", "b.lua"], 1,
        "b.lua:6: field 'present_detent' is 'lareg'; expected one of the detent ids 'small', 'large' (did you mean 'large'?)",
        #line
      ),
      (
        ["b.lua": "return {\n  edge = 'botom',\n}\n"], ["check", "b.lua"], 1,
        "b.lua:2: field 'edge' is 'botom'; expected one of 'bottom', 'top', 'leading', 'trailing' "
          + "(did you mean 'bottom'?)", #line
      ),
      (
        ["b.lua": "return {\n  gesture_area = 'sheeet',\n}\n"], ["check", "b.lua"], 1,
        "(did you mean 'sheet'?)", #line
      ),
      (
        ["b.lua": "return {\n  tap_to_dismiss = { 'backdrop', 'shet' },\n}\n"], ["check", "b.lua"], 1,
        "(did you mean 'sheet'?)", #line
      ),
      (
        ["maps.lua": "return {}\n"], ["check", "mapss.lua"], 2,
        "sheet check: no such file or folder: mapss.lua (did you mean 'maps.lua'?)", #line
      ),
      (
        ["flick.lua": "-- scenario\n"], ["run", "flik.lua"], 2,
        "sheet run: no such file or folder: flik.lua (did you mean 'flick.lua'?)", #line
      ),
      (
        ["maps.lua": "return {}\n", "s.lua": "-- scenario\nbehaviour 'mapss.lua'\npresent()\n"],
        ["run", "s.lua"], 1,
        "behaviour 'mapss.lua' not found (looked for a preset and for ", #line
      ),
      (
        ["maps.lua": "return {}\n", "s.lua": "-- scenario\nbehaviour 'mapss.lua'\npresent()\n"],
        ["run", "s.lua"], 1,
        "/mapss.lua); did you mean 'maps.lua'?", #line
      ),
      (
        ["lib/maps.lua": "return {}\n", "s.lua": "-- scenario\nbehaviour 'lib/mpas'\npresent()\n"],
        ["run", "s.lua"], 1,
        "did you mean 'lib/maps.lua'?", #line
      ),
    ]

  @Test(arguments: misspelt.indices) func aMisspeltNameGetsTheNearest(_ i: Int) throws {
    let row = Self.misspelt[i]
    let folder = try TemporaryFolder()
    for (name, text) in row.files {
      try FileManager.default.createDirectory(
        at: folder.url.appendingPathComponent(name).deletingLastPathComponent(),
        withIntermediateDirectories: true)
      try folder.write(name, text)
    }
    let run = try SheetBinary.run(row.arguments, in: folder.url)
    #expect(run.status == row.status, "line \(row.line): \(run.stderr)")
    #expect(run.stderr.contains(row.message), "line \(row.line): \(run.stderr)")
  }

  @Test func noPresetDeclaresItsDetentsOutOfOrder() throws {
    for name in [
      "android", "bottom-sheet-vc", "custom-modal", "floating-panel", "gorhom", "half-modal",
      "pan-modal", "property-animator", "system", "top-sheet", "vaul",
    ] {
      let run = try SheetBinary.run(["check", name])
      #expect(run.status == 0 && !run.stdout.contains("warning"), "\(name): \(run.stdout)")
    }
  }
}
