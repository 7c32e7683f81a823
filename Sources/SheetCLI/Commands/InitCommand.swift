import Foundation
import LuaHost
import SheetScript

/// `sheet init [FOLDER] [--from PRESET]`.
enum InitCommand {
  /// The preset a project starts from unless `--from` names another: `system`, the native default policy
  /// written in Lua, whose thresholds are the default policy's documented parameters with their ranges
  /// (`sheet run --set` checks them), on the two detents of a standard iOS sheet.
  static let defaultPreset = "system"

  /// Writes a starter project (``StarterProject``) into the folder, which is made when missing.
  /// - Parameter arguments: The words after `init`.
  /// - Returns: 0 when every file was written.
  /// - Throws: `UsageError` for bad arguments, an unknown preset, a folder that is a file, or a file the
  ///   project would overwrite (then nothing is written); `StarterProject.ProbeFailure` or
  ///   `BehaviourError` when the preset does not run (exit status 1).
  static func main(_ arguments: [String]) throws -> Int32 {
    let args = try CommandLineArguments(arguments, valued: ["--from": "--from"])
    guard args.positionals.count <= 1 else {
      throw UsageError(message: "expected at most one folder, got \(args.positionals.count) words")
    }
    let folder = args.positionals.first ?? "."
    let preset = args.value("--from") ?? defaultPreset
    guard Presets.source(named: preset) != nil else {
      let names = Presets.catalogue.map(\.name)
      let hint = NameSuggestion.hint(preset, among: names)
      let shown = preset.count > 60 ? preset.prefix(60) + "..." : preset
      throw UsageError(message: "unknown preset '\(shown)'\(hint); `sheet presets` lists them")
    }
    let project = try StarterProject(preset: preset)
    try refuseOverwriting(project, in: folder)
    try write(project, into: folder)

    Output.print("sheet init: a project from the `\(preset)` preset in \(folder)")
    let width = project.files.map(\.path.count).max() ?? 0
    for file in project.files {
      Output.print("  \(file.path)\(String(repeating: " ", count: width - file.path.count))  \(file.role)")
    }
    Output.print("next\(folder == "." ? "" : ", in \(folder)"):")
    Output.print("  sheet test .                  the scenario passes: 1 passed, 0 failed")
    Output.print("  sheet check behaviour.lua     the detents and thresholds")
    Output.print("  sheet preview scenario.lua    the sheet in a browser, its thresholds on sliders")
    return 0
  }

  /// Refuses a folder that is a file, and any of the project's files that already exists there.
  private static func refuseOverwriting(_ project: StarterProject, in folder: String) throws(UsageError) {
    let manager = FileManager.default
    var isFolder: ObjCBool = false
    if manager.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
      throw UsageError(message: "\(folder) is a file, not a folder")
    }
    let types = "\(folder)/\(StarterProject.typesFolder)"
    if manager.fileExists(atPath: types, isDirectory: &isFolder), !isFolder.boolValue {
      throw UsageError(message: "\(types) is a file, where sheet init writes a folder; it wrote nothing")
    }
    // A dangling link counts as existing too: the new file would be written through it.
    let existing = project.files.map(\.path).filter {
      (try? manager.attributesOfItem(atPath: "\(folder)/\($0)")) != nil
    }
    guard existing.isEmpty else {
      throw UsageError(
        message: "\(folder) already has \(existing.joined(separator: ", ")): sheet init writes only new "
          + "files, so it wrote none (choose another folder, or move those away)")
    }
  }

  /// Makes the folders and writes every file new; when one cannot be written, removes what it wrote.
  private static func write(_ project: StarterProject, into folder: String) throws(UsageError) {
    let manager = FileManager.default
    var folders: [String] = []
    var files: [String] = []
    do throws(UsageError) {
      for path in [folder, "\(folder)/\(StarterProject.typesFolder)"] where !manager.fileExists(atPath: path)
      {
        do {
          try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
          throw UsageError(message: "cannot make the folder \(path): \(error.localizedDescription)")
        }
        folders.append(path)
      }
      for file in project.files {
        let path = "\(folder)/\(file.path)"
        try OutputFile.create(file.text, at: path)
        files.append(path)
      }
    } catch {
      for path in files { unlink(path) }
      for path in folders.reversed() { rmdir(path) }  // only when empty: nothing but what it wrote
      throw error
    }
  }
}
