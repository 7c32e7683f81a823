import Testing

@testable import SheetScript

/// The place a scenario's `expect` and located calls report (`"file:line: "`): the byte-wise reading of
/// the usual text gives what the reading by characters gives, and leaves every other text to it.
@Suite struct ScenarioLocationTests {
  static let texts = [
    "a.lua:12: ", "/tmp/some folder/scenarios/system_snap.lua:123: ", "x:1: ", ":12: ", "file:: ", "file:12",
    "file:12:  ", "a:b:3: ", "a.lua:99999999999999999999: ", "é:3: ", "dir/é.lua:3: ", "\u{0600}:3: ",
    "a.lua:12:\u{301} ", "a.lua:1\u{301}2: ", "", " ", ": ", "12: ", "a:-3: ", "a:+3: ", "a:0: ", "a:007: ",
    "a\r:5: ", "a\n:5: ", "a.lua:12: \u{301}", "[string \"x\"]:4: ", "a.lua:12: b.lua:3: ",
  ]

  @Test(arguments: texts) func theByteReadingAgreesWithTheCharacterReading(_ text: String) {
    let general = ScenarioSession.generalLocation(text)
    let location = ScenarioSession.location(text)
    #expect(location.file == general.file && location.line == general.line, "\(text.debugDescription)")
    if let plain = ScenarioSession.plainLocation(text) {
      #expect(plain.file == general.file && plain.line == general.line, "\(text.debugDescription)")
    }
  }

  @Test func theUsualTextIsReadByBytes() {
    #expect(ScenarioSession.plainLocation("/tmp/s/system_snap.lua:123: ")?.line == 123)
    #expect(ScenarioSession.plainLocation("é:3: ") == nil)
  }

  /// A trace's title is the file's last path component, as splitting the path at its slashes gives it.
  @Test(
    arguments: [
      ("scripts/scenarios/system_snap.lua", #line), ("system_snap.lua", #line), ("/abs/x.lua", #line),
      ("a//b.lua", #line), ("dir/", #line), ("dir//", #line), ("/", #line), ("///", #line), ("", #line),
      ("é/ü.lua", #line),
    ] as [(String, UInt)])
  func theTitleIsTheLastPathComponent(_ file: String, _ line: UInt) {
    let split = String(file.split(separator: "/").last ?? Substring(file))
    #expect(ScenarioSession.title(file) == split, "line \(line)")
  }
}
