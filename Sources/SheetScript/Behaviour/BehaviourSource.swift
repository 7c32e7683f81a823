import Foundation
import LuaHost

/// A behaviour's Lua text and where it came from.
public struct BehaviourSource: Sendable, Equatable {
  /// The name messages use: a preset's `name.lua`, or the file's path as the user gave it.
  public var name: String
  /// The chunk's text.
  public var text: String
  /// The file's path on disk, or `nil` for an embedded preset.
  public var path: String?
  /// The 1-based line of `text` the behaviour starts at: 1 for a file; for a table written inside a
  /// scenario, the `behaviour` call's line, from which the lines of its fields are looked up.
  public var firstLine: Int

  /// Creates a source from text.
  /// - Parameters:
  ///   - name: The chunk name messages use (`behaviour.lua`).
  ///   - text: The Lua text.
  ///   - path: The file on disk, if any (its folder is where `require` looks).
  ///   - firstLine: The line of `text` the behaviour starts at (default 1).
  public init(name: String, text: String, path: String? = nil, firstLine: Int = 1) {
    self.name = name
    self.text = text
    self.path = path
    self.firstLine = firstLine
  }

  /// The folder `require` reads modules below: the file's folder, or none for a preset.
  public var moduleRoot: String? {
    path.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
  }

  /// Finds a behaviour by preset name or by path.
  ///
  /// A reference that names a preset (`bottom-sheet-vc`) is the embedded preset; otherwise it is a file,
  /// relative to `directory` when it is not absolute, with `.lua` added when it has no extension.
  /// - Parameters:
  ///   - reference: A preset name or a path.
  ///   - directory: The folder relative paths start from (a scenario's folder), or `nil` for the working
  ///     directory.
  /// - Returns: The source.
  /// - Throws: `BehaviourError.notFound` listing what was tried; `.unreadable` for a file that exists
  ///   but is not a regular file of UTF-8 text within `SourceFile.maximumBytes`.
  public static func resolve(_ reference: String, relativeTo directory: String? = nil) throws(BehaviourError)
    -> BehaviourSource
  {
    if !reference.contains("/"), !reference.hasSuffix(".lua"), let preset = Presets.source(named: reference) {
      return preset
    }
    var candidates: [String] = []
    let base = reference.hasPrefix("/") || directory == nil ? reference : "\(directory ?? ".")/\(reference)"
    candidates.append(base)
    if !reference.hasSuffix(".lua") { candidates.append(base + ".lua") }
    for candidate in candidates {
      do throws(SourceFile.Failure) {
        let text = try SourceFile.read(candidate, as: displayName(candidate))
        return BehaviourSource(name: displayName(candidate), text: text, path: candidate)
      } catch {
        if case .notFound = error { continue }
        throw .unreadable(file: displayName(candidate), reason: error.description)
      }
    }
    throw .notFound(
      reference: reference, searched: candidates,
      nearest: NameSuggestion.nearestFile(
        to: reference, in: reference.hasPrefix("/") ? nil : directory, suffix: ".lua"))
  }

  /// A path shortened for messages: `./` removed.
  private static func displayName(_ path: String) -> String {
    path.hasPrefix("./") ? String(path.dropFirst(2)) : path
  }
}
