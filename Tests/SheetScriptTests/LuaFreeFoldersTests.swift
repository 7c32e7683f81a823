import Foundation
import Testing

/// Issue 11: the driver and the trace depend only on SheetCore. `Sources/SheetScript/Driver` and
/// `Sources/SheetScript/Trace` import nothing but Foundation and SheetCore and name no type of the Lua
/// layer (the host, behaviours, scenarios), so a host that replays or records a sheet needs no Lua. The
/// machine funnel the driver holds (`Host/MachineFunnel.swift`, shared with the host API) is held to it
/// too.
@Suite struct LuaFreeFoldersTests {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The folders that must stay Lua-free.
  static let folders = ["Sources/SheetScript/Driver", "Sources/SheetScript/Trace"]
  /// Single files elsewhere that must stay Lua-free.
  static let files: [String] = []

  /// Words that would tie a file to the Lua layer.
  static let luaWords = [
    "LuaHost", "LuaState", "LuaTable", "LuaValue", "LuaFunction", "LuaError", "Behaviour", "BehaviourError",
    "Scenario", "Presets",
  ]

  @Test func theDriverAndTheTraceNeedOnlySheetCore() throws {
    var paths = Self.files
    for folder in Self.folders {
      let url = Self.packageRoot.appendingPathComponent(folder)
      for name in try FileManager.default.contentsOfDirectory(atPath: url.path) where name.hasSuffix(".swift")
      {
        paths.append("\(folder)/\(name)")
      }
    }
    var files = 0
    for path in paths {
      files += 1
      let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(path), encoding: .utf8)
      let code = text.split(separator: "\n").filter {
        !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
      }
      for line in code where line.hasPrefix("import ") {
        #expect(["import Foundation", "import SheetCore"].contains(line), "\(path): \(line)")
      }
      for line in code {
        for word in Self.luaWords where line.contains(word) {
          Issue.record("\(path) names \(word): \(line)")
        }
      }
    }
    #expect(files >= 9)
  }
}
