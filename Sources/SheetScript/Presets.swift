/// The behaviours that ship inside the binary, from `Sources/SheetScript/Presets/`.
public enum Presets {
  /// The helper module every behaviour can `require 'sheet'`, which is not a preset itself.
  package static let helperModule = "sheet"

  /// Every embedded Lua file's name (without `.lua`) and text, sorted by name.
  package static let files: [(name: String, text: String)] = EmbeddedBehaviours.files.map {
    (String($0.name.dropLast(".lua".count)), $0.text)
  }

  /// The API's LuaLS annotations for editors (`Sources/SheetScript/LuaTypes/`), each file's name (with
  /// `.lua`) and text: what `sheet init` writes into a new project beside the helper module.
  package static var annotationFiles: [(name: String, text: String)] { EmbeddedLuaTypes.files }

  /// The presets' names and one-line summaries (each file's first comment line), sorted by name.
  public static var catalogue: [(name: String, summary: String)] {
    files.filter { $0.name != helperModule }.map { ($0.name, summary(of: $0.text, name: $0.name)) }
  }

  /// A preset's source by name.
  /// - Parameter name: The preset's name, for example `bottom-sheet-vc`.
  /// - Returns: The source, named `name.lua`, or `nil` when there is no such preset.
  public static func source(named name: String) -> BehaviourSource? {
    guard name != helperModule, let file = files.first(where: { $0.name == name }) else { return nil }
    return BehaviourSource(name: "\(name).lua", text: file.text)
  }

  /// The text of the `sheet` helper module.
  package static var helperText: String {
    files.first { $0.name == helperModule }?.text ?? ""
  }

  /// The first comment line of a file, without `--` and a leading `name.lua:` label.
  private static func summary(of text: String, name: String) -> String {
    guard let first = text.split(separator: "\n").first, first.hasPrefix("--") else { return "" }
    var line = first.dropFirst(2).trimmingCharacters(in: " ")
    let label = "\(name).lua:"
    if line.hasPrefix(label) { line = String(line.dropFirst(label.count)).trimmingCharacters(in: " ") }
    return line
  }
}

extension StringProtocol {
  /// The text without leading and trailing occurrences of `character`.
  fileprivate func trimmingCharacters(in character: Character) -> String {
    String(drop(while: { $0 == character }).reversed().drop(while: { $0 == character }).reversed())
  }
}
