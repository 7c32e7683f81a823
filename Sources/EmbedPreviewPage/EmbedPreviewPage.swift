import Foundation
import PackagePlugin

/// Embeds the preview page (`Sources/SheetPreview/Page/`: HTML, CSS and plain JavaScript) into the
/// `SheetPreview` target as Swift byte arrays, so `sheet preview` serves it from memory, from any working
/// directory, and the page folder stays its only source.
@main
struct EmbedPreviewPage: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    // The target's own folder (Sources/<target>, where this package keeps every target).
    let folder = context.package.directoryURL.appending(path: "Sources/\(target.name)/Page")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".html") || $0.hasSuffix(".css") || $0.hasSuffix(".js") }
      .sorted()
    let inputs = names.map { folder.appending(path: $0) }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedPage.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(inputs.count) preview page files",
        executable: try context.tool(named: "EmbedPreviewPageTool").url,
        arguments: [output.path] + inputs.map(\.path),
        inputFiles: inputs,
        outputFiles: [output]
      )
    ]
  }
}
