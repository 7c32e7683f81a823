import Testing

@testable import SheetScenario
@testable import SheetScript

/// A scenario's title.
@Suite struct ScenarioTitleTests {
  /// A trace's title is the file's last path component, as splitting the path at its slashes gives it.
  @Test(
    arguments: [
      ("Tests/Scenarios/system_snap.lua", #line), ("system_snap.lua", #line), ("/abs/x.lua", #line),
      ("a//b.lua", #line), ("dir/", #line), ("dir//", #line), ("/", #line), ("///", #line), ("", #line),
      ("é/ü.lua", #line),
    ] as [(String, UInt)])
  func theTitleIsTheLastPathComponent(_ file: String, _ line: UInt) {
    let split = String(file.split(separator: "/").last ?? Substring(file))
    #expect(ScenarioSession.title(file) == split, "line \(line)")
  }
}
