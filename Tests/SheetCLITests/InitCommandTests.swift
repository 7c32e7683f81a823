import Foundation
import Testing

/// `sheet init`: a project in a folder of one's own whose files `sheet check`, `sheet test` and
/// `sheet run` take as they are, from every preset; and the cases it refuses, writing nothing.
@Suite struct InitCommandTests {
  /// The files every project holds.
  static let files = [
    "behaviour.lua", "scenario.lua", ".luarc.json", "types/sheet-api.lua", "types/sheet.lua",
  ]

  /// The preset names `sheet presets` lists.
  static func presets() throws -> [String] {
    let run = try SheetBinary.run(["presets"])
    #expect(run.status == 0)
    return Fixture.lines(run.stdout).compactMap { $0.split(separator: " ").first.map(String.init) }
  }

  /// The `thresholds:` line `sheet check` prints for a behaviour or preset, run in `folder`.
  static func thresholds(_ reference: String, in folder: URL) throws -> String? {
    let run = try SheetBinary.run(["check", reference], in: folder)
    #expect(run.status == 0, "\(reference): \(run.stderr)")
    return Fixture.lines(run.stdout).first { $0.hasPrefix("  thresholds: ") }
  }

  /// The folder's files, relative to it, sorted (hidden ones too).
  static func listing(_ folder: URL) -> [String] {
    let walker = FileManager.default.enumerator(atPath: folder.path)
    var names: [String] = []
    while let name = walker?.nextObject() as? String { names.append(name) }
    return names.sorted()
  }

  @Test func everyPresetsProjectChecksAndItsScenarioPasses() throws {
    let presets = try Self.presets()
    #expect(presets.count == 14 && presets.contains("system"), "\(presets)")
    let scratch = try TemporaryFolder()
    for preset in presets {
      let folder = scratch.url.appendingPathComponent(preset)
      let made = try SheetBinary.run(["init", folder.path, "--from", preset])
      #expect(made.status == 0, "\(preset): \(made.stderr)")
      #expect(made.stdout.contains("a project from the `\(preset)` preset"), "\(preset): \(made.stdout)")
      // The behaviour extends the preset with the preset's own thresholds, at the same values.
      let own = try Self.thresholds("behaviour.lua", in: folder)
      let presets = try Self.thresholds(preset, in: scratch.url)
      #expect(own != nil && own == presets, "\(preset)")
      let test = try SheetBinary.run(["test", "."], in: folder)
      #expect(test.status == 0, "\(preset): \(test.stdout)\(test.stderr)")
      #expect(test.stdout.contains("ok    ./scenario.lua (6 expectations)"), "\(preset): \(test.stdout)")
      #expect(Fixture.lines(test.stdout).last == "1 passed, 0 failed", "\(preset)")
      let run = try SheetBinary.run(["run", "scenario.lua"], in: folder)
      #expect(run.status == 0 && run.stdout.hasSuffix("passed: 6 expectations\n"), "\(preset): \(run.stderr)")
    }
  }

