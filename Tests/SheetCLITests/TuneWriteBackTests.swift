import Foundation
import Testing

/// `sheet tune --write FILE`: the passing point nearest the file's own thresholds is written into the
/// file (only that number changes), nothing is written when no point passes, and a file that cannot
/// take the values is refused before any run.
@Suite struct TuneWriteBackTests {
  /// A starter project from `bottom-sheet-vc` whose `dismiss_velocity` is set to 9000 pt/s: its
  /// scenario's quick flick closed (between 1500 and 2000 pt/s, as the sweep below shows) then fails.
  func project() throws -> (folder: TemporaryFolder, behaviour: String, text: String) {
    let folder = try TemporaryFolder()
    let made = try SheetBinary.run(["init", ".", "--from", "bottom-sheet-vc"], in: folder.url)
    try #require(made.status == 0, "\(made.stderr)")
    let path = folder.url.appendingPathComponent("behaviour.lua").path
    let original = try String(contentsOfFile: path, encoding: .utf8)
    try #require(original.contains("dismiss_velocity = 1500,"))
    let text = original.replacingOccurrences(of: "dismiss_velocity = 1500,", with: "dismiss_velocity = 9000,")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return (folder, path, text)
  }

  @Test func theNearestPassingPointIsWrittenAndNothingElseChanges() throws {
    let (folder, path, text) = try project()
    let failing = try SheetBinary.run(["test", "."], in: folder.url)
    #expect(failing.status == 1)
    let run = try SheetBinary.run(
      ["tune", ".", "--param", "dismiss_velocity=1000..3000:500", "--write", "behaviour.lua"], in: folder.url)
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    // 1000 and 1500 pass; of the two, 1500 is nearer the file's 9000.
    #expect(run.stdout.contains("dismiss_velocity passes at 1000..1500"), "\(run.stdout)")
    #expect(run.stdout.contains("behaviour.lua:16: dismiss_velocity = 1500 (was 9000)"), "\(run.stdout)")
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      written == text.replacingOccurrences(of: "dismiss_velocity = 9000,", with: "dismiss_velocity = 1500,"))
    #expect(try SheetBinary.run(["test", "."], in: folder.url).status == 0)
  }

  @Test func nothingIsWrittenWhenNoPointPasses() throws {
    let (folder, path, text) = try project()
    let run = try SheetBinary.run(
      ["tune", ".", "--param", "dismiss_velocity=2000..3000:500", "--write", "behaviour.lua"], in: folder.url)
    #expect(run.status == 1)
    #expect(run.stdout.contains("behaviour.lua: not written: no point passes"), "\(run.stdout)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
  }

  /// Each row: the `--write` argument, a file to write first (name and text) or none, and the error.
  static let refusals: [(file: String, text: String?, message: String, line: UInt)] = [
    ("system", nil, "--write system: a preset is built in; write into a file of your own", #line),
    ("behavour.lua", nil, "did you mean 'behaviour.lua'", #line),
    (
      "plain.lua", "return {}\n", "--write plain.lua: the behaviour declares no threshold 'dismiss_velocity'",
      #line
    ),
  ]

  @Test func aFileThatCannotTakeTheValuesIsRefusedBeforeAnyRun() throws {
    for row in Self.refusals {
      let (folder, path, text) = try project()
      if let body = row.text { try folder.write(row.file, body) }
      let run = try SheetBinary.run(
        ["tune", ".", "--param", "dismiss_velocity=1000..3000:500", "--write", row.file], in: folder.url)
      let location = SourceLocation(fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1)
      #expect(run.status == 2, sourceLocation: location)
      #expect(run.stderr.contains(row.message), "\(run.stderr)", sourceLocation: location)
      #expect(!run.stdout.contains("sweep:"), "no run started: \(run.stdout)", sourceLocation: location)
      #expect(try String(contentsOfFile: path, encoding: .utf8) == text, sourceLocation: location)
    }
  }
}
