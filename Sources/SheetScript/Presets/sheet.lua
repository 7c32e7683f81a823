-- sheet.lua: helpers for behaviour files (`local S = require 'sheet'`).
--
-- Pure functions of numbers (and small constructor tables for animations): no globals, no state;
-- S.extend, which loads an embedded preset, is the one helper that reaches the host.
-- Units: heights and distances in points (pt), velocities in points per second (pt/s, screen y,
-- positive = downward), durations in seconds. The formulas and their sources are restated in
-- Sources/SheetCore/SheetCore.docc ("The state machine", "Physics"); the API in
-- Sources/SheetScript/SheetScript.docc ("Writing a behaviour"). The `---@` lines are LuaLS annotations (the
-- views and the behaviour table: ../LuaTypes/sheet-api.lua); Tests/Scenarios/helpers.lua tests every
-- function. Errors are raised at the caller's level (level 2) and quote the bad value.

---The helper module `require 'sheet'` returns.
---@class SheetHelpers
local S = {}

-- What the host hands this chunk when it installs the module (nil when something else runs it), for
-- S.extend only: `preset(name)` returns an embedded preset's text, or nil and a message quoting the
-- name with a did-you-mean; `field(name)` returns true for a behaviour field's name, or false and the
-- nearest field's name (or nil).
---@type { preset: fun(name: string): string?, string?; field: fun(name: string): boolean, string? }?
local host = ...

local huge = math.huge

-- True when `x` is a finite number (not NaN, not +-inf).
local function finite(x)
  return type(x) == 'number' and x == x and x ~= huge and x ~= -huge
end

-- A bad value as text for a message: strings quoted, tables/functions by type only (no addresses,
-- so messages are the same run to run), numbers and the rest with tostring.
local function show(x)
  local t = type(x)
  if t == 'string' then
    return ('%q'):format(x)
  elseif t == 'table' or t == 'function' or t == 'userdata' or t == 'thread' then
    return 'a ' .. t .. ' value'
  end
  return tostring(x)
end

-- Raise "sheet.<fn>: <what> <value> is not a finite number" at the caller of the public function
-- (`level` 3 when called directly from it; one more per helper in between).
local function check_number(fn, what, x, level)
  if not finite(x) then
    error(('sheet.%s: %s %s is not a finite number'):format(fn, what, show(x)), level or 3)
  end
end

---Index and value of the entry of `list` nearest to `value`; the first one wins a tie.
---Like seed 000's `values.min(by: { abs(number - $0) < abs(number - $1) })`, which keeps the first of
---equally near values.
---@param value number pt, or any unit shared with the list
---@param list number[] a non-empty sequence of finite numbers (same unit)
---@return integer index 1-based
---@return number item `list[index]`
function S.nearest(value, list)
  check_number('nearest', 'value', value)
  if type(list) ~= 'table' or list[1] == nil then
    error(('sheet.nearest: list (%s) is not a non-empty array of numbers'):format(show(list)), 2)
  end
  local best_i, best_d = 0, huge
  for i = 1, #list do
    local item = list[i]
    if not finite(item) then
      error(('sheet.nearest: list[%d] %s is not a finite number'):format(i, show(item)), 2)
    end
    local d = math.abs(value - item)
    if d < best_d then
      best_i, best_d = i, d
    end
  end
  return best_i, list[best_i]
end

