/// The version of the Lua runtime SheetScript is linked against.
public enum LuaVersion {
  /// The runtime's version number, `major * 100 + minor` (504 for Lua 5.4).
  public static var number: Int {
    RawLua.versionNumber
  }

  /// The runtime's version as text, for example `"Lua 5.4"`.
  public static var text: String {
    "Lua \(number / 100).\(number % 100)"
  }
}