  @Test func theDefaultIsSystemInTheCurrentFolderWithTheEditorFiles() throws {
    let folder = try TemporaryFolder()
    let made = try SheetBinary.run(["init"], in: folder.url)
    #expect(made.status == 0, "\(made.stderr)")
    #expect(made.stdout.hasPrefix("sheet init: a project from the `system` preset in .\n"), "\(made.stdout)")
    #expect(Self.listing(folder.url) == (Self.files + ["types"]).sorted())
    let behaviour = try String(
      contentsOf: folder.url.appendingPathComponent("behaviour.lua"), encoding: .utf8)
    #expect(
      behaviour.contains("local S = require 'sheet'\n\nreturn S.extend('system', {\n  thresholds = {\n"))
    // The editor's files are the package's own, byte for byte.
    for (written, source) in [
      ("types/sheet-api.lua", "Sources/SheetScript/LuaTypes/sheet-api.lua"),
      ("types/sheet.lua", "Sources/SheetScript/Presets/sheet.lua"),
    ] {
      let text = try Data(contentsOf: folder.url.appendingPathComponent(written))
      #expect(
        text == (try Data(contentsOf: SheetBinary.packageRoot.appendingPathComponent(source))), "\(written)")
    }
    let api = try String(
      contentsOf: folder.url.appendingPathComponent("types/sheet-api.lua"), encoding: .utf8)
    #expect(api.contains("---@class SheetView") && api.contains("---@class GestureView"))
    // `require 'sheet'` resolves to types/sheet.lua, and the scenario language's globals are known.
    let settings = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.url.appendingPathComponent(".luarc.json")))
        as? [String: Any])
    #expect((settings["runtime.path"] as? [String]) == ["types/?.lua", "?.lua"])
    #expect((settings["runtime.version"] as? String) == "Lua 5.4")
    let globals = Set(settings["diagnostics.globals"] as? [String] ?? [])
    #expect(globals.isSuperset(of: ["present", "drag", "flick", "settle", "expect", "expect_near", "sheet"]))
  }

  /// A redirect progress above the slow drag's: the drag open stops at `medium` instead. Worked out by
  /// hand from the default policy (TheStateMachine.md): 200 pt up at 200 pt/s from medium 398.5 ends
  /// at h 598.5, projected 598.5 + 0.499 x 200 = 698.3, progress (698.3 - 398.5) / (787 - 398.5) = 0.77.
  @Test func aThresholdEditedInTheBehaviourMovesTheExpectationsThatDependOnIt() throws {
    let folder = try TemporaryFolder()
    #expect(try SheetBinary.run(["init"], in: folder.url).status == 0)
    let file = folder.url.appendingPathComponent("behaviour.lua")
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains("    redirect_progress = 0.5,\n"))
    for (progress, passes) in [(0.76, true), (0.78, false)] {
      let edited = text.replacingOccurrences(
        of: "    redirect_progress = 0.5,\n", with: "    redirect_progress = \(progress),\n")
      try edited.write(to: file, atomically: true, encoding: .utf8)
      let test = try SheetBinary.run(["test", "."], in: folder.url)
      #expect((test.status == 0) == passes, "\(progress): \(test.stdout)")
      #expect(test.stdout.contains("a slow drag open: resting at large") != passes, "\(progress)")
      #expect(test.stdout.contains("a slow drag open: 787 pt high") != passes, "\(progress)")
    }
  }

  /// Each row: what is in the way (or the arguments), the words of the refusal.
  static let refusals:
    [(arguments: [String], setUp: @Sendable (URL) throws -> Void, message: String, line: UInt)] = [
      (
        ["init", "p"], { try Data("keep".utf8).write(to: $0.appendingPathComponent("p/behaviour.lua")) },
        "p already has behaviour.lua: sheet init writes only new files, so it wrote none", #line
      ),
      (
        ["init", "p"],
        {
          try FileManager.default.createSymbolicLink(
            atPath: $0.appendingPathComponent("p/scenario.lua").path, withDestinationPath: "nowhere.lua")
        },
        "p already has scenario.lua", #line
      ),
      (
        ["init", "p"], { try Data("{}".utf8).write(to: $0.appendingPathComponent("p/.luarc.json")) },
        "p already has .luarc.json", #line
      ),
      (
        ["init", "p"], { try Data().write(to: $0.appendingPathComponent("p/types")) },
        "p/types is a file, where sheet init writes a folder", #line
      ),
      (
        ["init", "p/behaviour.lua"],
        { try Data("keep".utf8).write(to: $0.appendingPathComponent("p/behaviour.lua")) },
        "p/behaviour.lua is a file, not a folder", #line
      ),
      (["init", "p", "--from", "sytem"], { _ in }, "unknown preset 'sytem' (did you mean 'system'?)", #line),
      (["init", "p", "--from", "sheet"], { _ in }, "unknown preset 'sheet'", #line),
      (["init", "p", "q"], { _ in }, "expected at most one folder", #line),
      (["init", "p", "--form", "vaul"], { _ in }, "unknown option '--form'", #line),
    ]

  @Test func whatItRefusesExitsTwoAndWritesNothing() throws {
    for row in Self.refusals {
      let scratch = try TemporaryFolder()
      let folder = scratch.url.appendingPathComponent("p")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try row.setUp(scratch.url)
      let before = Self.listing(scratch.url)
      let run = try SheetBinary.run(row.arguments, in: scratch.url)
      let location = SourceLocation(fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1)
      #expect(run.status == 2, "\(row.arguments)", sourceLocation: location)
      #expect(run.stdout.isEmpty, sourceLocation: location)
      #expect(run.stderr.hasPrefix("sheet init: "), "\(run.stderr)", sourceLocation: location)
      #expect(run.stderr.contains(row.message), "\(run.stderr)", sourceLocation: location)
      #expect(
        Self.listing(scratch.url) == before, "\(row.arguments) wrote something", sourceLocation: location)
    }
    // The file in the way is as it was.
    let scratch = try TemporaryFolder()
    try FileManager.default.createDirectory(
      at: scratch.url.appendingPathComponent("p"), withIntermediateDirectories: true)
    let kept = scratch.url.appendingPathComponent("p/behaviour.lua")
    try Data("keep".utf8).write(to: kept)
    #expect(try SheetBinary.run(["init", "p"], in: scratch.url).status == 2)
    #expect(try Data(contentsOf: kept) == Data("keep".utf8))
  }

  @Test func aMissingFolderIsMadeWithItsParents() throws {
    let scratch = try TemporaryFolder()
    let run = try SheetBinary.run(["init", "a/b/c", "--from", "vaul"], in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("next, in a/b/c:"))
    #expect(Self.listing(scratch.url.appendingPathComponent("a/b/c")) == (Self.files + ["types"]).sorted())
  }
}
