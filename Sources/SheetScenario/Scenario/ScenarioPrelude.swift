/// The Lua side of the scenario language: thin wrappers over the host's functions that raise errors at
/// the scenario's line, and `expect` / `expect_near`, whose caller's line the host reads from the stack
/// (the calls with a line of their own find it with the standard `pcall(error, '', level)` idiom: the
/// sandbox has no debug library).
package enum ScenarioPrelude {
  /// The chunk's name (messages and locations look through it to the scenario's own line).
  package static let chunkName = "scenario-prelude.lua"

  /// The chunk, called with the host's function table (which also holds `calls`: each scenario call's
  /// name, wrapper and aliases, from ``ScenarioCall``); it returns the globals a scenario sees.
  package static let source = """
    local host = ...

    -- Calls a host function; a refusal (false, message), or a call that could not reach the host
    -- (nil, message: made inside a coroutine the scenario created), is raised at the scenario's line.
    local function call(name, ...)
      local ok, message = host[name](...)
      if ok == false or message ~= nil then
        error(name .. ': ' .. tostring(message), 3)
      end
    end

    -- A wrapper per kind of call (ScenarioCall.Wrapper). Each finds its caller's line itself: a helper
    -- in between would move the level.
    local wrappers = {}

    function wrappers.plain(name)
      return function(...) call(name, ...) end
    end

    -- behaviour passes its line along: an inline table's fields are looked up from there; expect_script_error
    -- 'on_release' passes it so a declared script error that never happened is reported there.
    function wrappers.located(name)
      return function(value)
        local _, where = pcall(error, '', 3)
        call(name, value, where)
      end
    end

    -- reload returns true, or false and the message: a broken reload keeps the running behaviour.
    function wrappers.answered(name)
      return function(...)
        local ok, message = host[name](...)
        if ok == nil then
          error(name .. ': ' .. tostring(message), 2)
        end
        return ok, message
      end
    end

    -- The calls' names come from the host (host.calls, in ScenarioCall's order): none is written here.
    local api = {}
    for _, entry in ipairs(host.calls) do
      local wrapped = wrappers[entry.wrapper](entry.name)
      api[entry.name] = wrapped
      for _, alias in ipairs(entry.aliases or {}) do
        api[alias] = wrapped
      end
    end

    -- host.expect reads its caller's caller's line itself (what pcall(error, '', 3) would say here)
    function api.expect(condition, message)
      host.expect(condition and true or false, message ~= nil and tostring(message) or '')
      return condition
    end

    function api.expect_near(actual, expected, tolerance, message)
      if type(actual) ~= 'number' or type(expected) ~= 'number' then
        error(('expect_near: actual %s and expected %s must be numbers'):format(tostring(actual),
          tostring(expected)), 2)
      end
      tolerance = tolerance or 1e-6
      local ok = math.abs(actual - expected) <= tolerance
      local text = (message ~= nil and tostring(message) .. ': ' or '')
        .. ('%.6g, expected %.6g +- %g'):format(actual, expected, tolerance)
      host.expect(ok, text)
      return ok
    end

    api.sheet = host.sheet
    return api
    """
}
