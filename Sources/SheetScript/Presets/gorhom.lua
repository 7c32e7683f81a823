-- gorhom.lua: gorhom/react-native-bottom-sheet (iOS): redash snapPoint, sqrt over-drag, Reanimated spring.
--
-- Repository gorhom/react-native-bottom-sheet unless named. The library works in positions (the sheet's
-- top edge below the container's top, pos = C - h); the rules below are restated in heights.
--
-- rule (threshold = default)                         source
-- snap points p1, p2, ... in the order given,        README usage `['25%', '50%']`;
--   a percentage of the container C (snap_N)           src/utilities/normalizeSnapPoint.ts
-- drag: raw = start - translation, clamped to        src/hooks/useGestureEventsHandlersDefault.tsx
--   [lowest, highest snap point]                       handleOnChange
-- lowest = 0 with pan-down-to-close, else p1         src/components/bottomSheet/constants.ts
--   (pan_down_to_close = 0)                            DEFAULT_ENABLE_PAN_DOWN_TO_CLOSE
-- over-drag past an edge e: e +- sqrt(1 + |raw - e|)  handleOnChange; DEFAULT_ENABLE_OVER_DRAG,
--   * R (over_drag = 1, over_drag_resistance = 2.5)    DEFAULT_OVER_DRAG_RESISTANCE_FACTOR
-- release: nearest of [0 (pan-down-to-close), p1..]  react-native-redash src/Physics.ts snapPoint and
--   to raw - 0.2 s * vy, the first of equals wins      src/__tests__/Physics.test.ts; handleOnEnd;
--   (projection = 0.2)                                 src/utilities/snapPoint.ts
-- every move a spring: stiffness 1000, damping 500,  src/constants.ts ANIMATION_CONFIGS_IOS;
--   mass 3, overshoot clamped, rest 10 pt, 10 pt/s     src/utilities/animate.ts
-- a release's spring starts at half the velocity     handleOnEnd `velocityY / 2`
--   (velocity_fraction = 0.5)
-- zeta >= 1 runs the critically damped form at       react-native-reanimated src/animation/spring.ts
--   w0 = sqrt(k / m) = 18.26 rad/s (zeta here 4.56)    springOnFrame (no over-damped branch)
-- backdrop interpolate(index, [-1, 0, 1], [0, 0,     src/components/bottomSheetBackdrop/constants.ts,
--   0.5]) clamped; index -1 closed, k - 1 at pk        BottomSheetBackdrop.tsx
-- backdrop tap closes while index > disappears       BottomSheetBackdrop.tsx handleOnPress, pointerEvents
--
-- Snap points: `snap_1` .. `snap_6` are thresholds (so `set {}` and `sheet tune` reach them): a value in
-- (0, 1] is a fraction of the container, taken as the screen height H (a root-level sheet's container is
-- the window; '25%' is 0.25), a value above 1 is points, 0 leaves the entry out. The non-zero entries, in
-- order, become detents p1, p2, ...; give them ascending, as the library requires. A file may instead
-- replace `detents` with its own list (`S.extend('gorhom', { detents = ... })`): the rules read
-- `sheet.order` and `sheet.detents`, never these thresholds.
-- Reference screen (H = 844): p1 = 211, p2 = 422; a release at 300 moving up at 500 pt/s projects to
-- 300 + 0.2 * 500 = 400 -> p2 (22 away; p1 is 189 away).

local S = require 'sheet'

local thresholds = S.thresholds {
  snap_1 = 0.25, -- snap points ('25%', '50%' in the README's usage example): fraction of H, or pt above 1
  snap_2 = 0.5,
  snap_3 = 0,
  snap_4 = 0,
  snap_5 = 0,
  snap_6 = 0,
  pan_down_to_close = 0,        -- 0 or 1: `enablePanDownToClose` (DEFAULT_ENABLE_PAN_DOWN_TO_CLOSE false)
  over_drag = 1,                -- 0 or 1: `enableOverDrag` (DEFAULT_ENABLE_OVER_DRAG true)
  over_drag_resistance = 2.5,   -- pt per sqrt(pt): `overDragResistanceFactor`; range 0 .. 100
  projection = 0.2,             -- s: redash snapPoint's `value + 0.2 * velocity`; range 0 .. 10
  stiffness = 1000,             -- ANIMATION_CONFIGS_IOS (N/m with mass in kg: Reanimated's units); > 0
  damping = 500,                -- ANIMATION_CONFIGS_IOS; >= 0
  mass = 3,                     -- ANIMATION_CONFIGS_IOS; > 0
  overshoot_clamping = 1,       -- 0 or 1: `overshootClamping: true`
  rest_displacement = 10,       -- pt: `restDisplacementThreshold`; > 0
  rest_speed = 10,              -- pt/s: `restSpeedThreshold`; > 0
  velocity_fraction = 0.5,      -- of the release velocity the spring starts with (`velocityY / 2`); 0 .. 10
  backdrop_opacity = 0.5,       -- BottomSheetBackdrop DEFAULT_OPACITY; 0 .. 1
  disappears_on_index = 0,      -- DEFAULT_DISAPPEARS_ON_INDEX; >= -1, below appears_on_index
  appears_on_index = 1,         -- DEFAULT_APPEARS_ON_INDEX
}

local snap_names = { 'snap_1', 'snap_2', 'snap_3', 'snap_4', 'snap_5', 'snap_6' }

-- A threshold outside its range, or a flag neither 0 nor 1, refuses the file, naming it and the value.
S.check_ranges('gorhom', thresholds, {
  { 'snap_1', 0, 100000 }, { 'snap_2', 0, 100000 }, { 'snap_3', 0, 100000 },
  { 'snap_4', 0, 100000 }, { 'snap_5', 0, 100000 }, { 'snap_6', 0, 100000 },
  { 'over_drag_resistance', 0, 100 }, { 'projection', 0, 10 }, { 'stiffness', 1e-6, 1e9 },
  { 'damping', 0, 1e9 }, { 'mass', 1e-6, 1e9 }, { 'rest_displacement', 1e-6, 100000 },
  { 'rest_speed', 1e-6, 100000 }, { 'velocity_fraction', 0, 10 }, { 'backdrop_opacity', 0, 1 },
  { 'disappears_on_index', -1, 100 }, { 'appears_on_index', -1, 100 },
})
S.check_flags('gorhom', thresholds, { 'pan_down_to_close', 'over_drag', 'overshoot_clamping' })
if thresholds.appears_on_index <= thresholds.disappears_on_index then
  error(string.format('gorhom: appears_on_index %s must be above disappears_on_index %s',
    tostring(thresholds.appears_on_index), tostring(thresholds.disappears_on_index)))
end

-- normalizeSnapPoint: a percentage of the container, or points; capped at the container (pos >= 0).
local function snap_height(value, container)
  local h = value
  if value <= 1 then
    h = value * container
  end
  return math.min(h, container)
end

-- The detents p1, p2, ...: the non-zero snap_N in order (built once; overrides are applied already).
local detents = {}
for i = 1, #snap_names do
  local value = thresholds[snap_names[i]]
  if value > 0 then
    detents[#detents + 1] = {
      id = 'p' .. (#detents + 1),
      height = function(ctx)
        return snap_height(value, ctx.screen.height)
      end,
    }
  end
end
if detents[1] == nil then
  error('gorhom: no snap point: every threshold snap_1 .. snap_6 is 0')
end

-- The lowest height a drag clamps to: 0 (the closed position) with pan-down-to-close, else p1.
local function lowest(sheet)
  if thresholds.pan_down_to_close ~= 0 then
    return 0.0
  end
  return sheet.detents[sheet.order[1]]
end

-- The drag's unclamped height: the start height moved by the finger (the library's
-- `initialPosition + translationY`, as a height).
local function raw_height(gesture)
  return gesture.start_height - gesture.translation
end

-- Release candidates, ascending (reused, never re-created): heights and their targets.
local heights, names = {}, {}

-- handleOnEnd with redash's snapPoint: the candidates in the library's order (closed first, then the
-- snap points as given), the nearest to raw + projection * v wins, the first of equals.
local function release(sheet, gesture)
  local t = thresholds
  local order, detents_now = sheet.order, sheet.detents
  local count = 0
  if t.pan_down_to_close ~= 0 then
    count = 1
    heights[1], names[1] = 0.0, 'dismiss'
  end
  for k = 1, #order do
    count = count + 1
    heights[count], names[count] = detents_now[order[k]], order[k]
  end
  for k = #heights, count + 1, -1 do
    heights[k], names[k] = nil, nil
  end
  local raw = raw_height(gesture)
  if count == 0 then
    return { height = sheet.height }, string.format('no snap points -> stay at %.1f', sheet.height)
  end
  -- pos + 0.2 * vy as a height: h - 0.2 * vy (vy positive down).
  local projected = raw - t.projection * gesture.velocity
  local i = S.nearest(projected, heights)
  return names[i], string.format('raw %.1f - %g * vy %.1f = %.1f -> nearest %s %.1f',
    raw, t.projection, gesture.velocity, projected, names[i], heights[i])
end

-- The library's animatedIndex: -1 at height 0 (closed), k - 1 at the k-th snap point, linear between,
-- clamped to [-1, n - 1].
local function fractional_index(sheet)
  local order, detents_now = sheet.order, sheet.detents
  local h = sheet.height
  local below_h, below_i = 0.0, -1
  for k = 1, #order do
    local hk = detents_now[order[k]]
    if h <= hk then
      if hk <= below_h then
        return k - 1
      end
      return below_i + (h - below_h) / (hk - below_h) * (k - 1 - below_i)
    end
    below_h, below_i = hk, k - 1
  end
  return below_i
end

-- Reanimated's interpolate(index, [-1, d, a], [0, 0, opacity], clamp).
local function backdrop(sheet)
  local t = thresholds
  local index = fractional_index(sheet)
  local d, a = t.disappears_on_index, t.appears_on_index
  if index <= d then
    return 0.0
  end
  if index >= a then
    return t.backdrop_opacity
  end
  return t.backdrop_opacity * (index - d) / (a - d)
end

-- The spring of every move. Reanimated runs the under-damped closed form for zeta < 1 and the
-- critically damped one at w0 = sqrt(k / m) otherwise, so an over-damped configuration (gorhom's
-- zeta = 500 / (2 sqrt(3000)) = 4.56) moves as a critically damped spring of response 2 pi / w0.
local function spring()
  local t = thresholds
  local options = {
    velocity_fraction = t.velocity_fraction,
    rest_distance = t.rest_displacement,
    rest_speed = t.rest_speed,
    clamp = t.overshoot_clamping ~= 0,
  }
  local zeta = t.damping / (2 * math.sqrt(t.stiffness * t.mass))
  if zeta < 1 then
    return S.spring_physics(t.stiffness, t.damping, t.mass, options)
  end
  local w0 = math.sqrt(t.stiffness / t.mass)
  return S.spring(1, 2 * math.pi / w0, options)
end
local motion = spring()

---@type Behaviour
local behaviour = {
  edge = 'bottom',
  grabber = true,            -- the default handle (DEFAULT_HANDLE_HEIGHT 24)
  pannable = true,
  gesture_area = 'sheet',    -- handle and content panning (DEFAULT_ENABLE_*_PANNING_GESTURE true)
  backdrop_max = thresholds.backdrop_opacity,
  allow_dismiss = thresholds.pan_down_to_close ~= 0,
  backdrop_follows_height = true, -- the backdrop is a function of the animated position, every frame
  thresholds = thresholds,
  detents = detents,

  -- handleOnChange: raw = start + translation; over-drag past the highest snap point and past the
  -- lowest point (sqrt resistance), else clamped between them; the core's [0, H] bounds last.
  on_drag = function(sheet, gesture)
    local t = thresholds
    local order = sheet.order
    local raw = raw_height(gesture)
    local h = raw
    if order[1] ~= nil then
      local top = sheet.detents[order[#order]]
      local bottom = lowest(sheet)
      if t.over_drag ~= 0 and raw > top then
        h = top + math.sqrt(1 + (raw - top)) * t.over_drag_resistance
      elseif t.over_drag ~= 0 and raw < bottom then
        h = bottom - math.sqrt(1 + (bottom - raw)) * t.over_drag_resistance
      elseif raw > top then
        h = top
      elseif raw < bottom then
        h = bottom
      end
    end
    return S.clamp(h, 0, sheet.screen.height)
  end,

  on_release = release,
  backdrop = backdrop,

  -- The backdrop's press behaviour 'close', while it takes touches (index above disappears_on_index).
  on_tap = function(sheet, tap)
    if tap.region == 'backdrop' and fractional_index(sheet) > thresholds.disappears_on_index then
      return 'dismiss'
    end
    return nil
  end,

  -- animate(): every transition (mount, gesture, snapToIndex, close) uses the same spring.
  animations = function()
    return motion
  end,
}

return behaviour
