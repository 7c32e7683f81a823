import Glibc

/// A temporary module root: `lib/counter.lua`, `broken.lua`, `deep.lua` (an expression chain deeper than
/// the sandbox allows, on line 2), and `escape.lua`, a symbolic link to a file outside the root.
final class ModuleFixture {
  let path: String

  init() throws {
    var template = Array("/tmp/luahost-modules-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw FixtureError.cannotCreate }
    path = String(cString: made)
    mkdir(path + "/lib", 0o755)
    try write(
      "lib/counter.lua",
      "print('loading lib/counter.lua')\nlocal n = 0\nreturn { name = 'counter', loads = function() n = n + 1 return n end }\n"
    )
    try write("broken.lua", "local x = 1\nerror('broken module')\n")
    try write("deep.lua", "local a = {}\nreturn a" + String(repeating: ".f", count: 2000) + "\n")
    try write("../luahost-outside-\(path.split(separator: "-").last ?? "x").lua", "return 'outside'\n")
    symlink(path + "/../luahost-outside-\(path.split(separator: "-").last ?? "x").lua", path + "/escape.lua")
  }

  deinit {
    _ = unlink(path + "/lib/counter.lua")
    _ = rmdir(path + "/lib")
    _ = unlink(path + "/broken.lua")
    _ = unlink(path + "/deep.lua")
    _ = unlink(path + "/escape.lua")
    _ = unlink(path + "/../luahost-outside-\(path.split(separator: "-").last ?? "x").lua")
    _ = rmdir(path)
  }

  private func write(_ relative: String, _ text: String) throws {
    guard let file = fopen(path + "/" + relative, "w") else { throw FixtureError.cannotCreate }
    defer { fclose(file) }
    fputs(text, file)
  }

  enum FixtureError: Error {
    case cannotCreate
  }
}
