extension LuaState {
  /// Where the Lua code that called the running host function stands, `level` calls up (1: the
  /// function that called it, 2: that function's caller), as `luaL_where` and `error(message, level)`
  /// name it: the file and line, or nil when that level is a C function or does not exist. Only
  /// meaningful inside a host function (``function(_:)``); elsewhere it reads the main thread.
  /// - Parameter level: How many calls up from the host function.
  /// - Returns: The file (`short_src`) and line, or nil.
  package func callerPlace(level: Int) -> SourceLocation? {
    guard let lua = try? runtime.open() else { return nil }
    return lua.place(level: Int32(clamping: level))
  }
}
