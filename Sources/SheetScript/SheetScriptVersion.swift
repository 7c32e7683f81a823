import LuaHost

/// The version of SheetScript and of the runtimes it embeds.
public enum SheetScriptVersion {
  /// SheetScript's own version.
  public static let number = "0.1.0"

  /// One line naming SheetScript's version and its Lua runtime.
  public static var banner: String {
    "sheet \(number) (\(LuaVersion.text))"
  }
}
