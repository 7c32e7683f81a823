import Foundation
import SheetScript
import SheetTestSupport
import Testing

@testable import SheetPreview

/// The page's write-back: the thresholds in effect written into the behaviour file through
/// `ThresholdWriter`, and every refusal, with the file as it was.
@Suite struct WriteBackTests {
  /// A copy of bottom-sheet-vc.lua in a fresh folder.
  static func behaviourFile() throws -> (folder: String, path: String, text: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("write-\(UUID())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let preset = packageRoot.appendingPathComponent("Sources/SheetScript/Presets/bottom-sheet-vc.lua")
    let text = try String(contentsOf: preset, encoding: .utf8)
    let path = folder + "/sheet.lua"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return (folder, path, text)
  }

  @Test func theTunedValuesAreWrittenAndTheRestOfTheFileKept() throws {
    let file = try Self.behaviourFile()
    defer { try? FileManager.default.removeItem(atPath: file.folder) }
    let page = try ContentAndScreenTests.Page(
      PreviewSetup(behaviour: file.path, overrides: ["min_top": 40], recordDirectory: file.folder))
    page.send(.set(name: "dismiss_velocity", value: 1800, t: page.t))
    page.send(.set(name: "dimmed_alpha", value: 0.35, t: page.t))
    page.send(.write)
    #expect(page.errors.isEmpty, "\(page.errors)")
    let expected = file.text.replacingOccurrences(
      of: "dismiss_velocity = 1500,", with: "dismiss_velocity = 1800,"
    )
    .replacingOccurrences(of: "dimmed_alpha = 0.4,", with: "dimmed_alpha = 0.35,")
    #expect(expected != file.text)
    #expect(try String(contentsOfFile: file.path, encoding: .utf8) == expected)
    let changes = page.written?["changes"] as? [[String: Any]] ?? []
    #expect(
      changes.map { "\($0["name"] ?? "") \($0["old"] ?? "") \($0["new"] ?? "")" } == [
        "dismiss_velocity 1500 1800", "dimmed_alpha 0.4 0.35",
      ])
    // the running behaviour is the new file now: a second write compares with it, and writes nothing
    #expect(page.session.sheet.source.text == expected)
    page.send(.write)
    #expect(page.errors.isEmpty && (page.written?["changes"] as? [Any])?.isEmpty == true)
    // the written values are the sliders' defaults
    let thresholds = page.layout["thresholds"] as? [[String: Any]] ?? []
    let velocity = thresholds.first { $0["name"] as? String == "dismiss_velocity" }
    #expect((velocity?["default"] as? NSNumber)?.doubleValue == 1800)
  }

  @Test func aFileChangedOnDiskSinceItWasLoadedIsNotWritten() throws {
    let file = try Self.behaviourFile()
    defer { try? FileManager.default.removeItem(atPath: file.folder) }
    let page = try ContentAndScreenTests.Page(
      PreviewSetup(behaviour: file.path, recordDirectory: file.folder))
    page.send(.set(name: "dismiss_velocity", value: 1800, t: page.t))
    let edited = file.text + "-- an edit the preview has not reloaded\n"
    // the edit and the write on the session's queue, where the file's watcher reloads: no reload between
    let replies = page.session.queue.sync {
      try? edited.write(toFile: file.path, atomically: true, encoding: .utf8)
      return page.session.handle(.write)
    }
    for reply in replies { page.read(reply) }
    let refusal = try #require(page.errors.last)
    #expect(refusal["refused"] as? String == "write")
    #expect(
      (refusal["message"] as? String)?.contains("changed on disk since it was loaded") == true, "\(refusal)")
    #expect(try String(contentsOfFile: file.path, encoding: .utf8) == edited)
  }

  /// Each row: the set-up, the messages before the write, and the start of the refusal.
  @Test func aWriteIsRefusedForAPresetWhileRecordingAndWithNothingTuned() throws {
    let file = try Self.behaviourFile()
    defer { try? FileManager.default.removeItem(atPath: file.folder) }
    let rows: [(setup: PreviewSetup, before: [PreviewMessage], error: String, line: UInt)] = [
      (
        PreviewSetup(behaviour: "system"), [], "write: the behaviour is the preset 'system', not a file",
        #line
      ),
      (
        PreviewSetup(behaviour: file.path, recordDirectory: file.folder), [.record(on: true, t: 1001)],
        "write: stop recording first", #line
      ),
      (PreviewSetup(behaviour: file.path), [], "write: no threshold is tuned", #line),
      (
        PreviewSetup(behaviour: file.path, overrides: ["min_top": 60], limits: Self.noWrites), [],
        "write: this page has written the file 0 times, the most one page may", #line
      ),
    ]
    for row in rows {
      let page = try ContentAndScreenTests.Page(row.setup)
      for message in row.before { page.send(message) }
      page.send(.write)
      let message = page.errors.last?["message"] as? String ?? "(written)"
      #expect(
        message.hasPrefix(row.error), "\(message)",
        sourceLocation: Testing.SourceLocation(
          fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1))
    }
    #expect(try String(contentsOfFile: file.path, encoding: .utf8) == file.text)
  }

  static let noWrites: PreviewLimits = {
    var limits = PreviewLimits()
    limits.writesPerSession = 0
    return limits
  }()
}
