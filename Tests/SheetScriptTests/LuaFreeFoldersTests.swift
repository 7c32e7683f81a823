import Foundation
import Testing

/// Issue 11: the driver and the trace depend only on SheetCore. `Sources/SheetScript/Driver` and
/// `Sources/SheetScript/Trace` import nothing but Foundation and SheetCore and name no type of the Lua
/// layer (the host, behaviours, scenarios), so a host that replays or records a sheet needs no Lua.
@Suite struct LuaFreeFoldersTests {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The folders that must stay Lua-free.
  static let folders = ["Sources/SheetScript/Driver", "Sources/SheetScript/Trace"]

  /// Words that would tie a file to the Lua layer.
  static let luaWords = [
    "LuaHost", "LuaState", "LuaTable", "LuaValue", "LuaFunction", "LuaError", "Behaviour", "BehaviourError",
    "Scenario", "Presets",
  ]

  @Test func theDriverAndTheTraceNeedOnlySheetCore() throws {
    var files = 0
    for folder in Self.folders {
      let url = Self.packageRoot.appendingPathComponent(folder)
      for name in try FileManager.default.contentsOfDirectory(atPath: url.path) where name.hasSuffix(".swift")
      {
        files += 1
        let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
        let code = text.split(separator: "\n").filter {
          !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
        }
        for line in code where line.hasPrefix("import ") {
          #expect(["import Foundation", "import SheetCore"].contains(line), "\(folder)/\(name): \(line)")
        }
        for line in code {
          for word in Self.luaWords where line.contains(word) {
            Issue.record("\(folder)/\(name) names \(word): \(line)")
          }
        }
      }
    }
    #expect(files >= 8)
  }
}
