/// The trusted Lua code that builds the sandbox, run once per state with the full standard library.
///
/// It receives the real globals, the host's print and module-reading closures, the random seed and the
/// name-suggestion closure, and
/// returns the internals the host keeps: `new_env` (a fresh sandboxed `_ENV`), `view` (a read-only proxy),
/// `loaded` (the per-state `require` cache) and `host_globals` (copied into every new environment).
enum Prelude {
  static let chunkName = "=sheetscript.sandbox"

  static let source = """
    local G, host_print, host_read_module, seed, host_nearest = ...
    local type, next, select, error, rawget, tostring = G.type, G.next, G.select, G.error, G.rawget, G.tostring
    local real_setmetatable, real_load, real_collect = G.setmetatable, G.load, G.collectgarbage
    local real_rawset, pairs, pcall = G.rawset, G.pairs, G.pcall
    local concat, sort, real_seed = G.table.concat, G.table.sort, G.math.randomseed
    -- Bills work done on a script's behalf outside the VM (parsing, printing): the counted library's
    -- charge function, taken out of the real globals so no script can reach it.
    local charge = G.sheetscript_charge
    G.sheetscript_charge = nil
    -- Lua's own next, for the prelude's copies (their order is never visible); scripts get the ordered one.
    local raw_next = G.sheetscript_raw_next
    G.sheetscript_raw_next = nil
    -- The compile funnel every text a script loads goes through (`load`, `require`): it refuses
    -- expression chains deeper than Lua's name resolution can follow on the C stack, then parses the
    -- text in text mode.
    local load_text = G.sheetscript_load_text
    G.sheetscript_load_text = nil
    local PARSE_UNITS_PER_BYTE = 2
    local MAX_MODULE_NAME = 200

    G.string.dump = nil
    getmetatable('').__metatable = false
    real_seed(seed)

    local blocked = {
      io = true, os = true, debug = true, package = true, dofile = true, loadfile = true,
      loadstring = true, module = true,
    }
    local base_names = {
      'assert', 'error', 'getmetatable', 'ipairs', 'next', 'pairs', 'pcall', 'rawequal', 'rawget',
      'rawlen', 'select', 'tonumber', 'tostring', 'type', 'xpcall', '_VERSION',
    }
    local library_names = { string = true, table = true, math = true, utf8 = true, coroutine = true }

    local function refuse(what, level)
      error('sandbox: ' .. what .. ' is not available in the sandbox', level + 1)
    end

    -- Shared by every environment, so protected: a script can neither read nor replace it.
    local env_meta = {
      __index = function(_, key)
        if blocked[key] then refuse("'" .. tostring(key) .. "'", 2) end
      end,
      __metatable = false,
    }

    local function copy(t)
      local c = {}
      for k, v in raw_next, t do c[k] = v end
      return c
    end

    -- The collector never runs while script code runs, except as a whole cycle: the host collects
    -- between its calls, and Lua collects in full when the memory cap refuses an allocation. So 'step'
    -- is a full collection (and always ends a cycle), 'restart' has nothing to restart, and
    -- 'isrunning' answers true: garbage is collected.
    local collect_options = { collect = true, count = true, step = true, isrunning = true, restart = true }
    local function collectgarbage(option, ...)
      if option == nil then option = 'collect' end
      if not collect_options[option] then
        refuse("collectgarbage('" .. tostring(option) .. "')", 2)
      end
      if option == 'step' then
        real_collect('collect')
        return true
      elseif option == 'restart' then
        return 0
      elseif option == 'isrunning' then
        return true
      end
      return real_collect(option, ...)
    end

    local function setmetatable(t, mt)
      if type(mt) == 'table' and rawget(mt, '__gc') ~= nil then refuse('__gc', 2) end
      return real_setmetatable(t, mt)
    end

    local function print(...)
      local parts = {}
      for i = 1, select('#', ...) do parts[i] = tostring((select(i, ...))) end
      local text = concat(parts, '\\t')
      charge(#text)
      host_print(text)
    end

    local function randomseed(...)
      if select('#', ...) == 0 then return real_seed(seed) end
      return real_seed(...)
    end

    local views = real_setmetatable({}, { __mode = 'k' })

    local function rawset(t, key, value)
      if views[t] then
        error("attempt to modify read-only view field '" .. tostring(key) .. "'", 2)
      end
      return real_rawset(t, key, value)
    end

    local loaded, host_globals = {}, {}
    local new_env

    local function make_load(env)
      return function(chunk, name, mode, chunk_env)
        if mode ~= nil and mode ~= 't' then refuse("load mode '" .. tostring(mode) .. "'", 2) end
        if chunk_env == nil then chunk_env = env end
        if type(chunk) == 'function' then
          -- The reader's pieces, joined: the funnel checks the whole text before Lua parses it.
          local reader, pieces = chunk, {}
          local ok, message = pcall(function()
            while true do
              local piece = reader()
              if piece == nil or piece == '' then return end
              if type(piece) ~= 'string' then error('reader function must return a string', 0) end
              charge(#piece * PARSE_UNITS_PER_BYTE)
              pieces[#pieces + 1] = piece
            end
          end)
          if not ok then return nil, message end
          return load_text(concat(pieces), name or '=(load)', chunk_env)
        elseif type(chunk) ~= 'string' then
          return real_load(chunk, name, 't', chunk_env)  -- its own error
        end
        if chunk:byte(1) == 27 then refuse('binary chunks', 2) end
        charge(#chunk * PARSE_UNITS_PER_BYTE)
        return load_text(chunk, name, chunk_env)
      end
    end

    local function make_require(libraries)
      return function(name)
        if type(name) ~= 'string' then
          error("bad argument #1 to 'require' (string expected, got " .. type(name) .. ')', 2)
        end
        if #name > MAX_MODULE_NAME then
          error(("module name '%s...' is %d bytes long (at most %d)"):format(name:sub(1, 40), #name,
            MAX_MODULE_NAME), 2)
        end
        if blocked[name] then refuse("module '" .. name .. "'", 2) end
        if libraries[name] then return libraries[name] end
        local value = loaded[name]
        if value ~= nil then return value end
        local source, path, kind, examined = host_read_module(name)
        if source == nil then
          if examined then charge(examined) end
          if kind == 'sandbox' then refuse(path, 2) end
          error(path, 2)
        end
        charge(#source * PARSE_UNITS_PER_BYTE)
        local fn, message = load_text(source, '@' .. path, new_env())
        if not fn then error(message, 0) end
        value = fn(name, path)
        if value == nil then value = true end
        loaded[name] = value
        return value
      end
    end

    new_env = function()
      local env = {}
      for i = 1, #base_names do
        local key = base_names[i]
        env[key] = G[key]
      end
      local libraries = {}
      for key in raw_next, library_names do libraries[key] = copy(G[key]) end
      libraries.math.randomseed = randomseed
      real_setmetatable(libraries.string, {
        __index = function(_, key) if key == 'dump' then refuse("'string.dump'", 2) end end,
      })
      for key, value in raw_next, libraries do env[key] = value end
      env.setmetatable, env.collectgarbage, env.print = setmetatable, collectgarbage, print
      env.rawset = rawset
      env.load, env.require = make_load(env), make_require(libraries)
      for key, value in raw_next, host_globals do env[key] = value end
      env._G = env
      return real_setmetatable(env, env_meta)
    end

    -- A view's backing table answers reads of names it does not hold: nil for a known field (one that
    -- may be nil, such as sheet.detent), an error naming the field and the nearest known one otherwise.
    local function guard_reads(backing, known, label)
      local names, is_known = {}, {}
      for i = 1, #known do
        names[i] = known[i]
        is_known[known[i]] = true
      end
      real_setmetatable(backing, {
        __index = function(_, key)
          if is_known[key] then return nil end
          local hint = type(key) == 'string' and host_nearest(key, names) or nil
          error(("unknown field '%s' of %s%s"):format(tostring(key), label,
            hint and (" (did you mean '" .. hint .. "'?)") or ''), 2)
        end,
      })
    end

    -- A view whose fields are the names its backing table holds at the time of a read (the host adds
    -- and removes them): a read of any other name is the same error, the hint taken from those names.
    local function guard_own_keys(backing, label)
      real_setmetatable(backing, {
        __index = function(_, key)
          local names = {}
          for name in raw_next, backing do
            if type(name) == 'string' then names[#names + 1] = name end
          end
          sort(names)
          local hint = type(key) == 'string' and host_nearest(key, names) or nil
          error(("unknown field '%s' of %s%s"):format(tostring(key), label,
            hint and (" (did you mean '" .. hint .. "'?)") or ''), 2)
        end,
      })
    end

    -- `known`: the list of field names, true for the backing table's own keys, nil for no guard.
    local function view(backing, known, label)
      if known == true then
        guard_own_keys(backing, label or 'the view')
      elseif known ~= nil then
        guard_reads(backing, known, label or 'the view')
      end
      local proxy = real_setmetatable({}, {
        __index = backing,
        __newindex = function(_, key)
          error("attempt to modify read-only view field '" .. tostring(key) .. "'", 2)
        end,
        __len = function() return #backing end,
        -- the sandbox's ordered walk of the backing table, which the iterator keeps to itself
        __pairs = function()
          local iterator = pairs(backing)
          return iterator, nil, nil
        end,
        __metatable = 'read-only view',
      })
      views[proxy] = true
      return proxy
    end

    return { new_env = new_env, view = view, loaded = loaded, host_globals = host_globals }
    """
}
