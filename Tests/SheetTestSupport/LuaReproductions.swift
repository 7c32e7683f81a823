/// Lua texts that once took the host down, shared by the suites that show they no longer do.
public enum LuaReproductions {
  /// Lua 5.4.4's "C-stack overflow with deep nesting of coroutine.close": `levels` coroutines, each
  /// holding a to-be-closed value whose `__close` nests 190 `pcall`s (within Lua's own 200) and then
  /// closes the previous coroutine; the chunk closes the last one (`pcall`ed) and returns whether it
  /// closed. The close that goes too deep is on line 9.
  public static func closeChain(levels: Int) -> String {
    """
    local previous
    for _ = 1, \(levels) do
      local before = previous
      local co = coroutine.create(function()
        local guard <close> = setmetatable({}, { __close = function()
          local function nest(n)
            if n == 0 then
              if before then
                coroutine.close(before)
              end
              return
            end
            pcall(nest, n - 1)
          end
          nest(190)
        end })
        coroutine.yield()
      end)
      coroutine.resume(co)
      previous = co
    end
    local ok = pcall(coroutine.close, previous)
    return ok
    """
  }
}