---Momentum projection: distance a release travels under a per-millisecond deceleration rate.
---d = (v / 1000) * r / (1 - r); with r = 0.998 (UIScrollView's normal rate) d ~= 0.499 v.
---Source: WWDC 2018 "Designing Fluid Interfaces", as FloatingPanel uses it.
---@param velocity number pt/s (sign kept: the result points the same way)
---@param rate? number in (0, 1), per ms; tuning range 0.99 .. 0.999 (default 0.998)
---@return number distance pt
function S.project(velocity, rate)
  check_number('project', 'velocity', velocity)
  rate = rate or 0.998
  check_number('project', 'rate', rate)
  if rate <= 0 or rate >= 1 then
    error(('sheet.project: rate %s is outside (0, 1)'):format(rate), 2)
  end
  return (velocity / 1000) * rate / (1 - rate)
end

---Rubber band: the shown offset for an over-drag `overshoot` past an edge.
---b = (1 - 1 / (x * c / d + 1)) * d; x = 100, d = 800, c = 0.55 gives 51.46.
---Negative overshoots give the mirrored (negative) offset.
---Source: FloatingPanel's rubberBandEffect; 0.55 is UIScrollView's constant.
---@param overshoot number pt past the edge
---@param dimension number > 0, pt (the container size, e.g. the available height)
---@param constant? number > 0, dimensionless; tuning range 0.3 .. 1 (default 0.55)
---@return number offset pt, |offset| < dimension
function S.rubber_band(overshoot, dimension, constant)
  check_number('rubber_band', 'overshoot', overshoot)
  check_number('rubber_band', 'dimension', dimension)
  constant = constant or 0.55
  check_number('rubber_band', 'constant', constant)
  if dimension <= 0 then
    error(('sheet.rubber_band: dimension %s is not positive'):format(dimension), 2)
  end
  if constant <= 0 then
    error(('sheet.rubber_band: constant %s is not positive'):format(constant), 2)
  end
  local x = math.abs(overshoot)
  local b = (1 - 1 / (x * constant / dimension + 1)) * dimension
  if overshoot < 0 then
    return -b
  end
  return b
end

---`x` limited to [lo, hi] (any unit).
---@param x number
---@param lo number
---@param hi number >= lo
---@return number clamped in [lo, hi]
function S.clamp(x, lo, hi)
  check_number('clamp', 'x', x)
  check_number('clamp', 'lo', lo)
  check_number('clamp', 'hi', hi)
  if lo > hi then
    error(('sheet.clamp: lo %s > hi %s'):format(lo, hi), 2)
  end
  if x < lo then
    return lo
  elseif x > hi then
    return hi
  end
  return x
end

---Where a release that moves nothing sends the sheet (`on_release`'s answer): the active detent at
---whose height the sheet stands, so it rests on that detent, else its height as it is.
---@param sheet SheetView the callback's `sheet`
---@return string|{height: number} target a detent id, or `{ height = sheet.height }`
function S.stay(sheet)
  for _, id in ipairs(sheet.order) do
    if sheet.detents[id] == sheet.height then
      return id
    end
  end
  return { height = sheet.height }
end

---Linear interpolation a + (b - a) * t (t is not clamped).
---@param a number
---@param b number same unit as a
---@param t number 0 gives a, 1 gives b
---@return number value
function S.lerp(a, b, t)
  check_number('lerp', 'a', a)
  check_number('lerp', 'b', b)
  check_number('lerp', 't', t)
  return a + (b - a) * t
end

-- Builds { curve = name, duration = d } after checking d (seconds, > 0).
local function curve(fn, name, d)
  check_number(fn, 'duration', d, 4)
  if d <= 0 then
    error(('sheet.%s: duration %s is not positive'):format(fn, d), 3)
  end
  return { curve = name, duration = d }
end

---UIKit's ease-in, the cubic Bezier (0.42, 0, 1, 1).
---@param d number duration, seconds (> 0)
---@return AnimationSpec animation `{ curve = 'ease_in', duration = d }`
function S.ease_in(d)
  return curve('ease_in', 'ease_in', d)
end

---UIKit's ease-out, the cubic Bezier (0, 0, 0.58, 1).
---@param d number duration, seconds (> 0)
---@return AnimationSpec animation `{ curve = 'ease_out', duration = d }`
function S.ease_out(d)
  return curve('ease_out', 'ease_out', d)
end

---UIKit's ease-in-out, the cubic Bezier (0.42, 0, 0.58, 1): `UIView.animate`'s default curve.
---@param d number duration, seconds (> 0)
---@return AnimationSpec animation `{ curve = 'ease_in_out', duration = d }`
function S.ease_in_out(d)
  return curve('ease_in_out', 'ease_in_out', d)
end

---Linear timing.
---@param d number duration, seconds (> 0)
---@return AnimationSpec animation `{ curve = 'linear', duration = d }`
function S.linear(d)
  return curve('linear', 'linear', d)
end

-- The options every spring form takes, with their ranges (the host's; see "Writing a behaviour").
local spring_options = {
  velocity_fraction = { 0, 10 },
  rest_distance = { 1e-6, 1e4 },
  rest_speed = { 1e-6, 1e5 },
}

-- Raise "sheet.<fn>: <what> <value> is not positive" at `level` (3 when called directly from the
-- public function; one more per helper in between).
local function check_positive(fn, what, x, level)
  check_number(fn, what, x, level + 1)
  if x <= 0 then
    error(('sheet.%s: %s %s is not positive'):format(fn, what, x), level)
  end
end

-- Returns `{ spring = form }` with the checked options of `options` (nil or a table) copied into `form`;
-- errors are raised at `level`, as check_positive's.
local function spring_with(fn, form, options, level)
  if options == nil then
    return { spring = form }
  end
  if type(options) ~= 'table' then
    error(('sheet.%s: options %s is not a table'):format(fn, show(options)), level)
  end
  for key, value in pairs(options) do
    local range = spring_options[key]
    if key == 'clamp' or key == 'stepped' then
      if type(value) ~= 'boolean' then
        error(('sheet.%s: options.%s %s is not true or false'):format(fn, key, show(value)), level)
      end
    elseif range == nil then
      error(('sheet.%s: unknown option %s (velocity_fraction, rest_distance, rest_speed, clamp, stepped)')
        :format(fn, show(key)), level)
    else
      check_number(fn, 'options.' .. key, value, level + 1)
      if value < range[1] or value > range[2] then
        local text = 'sheet.%s: options.%s %s is outside [%s, %s]'
        error(text:format(fn, key, value, range[1], range[2]), level)
      end
    end
    form[key] = value
  end
  return { spring = form }
end

---The options every spring helper takes last (each may be left out).
---@class SpringOptions
---@field velocity_fraction? number 0 to 10 (default 1): the share of the current velocity it starts with
---@field rest_distance? number > 0, pt (default 0.5): rests when this near the target ...
---@field rest_speed? number > 0, pt/s (default 1): ... and slower than this
---@field clamp? boolean default false: ends the first frame it reaches or crosses the target (no overshoot)
---@field stepped? boolean default false: an implicit step a frame (FloatingPanel), resting by rest_distance

---Spring by damping ratio and response (SwiftUI's `spring(response:dampingFraction:)`): mass 1,
---stiffness (2 pi / response)^2, damping 4 pi ratio / response; carries the release velocity.
---@param damping_ratio number > 0 (1 = critically damped, < 1 overshoots); tuning range 0.5 .. 1.5
---@param response number > 0, seconds per undamped cycle; tuning range 0.2 .. 1
---@param options? SpringOptions
---@return AnimationSpec animation `{ spring = { damping_ratio = ..., response = ... } }`
function S.spring(damping_ratio, response, options)
  check_positive('spring', 'damping_ratio', damping_ratio, 3)
  check_positive('spring', 'response', response, 3)
  local animation = spring_with('spring', { damping_ratio = damping_ratio, response = response }, options, 3)
  return animation
end

---Spring given by a duration and a damping ratio, like `UIViewPropertyAnimator(duration:dampingRatio:)`
---(seed 004): settles in about `duration` (the mapping: SheetCore's `Spring.withDuration`).
---@param duration number > 0, seconds
---@param damping_ratio number > 0 (1 = critically damped)
---@param options? SpringOptions
---@return AnimationSpec animation `{ spring = { duration = ..., damping_ratio = ... } }`
function S.spring_duration(duration, damping_ratio, options)
  check_positive('spring_duration', 'duration', duration, 3)
  check_positive('spring_duration', 'damping_ratio', damping_ratio, 3)
  local form = { duration = duration, damping_ratio = damping_ratio }
  local animation = spring_with('spring_duration', form, options, 3)
  return animation
end

---Reanimated's spring by stiffness, damping and mass: damping ratio c / (2 sqrt(k m)), angular
---frequency sqrt(k / m); like Reanimated, a ratio of 1 or more moves critically damped.
---gorhom's iOS sheet: S.spring_physics(1000, 500, 3, { clamp = true, rest_distance = 10, rest_speed = 10 }).
---@param stiffness number > 0 (k)
---@param damping number > 0 (c)
---@param mass? number > 0 (m, default 1)
---@param options? SpringOptions
---@return AnimationSpec animation `{ spring = { stiffness = ..., damping = ..., mass = ... } }`
function S.spring_physics(stiffness, damping, mass, options)
  check_positive('spring_physics', 'stiffness', stiffness, 3)
  check_positive('spring_physics', 'damping', damping, 3)
  if mass ~= nil then
    check_positive('spring_physics', 'mass', mass, 3)
  end
  local form = { stiffness = stiffness, damping = damping, mass = mass }
  local animation = spring_with('spring_physics', form, options, 3)
  return animation
end

---Apple's `Spring(duration:bounce:)` (iOS 17): response `duration`, damping ratio 1 - bounce (bounce >= 0)
---or 1 / (1 + bounce) (bounce < 0).
---@param duration number > 0, seconds (the perceptual duration)
---@param bounce number in (-1, 1): 0 no bounce, positive bouncier, negative slower (host range -0.99 .. 0.99)
---@param options? SpringOptions
---@return AnimationSpec animation `{ spring = { duration = ..., bounce = ... } }`
function S.spring_bounce(duration, bounce, options)
  check_positive('spring_bounce', 'duration', duration, 3)
  check_number('spring_bounce', 'bounce', bounce)
  if bounce <= -1 or bounce >= 1 then
    error(('sheet.spring_bounce: bounce %s is outside (-1, 1)'):format(bounce), 2)
  end
  local animation = spring_with('spring_bounce', { duration = duration, bounce = bounce }, options, 3)
  return animation
end

-- Builds an Apple preset spring: { spring = { preset = name, duration = d } } (d may be nil: 0.5 s).
-- Called from the public function, so its errors are raised one level further up.
local function preset(name, duration, options)
  if duration ~= nil then
    check_positive(name, 'duration', duration, 4)
  end
  local animation = spring_with(name, { preset = name, duration = duration }, options, 4)
  return animation
end

---Apple's `Spring.smooth`: bounce 0 (critically damped).
---@param duration? number > 0, seconds (default 0.5)
---@param options? SpringOptions
---@return AnimationSpec animation `{ spring = { preset = 'smooth', duration = ... } }`
function S.smooth(duration, options)
  local animation = preset('smooth', duration, options)
  return animation
end

---Apple's `Spring.snappy`: bounce 0.15.
---@param duration? number > 0, seconds (default 0.5)
---@param options? SpringOptions
---@return AnimationSpec animation `{ spring = { preset = 'snappy', duration = ... } }`
function S.snappy(duration, options)
  local animation = preset('snappy', duration, options)
  return animation
end

---Apple's `Spring.bouncy`: bounce 0.3.
---@param duration? number > 0, seconds (default 0.5)
---@param options? SpringOptions
---@return AnimationSpec animation `{ spring = { preset = 'bouncy', duration = ... } }`
function S.bouncy(duration, options)
  local animation = preset('bouncy', duration, options)
  return animation
end

---Any easing as a function of time progress t in [0, 1]: the host checks f(0) = 0 and f(1) = 1 when it
---reads the animation and calls it at every frame. Android's quintic ease-out:
---S.curve(function(t) return (t - 1) ^ 5 + 1 end, 0.25).
---@param fn fun(t: number): number the eased progress (0 at t = 0, 1 at t = 1; within [-10, 10])
---@param duration number > 0, seconds
---@return AnimationSpec animation `{ curve = fn, duration = duration }`
function S.curve(fn, duration)
  if type(fn) ~= 'function' then
    error(('sheet.curve: fn %s is not a function'):format(show(fn)), 2)
  end
  check_positive('curve', 'duration', duration, 3)
  return { curve = fn, duration = duration }
end

---Threshold overrides the host applies before a behaviour runs (`set { ... }`, `--set name=value`,
---`sheet tune`). The host fills this table; a behaviour reads it only through S.thresholds.
---@type table<string, number>
S.overrides = {}

---A behaviour's thresholds with the host's overrides applied, so that values a file computes once at
---load time (animation durations, a grab band) follow the overrides too. Only names `defaults` holds
---are overridden.
---@generic T: table<string, number>
---@param defaults T name -> number, the file's own values (changed in place and returned)
---@return T thresholds the same table, overridden names replaced
function S.thresholds(defaults)
  if type(defaults) ~= 'table' then
    error(('sheet.thresholds: defaults %s is not a table'):format(show(defaults)), 2)
  end
  for name, value in pairs(S.overrides) do
    if defaults[name] ~= nil then
      defaults[name] = value
    end
  end
  return defaults
end

---Refuses, at the caller's line, the first threshold of `ranges` outside its [lo, hi] (NaN included),
---naming the file and the value: `gorhom: threshold stiffness = -1 is outside [1e-06, 1000000000.0]`. For
---a behaviour's checks of its thresholds when it loads.
---@param owner string the behaviour's name, the message's first word
---@param thresholds table<string, number> the behaviour's thresholds
---@param ranges table[] a list of { name, lo, hi }, checked in order
function S.check_ranges(owner, thresholds, ranges)
  for i = 1, #ranges do
    local name, lo, hi = ranges[i][1], ranges[i][2], ranges[i][3]
    local v = thresholds[name]
    if not (v >= lo and v <= hi) then
      error(string.format('%s: threshold %s = %s is outside [%s, %s]', owner, name, tostring(v), lo, hi), 2)
    end
  end
end

---Refuses, at the caller's line, the first of the flag thresholds `names` that is neither 0 nor 1:
---`vaul: threshold handle = 2 is not 0 or 1`.
---@param owner string the behaviour's name, the message's first word
---@param thresholds table<string, number> the behaviour's thresholds
---@param names string[] the flags, checked in order
function S.check_flags(owner, thresholds, names)
  for i = 1, #names do
    local v = thresholds[names[i]]
    if v ~= 0 and v ~= 1 then
      error(string.format('%s: threshold %s = %s is not 0 or 1', owner, names[i], tostring(v)), 2)
    end
  end
end

-- S.extend's nesting: the names of the presets being loaded, outermost first (a preset may extend
-- another, at most `max_extend_depth` deep, so presets that extend each other in a ring stop there).
local extending = {}
local max_extend_depth = 8

-- "sheet.extend: <what>" raised at the caller of S.extend.
local function extend_error(text)
  error('sheet.extend: ' .. text, 3)
end

-- What is wrong with S.extend's `fields`, or nil: each key a behaviour field's name, `thresholds` a
-- table of name = finite number (the values of the other fields are checked when the behaviour is read).
local function extend_fields_problem(fields)
  for key in pairs(fields) do
    if type(key) ~= 'string' then
      return ('field key %s is not a field name'):format(show(key))
    end
    local known, hint = host.field(key)
    if not known then
      local suggestion = hint and (" (did you mean '%s'?)"):format(hint) or ''
      return ("unknown field '%s'%s"):format(key:sub(1, 60), suggestion)
    end
  end
  local thresholds = fields.thresholds
  if thresholds == nil then
    return nil
  elseif type(thresholds) ~= 'table' then
    return ('field thresholds %s is not a table of name = number'):format(show(thresholds))
  end
  for key, value in pairs(thresholds) do
    if type(key) ~= 'string' then
      return ('thresholds key %s is not a name'):format(show(key))
    elseif not finite(value) then
      return ("threshold '%s' is %s; expected a finite number"):format(key:sub(1, 60), show(value))
    end
  end
  return nil
end

-- A name of `added` the preset does not declare but that is a likely typo of one it does (the host's
-- did-you-mean rule), and that name: nil when every new name is far from the declared ones (a new name
-- is a threshold of the file's own callbacks and is added).
local function misspelt_threshold(added, own)
  if type(own) ~= 'table' then
    return nil
  end
  local declared = {}
  for key in pairs(own) do
    if type(key) == 'string' then
      declared[#declared + 1] = key
    end
  end
  for key in pairs(added) do
    if own[key] == nil then
      local hint = host.suggest(key, declared)
      if hint ~= nil then
        return key, hint
      end
    end
  end
  return nil
end

-- With its detents replaced by a list, a preset's `present_detent` and `largest_undimmed_detent` that
-- name none of the new ids (and that `fields` does not set) are dropped, so the defaults apply (present
-- at the first active detent; no undimmed detent) instead of refusing the file for an id it never gave.
-- A `detents` function's ids are not known here; the host checks those.
local function forget_old_ids(result, fields)
  local detents = fields.detents
  if type(detents) ~= 'table' then
    return
  end
  local ids = {}
  for i = 1, #detents do
    local entry = detents[i]
    if type(entry) == 'table' and type(entry.id) == 'string' then
      ids[entry.id] = true
    end
  end
  for _, key in ipairs({ 'present_detent', 'largest_undimmed_detent' }) do
    local id = result[key]
    if fields[key] == nil and type(id) == 'string' and not ids[id] then
      result[key] = nil
    end
  end
end

---A preset's behaviour table with some fields replaced: start from a known feel and change its layout
---or numbers without copying the file. `fields.thresholds` is merged into the preset's thresholds: its
---values are applied to the preset as overrides while the preset loads (so the preset's own
---`S.thresholds` sees them), and the host's overrides (`set {}`, `--set`, `sheet tune`) are applied on
---top of both. Every other field replaces the preset's. The preset's text is the embedded one (a
---preset name, never a path); a preset may itself extend another, at most 8 deep.
---@param name string a preset's name (`sheet presets` lists them), e.g. 'system'
---@param fields? Behaviour behaviour fields (typed, so an editor completes them and the callbacks'
---arguments); `thresholds` a table of name = number
---@return Behaviour behaviour the preset's table, those fields replaced
function S.extend(name, fields)
  if type(name) ~= 'string' then
    extend_error(('preset name %s is not a string'):format(show(name)))
  end
  if fields == nil then
    fields = {}
  elseif type(fields) ~= 'table' then
    extend_error(('fields %s is not a table of behaviour fields'):format(show(fields)))
  end
  if host == nil then
    extend_error('not available here (the host installs it with the module)')
  end
  local problem = extend_fields_problem(fields)
  if problem ~= nil then
    extend_error(problem)
  end
  if #extending >= max_extend_depth then
    extend_error(('presets extend each other more than %d deep (%s -> %s)'):format(
      max_extend_depth, table.concat(extending, ' -> '), name))
  end
  local text, message = host.preset(name)
  if text == nil then
    extend_error(message)
  end
  -- The preset's own globals (none, in a well-written file) go to a table of its own; reads fall
  -- through to this module's sandboxed environment.
  local chunk, syntax = load(text, '@' .. name .. '.lua', 't', setmetatable({}, { __index = _ENV }))
  if chunk == nil then
    extend_error(syntax)
  end
  local added = fields.thresholds or {}
  local outer = S.overrides
  local merged = {}
  for key, value in pairs(added) do
    merged[key] = value
  end
  for key, value in pairs(outer) do
    merged[key] = value
  end
  S.overrides = merged
  extending[#extending + 1] = name
  local ok, result = pcall(chunk)
  extending[#extending] = nil
  S.overrides = outer
  if not ok then
    error(result, 0)
  end
  if type(result) ~= 'table' then
    extend_error(("preset '%s' returned %s, not a behaviour table"):format(name, show(result)))
  end
  for key, value in pairs(fields) do
    if key ~= 'thresholds' then
      result[key] = value
    end
  end
  forget_old_ids(result, fields)
  local own = result.thresholds
  local problem_name, hint = misspelt_threshold(added, own)
  if problem_name ~= nil then
    extend_error(("threshold '%s' is not one of preset '%s''s (did you mean '%s'?)"):format(
      problem_name:sub(1, 60), name, hint))
  end
  if own == nil and next(added) ~= nil then
    own = {}
    result.thresholds = own
  end
  if type(own) == 'table' then
    for key, value in pairs(added) do
      own[key] = value
    end
    for key, value in pairs(outer) do
      if own[key] ~= nil then
        own[key] = value
      end
    end
  end
  return result
end

return S
