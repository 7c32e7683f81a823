import Foundation

extension NameSuggestion {
  /// The most entries of a folder a suggestion reads.
  public static let maximumListed = 1000

  /// The file beside a missing one whose name is nearest its name (a misspelt file name), written as
  /// `path` writes its folder (`lib/maps.lua` for `lib/mpas.lua`), or nil when none is near.
  /// - Parameters:
  ///   - path: The missing file, as the user wrote it.
  ///   - folder: The folder a relative `path` is taken from (nil: the working directory).
  ///   - suffix: Only names that end so are candidates (`.lua`), and it is added to a `path` without
  ///     it; nil: any entry.
  /// - Returns: The nearest entry's path.
  public static func nearestFile(to path: String, in folder: String? = nil, suffix: String? = nil) -> String?
  {
    let written = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    let slash = written.lastIndex(of: "/")
    let name = slash.map { String(written[written.index(after: $0)...]) } ?? written
    let part = slash.map { String(written[...$0]) } ?? ""
    let directory =
      part.hasPrefix("/") ? part : (folder.map { $0 + "/" } ?? "") + (part.isEmpty ? "." : part)
    guard !name.isEmpty, let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return nil
    }
    var names = entries.prefix(maximumListed).filter { !$0.hasPrefix(".") }
    var wanted = name
    if let suffix {
      names = names.filter { $0.hasSuffix(suffix) }
      if !wanted.hasSuffix(suffix) { wanted += suffix }
    }
    return nearest(to: wanted, in: names.sorted()).map { part + $0 }
  }
}
