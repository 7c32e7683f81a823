/// The Lua side of the scenario language: thin wrappers over the host's functions that raise errors at
/// the scenario's line, and `expect` / `expect_near`, which find their caller's line with the standard
/// `pcall(error, '', level)` idiom (the sandbox has no debug library).
enum ScenarioPrelude {
  /// The chunk's name (messages and locations look through it to the scenario's own line).
  static let chunkName = "scenario-prelude.lua"

  /// The chunk, called with the host's function table; it returns the globals a scenario sees.
  static let source = """
    local host = ...

    -- Calls a host function; a refusal (false, message), or a call that could not reach the host
    -- (nil, message: made inside a coroutine the scenario created), is raised at the scenario's line.
    local function call(name, ...)
      local ok, message = host[name](...)
      if ok == false or message ~= nil then
        error(name .. ': ' .. tostring(message), 3)
      end
    end

    local api = {}
    for _, name in ipairs({
      'screen', 'content', 'set', 'present', 'dismiss', 'snap_to', 'wait', 'settle', 'drag',
      'flick', 'touch_down', 'touch_move', 'touch_up', 'touch_cancel', 'tap', 'tap_backdrop', 'resize',
      'set_content_height',
    }) do
      api[name] = function(...) call(name, ...) end
    end

    -- behaviour passes its line along: an inline table's fields are looked up from there.
    function api.behaviour(value)
      local _, where = pcall(error, '', 3)
      call('behaviour', value, where)
    end
    api.behavior = api.behaviour

    -- reload returns true, or false and the message: a broken reload keeps the running behaviour.
    function api.reload(file)
      local ok, message = host.reload(file)
      if ok == nil then
        error('reload: ' .. tostring(message), 2)
      end
      return ok, message
    end

    -- expect_fault 'on_release': this scenario expects script errors from that callback (checked at the
    -- end of the run); the line is passed along so a fault that never happened is reported there.
    function api.expect_fault(callback)
      local _, where = pcall(error, '', 3)
      call('expect_fault', callback, where)
    end

    function api.expect(condition, message)
      local _, where = pcall(error, '', 3)
      host.expect(condition and true or false, where, message ~= nil and tostring(message) or '')
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
      local _, where = pcall(error, '', 3)
      host.expect(ok, where, text)
      return ok
    end

    api.sheet = host.sheet
    return api
    """
}
