import Foundation
import PackagePlugin

/// Embeds text files that a target keeps beside its sources into it as Swift string literals, so the
/// `sheet` binary finds them from any working directory and those folders stay their only source: the
/// Lua behaviours of `SheetScript/Presets/` and the API's annotations for editors (`LuaTypes/`), and the
/// preview's page (`SheetPreview/Page/`: HTML, CSS and plain JavaScript).
///
/// Each folder becomes one generated file, `enum <Name> { static let files: [(name: String, text:
/// String)] }`, written by `embed-files.sh` beside this file only when its text changes: debug and
/// release builds share the plugin's output folder, so a rewrite with the same text would give the file
/// a new modification time and make the other configuration compile its target again. The command is a
/// POSIX shell script rather than an executable target of the package, which SwiftPM would link again
/// each time it plans a build anew (every switch between debug and release), running the commands again.
@main
struct EmbedFiles: BuildToolPlugin {
  /// One folder a target embeds: its files with these extensions, as the enum `name`.
  struct Folder {
    var path: String
    var extensions: Set<String>
    var name: String
  }

  /// What each target embeds (a target not listed embeds nothing).
  static let folders: [String: [Folder]] = [
    "SheetScript": [
      Folder(path: "Presets", extensions: ["lua"], name: "EmbeddedBehaviours"),
      Folder(path: "LuaTypes", extensions: ["lua"], name: "EmbeddedLuaTypes"),
    ],
    "SheetPreview": [Folder(path: "Page", extensions: ["html", "css", "js"], name: "EmbeddedPage")],
  ]

  /// Whether a file name goes into a Swift string literal as it is: ASCII letters, digits, `.`, `_`, `-`.
  static func isPlain(_ name: String) -> Bool {
    name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
  }

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let script = context.package.directoryURL.appending(path: "Sources/EmbedFiles/embed-files.sh")
    return try (Self.folders[target.name] ?? []).map { embedded in
      // The target's own folder (Sources/<target>, where this package keeps every target).
      let folder = context.package.directoryURL.appending(path: "Sources/\(target.name)/\(embedded.path)")
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { embedded.extensions.contains(URL(fileURLWithPath: $0).pathExtension) }
        .sorted()
      if let odd = names.first(where: { !Self.isPlain($0) }) {
        throw EmbedError(description: "\(folder.path)/\(odd): name a file to embed with [A-Za-z0-9._-] only")
      }
      let inputs = names.map { folder.appending(path: $0) }
      let files = inputs.count == 1 ? "1 file" : "\(inputs.count) files"
      let output = context.pluginWorkDirectoryURL.appending(path: "\(embedded.name).swift")
      return .buildCommand(
        displayName: "Embedding \(target.name) \(embedded.path) (\(files))",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: [script.path, output.path, embedded.name] + inputs.map(\.path),
        inputFiles: inputs + [script],
        outputFiles: [output]
      )
    }
  }
}

/// A file the plugin cannot embed.
struct EmbedError: Error, CustomStringConvertible {
  var description: String
}
