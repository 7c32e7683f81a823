import SheetScript

/// `sheet presets`.
enum PresetsCommand {
  /// Lists the built-in behaviours with one line each.
  /// - Parameter arguments: The words after `presets` (none are accepted).
  /// - Returns: 0.
  /// - Throws: `UsageError` for any argument.
  static func main(_ arguments: [String]) throws -> Int32 {
    let args = try CommandLineArguments(arguments)
    guard args.positionals.isEmpty else {
      throw UsageError(message: "presets takes no arguments")
    }
    let width = Presets.catalogue.map(\.name.count).max() ?? 0
    for preset in Presets.catalogue {
      let pad = String(repeating: " ", count: width - preset.name.count)
      Output.print("\(preset.name)\(pad)  \(preset.summary)")
    }
    return 0
  }
}
