#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Resolves `require` names to `.lua` text files below the module root and reads them.
///
/// `a.b` reads `<root>/a/b.lua`. Absolute paths, `..`, backslashes, other characters than letters, digits,
/// `_`, `-`, `.` and `/`, and anything whose real path (symbolic links resolved) leaves the root are refused.
struct ModuleReader {
  let root: String?

  /// The longest module name `require` accepts, in bytes.
  static let maximumNameBytes = 200

  /// What the prelude's `require` expects: `[source, path, real path]`, or `[nil, message, kind, bytes]` where kind
  /// is `"sandbox"` (refused) or `"missing"` (not found or unreadable), and bytes (when present) is how
  /// much of a file the reader went through, which the prelude bills.
  func lookup(_ name: String) -> [LuaValue] {
    guard name.utf8.count <= Self.maximumNameBytes else {
      return [
        .nil,
        .string(
          "module name '\(name.prefix(40))...' is \(name.utf8.count) bytes long "
            + "(at most \(Self.maximumNameBytes))"),
        "missing",
      ]
    }
    guard let root else {
      return [.nil, .string("module '\(name)' (no module root is set)"), "sandbox"]
    }
    guard let relative = ModuleReader.relativePath(for: name) else {
      return [.nil, .string("module path '\(name)' outside the module root"), "sandbox"]
    }
    guard let realRoot = ModuleReader.realPath(root), let file = ModuleReader.realPath(root + "/" + relative)
    else {
      return [
        .nil, .string("module '\(name)' not found (no file '\(relative)' under the module root)"), "missing",
      ]
    }
    guard file.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") else {
      return [.nil, .string("module path '\(name)' outside the module root"), "sandbox"]
    }
    let source: String
    do throws(SourceFile.Failure) {
      source = try SourceFile.read(file, as: relative)
    } catch {
      // the bytes the reader may have gone through: the prelude bills them (a failing require can repeat)
      var info = stat()
      let examined = stat(file, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
      return [.nil, .string("module '\(name)': \(error.description)"), "missing", .integer(examined)]
    }
    if source.utf8.first == 0x1B { return [.nil, .string("binary chunks"), "sandbox"] }
    return [.string(source), .string(relative), .string(file)]
  }

  /// `a.b` -> `a/b.lua`; nil for a name that could leave the root.
  static func relativePath(for name: String) -> String? {
    var base = Substring(name)
    if base.hasSuffix(".lua") { base = base.dropLast(4) }
    let allowed = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || "_-./".contains(c)) }
    guard !base.isEmpty, !name.hasPrefix("/"), !name.contains(".."), base.allSatisfy(allowed) else {
      return nil
    }
    let path = String(base.map { $0 == "." ? "/" : $0 })
    guard !path.split(separator: "/", omittingEmptySubsequences: false).contains(where: \.isEmpty) else {
      return nil
    }
    return path + ".lua"
  }

  /// The canonical path (symbolic links resolved), or nil when it does not exist.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
