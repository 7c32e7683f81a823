import Foundation
import PackagePlugin

/// Embeds the Lua behaviours of the target's `Presets/` folder into it as Swift string literals, so that
/// the `sheet` binary finds every preset by name from any working directory and that folder stays their
/// only source.
@main
struct EmbedBehaviours: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    // The target's own folder (Sources/<target>, where this package keeps every target).
    let folder = context.package.directoryURL.appending(path: "Sources/\(target.name)/Presets")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".lua") }
      .sorted()
    let inputs = names.map { folder.appending(path: $0) }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedBehaviours.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(inputs.count) Lua behaviours",
        executable: try context.tool(named: "EmbedBehavioursTool").url,
        arguments: [output.path] + inputs.map(\.path),
        inputFiles: inputs,
        outputFiles: [output]
      )
    ]
  }
}
