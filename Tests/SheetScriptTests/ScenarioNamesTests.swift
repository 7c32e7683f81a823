import Foundation
import Testing

@testable import SheetScript

/// The scenario language's names are listed in four places that must agree: the host's functions, the
/// Lua prelude that wraps them, `.luacheckrc`'s globals for scenario files and the README's table.
@Suite struct ScenarioNamesTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// Each row: a file and how it spells a scenario name.
  static let lists: [(file: String, spelling: @Sendable (String) -> String, line: UInt)] = [
    (".luacheckrc", { "\"\($0)\"" }, #line),
    ("README.md", { "`\($0)" }, #line),
  ]

  @Test(arguments: lists.indices) func everyListNamesEveryCall(_ i: Int) throws {
    let row = Self.lists[i]
    let text = try Self.text(row.file)
    for name in ScenarioSession.functionNames + ["expect", "expect_near"] {
      #expect(text.contains(row.spelling(name)), "line \(row.line): \(row.file) lacks \(name)")
    }
  }

  @Test func thePreludeWrapsEveryCall() {
    for name in ScenarioSession.functionNames where name != "reload" {
      #expect(ScenarioPrelude.source.contains("'\(name)'"), "the prelude lacks \(name)")
    }
    #expect(ScenarioPrelude.source.contains("function api.reload("))
  }
}
