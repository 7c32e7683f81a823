-- vaul.lua: emilkowalski/vaul's drawer: snap points by average velocity and distance, CSS ease 0.5 s.
--
-- Repository emilkowalski/vaul. The library works in offsets (the drawer's translateY, offset = W - h
-- for a snap point, W the window height); the rules below are restated in heights. Its velocity is the
-- whole drag's distance over its time, px/ms: |gesture.average_velocity| / 1000.
--
-- rule (threshold = default)                         source
-- snap points p1, p2, ... in the order given: a      test/src/app/with-snap-points/page.tsx
--   fraction of W or px (snap_N: 148, 355, 1)          `['148px', '355px', 1]`; src/use-snap-points.ts
-- drag: h = active snap point - translation; past    src/use-snap-points.ts onDrag
--   the last snap point the drawer does not move
-- non-dismissible: no drag down from p1              src/index.tsx onDrag (noCloseSnapPointsPreCondition)
-- release, in order: v > 2 down -> dismiss (p1 when  src/use-snap-points.ts onRelease; src/index.tsx
--   not dismissible); v > 2 up -> last (both off      onRelease (velocity = |distMoved| / timeTaken)
--   when sequential); v > 0.4 and |d| < 0.4 W -> one
--   snap point in the drag's direction (dismiss down
--   from p1; stay up at the last); else the nearest
--   (the first of equals) (fast_velocity = 2,
--   velocity_threshold = 0.4, flick_distance = 0.4,
--   sequential = 0, dismissible = 1)
-- no snap points (snap_points = 0): up -> back;      src/index.tsx onRelease; src/constants.ts
--   v > 0.4 -> dismiss; dragged >= 0.25 of the         CLOSE_THRESHOLD, VELOCITY_THRESHOLD
--   drawer -> dismiss; else back (close_threshold);
--   up drags dampened 8 (ln(d + 1) - 2)                src/helpers.ts dampenValue
-- every move 0.5 s cubic-bezier(0.32, 0.72, 0, 1)    src/constants.ts TRANSITIONS (duration = 0.5)
-- overlay: shown (0.4 black) from the fade snap      src/use-snap-points.ts snapToPoint,
--   point up (the last: fadeFromIndex default),        getPercentageDragged; test pages' bg-black/40
--   linear between it and the one below while           (overlay = 0.4, fade_from = 0: the last)
--   dragging from either
-- handle tap: next snap point, dismiss at the last;  src/index.tsx Handle handleCycleSnapPoints;
--   hit area 44 px around a 5 px bar (handle = 0,      src/style.css [data-vaul-handle-hitarea]
--   handle_band = 24.5)
-- backdrop tap dismisses when dismissible            Radix Dialog onOpenChange; test/tests/base.spec.ts
--
-- Snap points: `snap_1` .. `snap_6` are thresholds (so `set {}` and `sheet tune` reach them): a value in
-- (0, 1] is a fraction of the window (the screen height H), a value above 1 is pixels (points here), 0
-- leaves the entry out; the non-zero entries, in order, become p1, p2, ... (ascending, as vaul expects).
-- With `snap_points = 0` (vaul's drawer without the snapPoints prop) p1 is the drawer's height. A file
-- may instead replace `detents` (`S.extend('vaul', { detents = ... })`): the rules read `sheet.order`.
-- Reference screen (H = 844): p1 = 148, p2 = 355, p3 = 844. From p2, a 100 pt drag up in 0.1 s
-- (1 px/ms > 0.4, 100 < 0.4 * 844) goes to p3; the same drag in 1 s (0.1 px/ms) goes to the nearest, p2.

local S = require 'sheet'

local thresholds = S.thresholds {
  snap_1 = 148, -- snap points (the test app's ['148px', '355px', 1]): px above 1, fraction of H up to 1
  snap_2 = 355,
  snap_3 = 1,
  snap_4 = 0,
  snap_5 = 0,
  snap_6 = 0,
  snap_points = 1,          -- 0 or 1: whether the drawer has the snapPoints prop at all
  velocity_threshold = 0.4, -- px/ms: VELOCITY_THRESHOLD; range 0 .. 100
  fast_velocity = 2,        -- px/ms: onRelease's `velocity > 2`; range 0 .. 100
  flick_distance = 0.4,     -- of H: onRelease's `Math.abs(draggedDistance) < dim * 0.4`; range 0 .. 1
  close_threshold = 0.25,   -- of the drawer's height: CLOSE_THRESHOLD (no snap points); range 0 .. 1
  sequential = 0,           -- 0 or 1: `snapToSequentialPoint` (default false)
  dismissible = 1,          -- 0 or 1: `dismissible` (default true)
  overlay = 0.4,            -- opacity of the overlay when shown (`bg-black/40`); range 0 .. 1
  fade_from = 0,            -- 1-based snap point the overlay shows from; 0: the last (fadeFromIndex default)
  duration = 0.5,           -- s: TRANSITIONS.DURATION; range 0.001 .. 60
  handle = 0,               -- 0 or 1: whether the drawer has a <Drawer.Handle> (tap to cycle)
  handle_band = 24.5,       -- pt below the top edge a handle tap reaches: 5 / 2 + 44 / 2 (style.css)
}

local snap_names = { 'snap_1', 'snap_2', 'snap_3', 'snap_4', 'snap_5', 'snap_6' }

-- A threshold outside its range, or a flag neither 0 nor 1, refuses the file, naming it and the value.
S.check_ranges('vaul', thresholds, {
  { 'snap_1', 0, 100000 }, { 'snap_2', 0, 100000 }, { 'snap_3', 0, 100000 },
  { 'snap_4', 0, 100000 }, { 'snap_5', 0, 100000 }, { 'snap_6', 0, 100000 },
  { 'velocity_threshold', 0, 100 }, { 'fast_velocity', 0, 100 }, { 'flick_distance', 0, 1 },
  { 'close_threshold', 0, 1 }, { 'overlay', 0, 1 }, { 'fade_from', 0, 6 }, { 'duration', 0.001, 60 },
  { 'handle_band', 0, 10000 },
})
S.check_flags('vaul', thresholds, { 'snap_points', 'sequential', 'dismissible', 'handle' })
if thresholds.fade_from ~= math.floor(thresholds.fade_from) then
  error(string.format('vaul: threshold fade_from = %s is not a whole number', tostring(thresholds.fade_from)))
end

-- use-snap-points' snapPointsOffset: a string is px, a number a fraction of the window.
local function snap_height(value, window)
  if value <= 1 then
    return value * window
  end
  return value
end

-- The detents p1, p2, ...: the non-zero snap_N in order (without snap points, only the first).
local detents = {}
for i = 1, #snap_names do
  local value = thresholds[snap_names[i]]
  if value > 0 and (thresholds.snap_points ~= 0 or detents[1] == nil) then
    detents[#detents + 1] = {
      id = 'p' .. (#detents + 1),
      height = function(ctx)
        return snap_height(value, ctx.screen.height)
      end,
    }
  end
end
if detents[1] == nil then
  error('vaul: no snap point: every threshold snap_1 .. snap_6 is 0')
end

local ease = { curve = { bezier = { 0.32, 0.72, 0, 1 } }, duration = thresholds.duration }

-- The active snap point's position in sheet.order (1-based), or nil.
local function active_index(sheet)
  local id = sheet.detent
  local order = sheet.order
  for k = 1, #order do
    if order[k] == id then
      return k
    end
  end
  return nil
end

-- The active snap point's height: where vaul measures a drag from (activeSnapPointOffset).
local function active_height(sheet, gesture)
  local i = active_index(sheet)
  if i == nil then
    return gesture.start_height
  end
  return sheet.detents[sheet.order[i]]
end

-- The whole drag's velocity in px/ms (vaul: |distMoved| / timeTaken).
local function drag_velocity(gesture)
  return math.abs(gesture.average_velocity) / 1000
end

-- The 1-based index of the snap point the overlay shows from.
local function fade_index(sheet)
  local f = thresholds.fade_from
  if f == 0 or f > #sheet.order then
    return #sheet.order
  end
  return f
end

-- The overlay's opacity (0 .. 1, before `overlay`) while dragging with snap points: the fade pair's
-- linear ramp when the drag started at the fade point or the one below; otherwise unchanged (nil).
local function snap_overlay_while_dragging(sheet)
  local i = active_index(sheet)
  local f = fade_index(sheet)
  if i == nil or f < 2 or (i ~= f and i ~= f - 1) then
    return nil
  end
  local lo, hi = sheet.detents[sheet.order[f - 1]], sheet.detents[sheet.order[f]]
  if hi <= lo then
    -- a pair squeezed to one height (the keyboard leaves no room between them): no ramp to follow
    if sheet.height >= hi then
      return 1.0
    end
    return 0.0
  end
  if i == f and sheet.height >= hi then
    return 1.0 -- dragging up from the fade point: 1
  end
  if i == f - 1 and sheet.height <= lo then
    return 0.0 -- dragging down from the point below: 0
  end
  return S.clamp((sheet.height - lo) / (hi - lo), 0, 1)
end

-- use-snap-points onRelease: the target (a detent id or 'dismiss') and the reason.
local function release_snap(sheet, gesture)
  local t = thresholds
  local order, heights = sheet.order, sheet.detents
  local n = #order
  local v = drag_velocity(gesture)
  local dist = -gesture.translation -- draggedDistance: positive up
  local up = dist > 0
  local i = active_index(sheet)
  local current = active_height(sheet, gesture) + dist
  local head = string.format('v %.3f px/ms, dragged %.1f', v, dist)
  if t.sequential == 0 and v > t.fast_velocity and not up then
    if t.dismissible ~= 0 then
      return 'dismiss', string.format('%s: v > %g down -> dismiss', head, t.fast_velocity)
    end
    return order[1], string.format('%s: v > %g down, not dismissible -> %s', head, t.fast_velocity, order[1])
  end
  if t.sequential == 0 and v > t.fast_velocity and up then
    return order[n], string.format('%s: v > %g up -> %s', head, t.fast_velocity, order[n])
  end
  if v > t.velocity_threshold and math.abs(dist) < sheet.screen.height * t.flick_distance then
    local what = string.format('%s: v > %g, |d| < %g H', head, t.velocity_threshold, t.flick_distance)
    if up and i == n then
      return order[n], string.format('%s, up at the last -> %s', what, order[n])
    end
    if (not up) and i == 1 and t.dismissible ~= 0 then
      return 'dismiss', string.format('%s, down from the first -> dismiss', what)
    end
    if i ~= nil then
      local next_i = i + (up and 1 or -1)
      local id = order[next_i] or order[i]
      return id, string.format('%s -> one step to %s', what, id)
    end
  end
  -- The nearest snap point to the current position; the first of equals (reduce keeps prev on ties).
  local best, best_d = 1, math.abs(heights[order[1]] - current)
  for k = 2, n do
    local d = math.abs(heights[order[k]] - current)
    if d < best_d then
      best, best_d = k, d
    end
  end
  return order[best], string.format('%s: nearest to %.1f -> %s', head, current, order[best])
end

-- index.tsx onRelease without snap points.
local function release_plain(sheet, gesture)
  local t = thresholds
  local open = sheet.detents[sheet.order[1]]
  local v = drag_velocity(gesture)
  local dist = -gesture.translation
  local head = string.format('v %.3f px/ms, dragged %.1f', v, dist)
  if dist > 0 then
    return sheet.order[1], string.format('%s: moved up -> back', head)
  end
  if v > t.velocity_threshold then
    return 'dismiss', string.format('%s: v > %g -> dismiss', head, t.velocity_threshold)
  end
  local swipe = open - sheet.height
  local visible = math.min(open, sheet.screen.height)
  if swipe >= visible * t.close_threshold then
    return 'dismiss', string.format('%s: swiped %.1f >= %g * %.1f -> dismiss', head, swipe,
      t.close_threshold, visible)
  end
  return sheet.order[1], string.format('%s: swiped %.1f < %g * %.1f -> back', head, swipe,
    t.close_threshold, visible)
end

-- The drawer's translate on release (getTranslate): 0 means vaul does nothing at all.
local function swipe_amount(sheet)
  if thresholds.snap_points ~= 0 then
    return sheet.screen.height - sheet.height
  end
  return sheet.detents[sheet.order[1]] - sheet.height
end

---@type Behaviour
local behaviour = {
  edge = 'bottom',
  corner_radius = 10,      -- the test pages' rounded-t-[10px]
  pannable = true,
  gesture_area = 'sheet',
  backdrop_max = thresholds.overlay,
  tap_to_dismiss = false,  -- on_tap decides (dismissible, the handle)
  allow_dismiss = thresholds.dismissible ~= 0,
  thresholds = thresholds,
  detents = detents,

  on_drag = function(sheet, gesture)
    local t = thresholds
    local order = sheet.order
    if order[1] == nil then
      return sheet.height
    end
    local dist = -gesture.translation
    if t.snap_points == 0 then
      -- No snap points: no drag at all when not dismissible (onPress returns); up is dampened.
      local open = sheet.detents[order[1]]
      if t.dismissible == 0 then
        return sheet.height
      end
      if dist > 0 then
        return S.clamp(open + math.max(8 * (math.log(dist + 1) - 2), 0), 0, sheet.screen.height)
      end
      return S.clamp(open + dist, 0, sheet.screen.height)
    end
    local i = active_index(sheet)
    if t.dismissible == 0 and dist <= 0 then
      if i == 1 then
        return sheet.height
      end
      -- percentageDragged >= 1: the fade pair's share of its gap, else of the drawer's height.
      local share = -dist / sheet.detents[order[#order]]
      local f = fade_index(sheet)
      if i ~= nil and f >= 2 and i == f then
        share = -dist / (sheet.detents[order[f]] - sheet.detents[order[f - 1]])
      end
      if share >= 1 then
        return sheet.height
      end
    end
    local h = active_height(sheet, gesture) + dist
    if h > sheet.detents[order[#order]] then
      return sheet.height -- beyond the last snap point: the drawer keeps its place
    end
    return S.clamp(h, 0, sheet.screen.height)
  end,

  on_release = function(sheet, gesture)
    if sheet.order[1] == nil then
      return { height = sheet.height }, 'no snap points'
    end
    if swipe_amount(sheet) == 0 then
      -- `!swipeAmount`: vaul does nothing, so the sheet stays, at the snap point whose offset it is at
      -- (vaul knows a snap point by its offset: a drawer grabbed while it closed is at one all the
      -- same); at the window's top with the last snap point lower (a keyboard lowers them), at the last
      local stay = S.stay(sheet)
      local order = sheet.order
      if type(stay) == 'string' then
        return stay, 'translate 0: no release'
      end
      if sheet.height >= sheet.detents[order[#order]] then
        return order[#order], 'translate 0: no release, at or above the last snap point'
      end
      return { height = sheet.height }, 'translate 0: no release'
    end
    if thresholds.snap_points == 0 then
      return release_plain(sheet, gesture)
    end
    return release_snap(sheet, gesture)
  end,

  -- The overlay (0.4 black): with snap points shown at and above the fade point and ramping over the
  -- fade pair while dragging; without them 1 - dragged / drawer height. The transitions run opacity on
  -- the same curve as the drawer, so the core's blend by progress is vaul's CSS transition.
  backdrop = function(sheet)
    local t = thresholds
    local order = sheet.order
    if order[1] == nil then
      return 0.0
    end
    if t.snap_points == 0 then
      local open = sheet.detents[order[1]]
      return t.overlay * S.clamp(sheet.height / open, 0, 1)
    end
    if sheet.state == 'dragging' then
      local o = snap_overlay_while_dragging(sheet)
      if o == nil then
        return nil
      end
      return t.overlay * o
    end
    local f = fade_index(sheet)
    if sheet.height >= sheet.detents[order[f]] then
      return t.overlay
    end
    return 0.0
  end,

  -- A handle tap cycles (Handle handleCycleSnapPoints); a backdrop tap closes when dismissible.
  on_tap = function(sheet, tap)
    local t = thresholds
    if tap.region == 'backdrop' then
      if t.dismissible ~= 0 then
        return 'dismiss'
      end
      return nil
    end
    local top = sheet.screen.height - sheet.height
    if t.handle == 0 or tap.y < top or tap.y > top + t.handle_band then
      return nil
    end
    if t.snap_points == 0 then
      if t.dismissible == 0 then
        return 'dismiss' -- the library's own branch: no snap points and not dismissible closes
      end
      return nil
    end
    local order = sheet.order
    local i = active_index(sheet)
    if i == #order and t.dismissible ~= 0 then
      return 'dismiss'
    end
    if i == nil or order[i + 1] == nil then
      return nil
    end
    return order[i + 1]
  end,

  animations = function()
    return ease
  end,
}

return behaviour
