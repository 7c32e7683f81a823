-- flutter-draggable.lua: Flutter's DraggableScrollableSheet with snap: fractional sizes, constant speed.
--
-- Sources: flutter/flutter packages/flutter/lib/src/widgets/draggable_scrollable_sheet.dart ("DSS":
-- _DraggableSheetExtent, _DraggableScrollableSheetScrollPosition.applyUserOffset and goBallistic,
-- _SnappingSimulation); scroll_physics.dart (ScrollPhysics.toleranceFor, minFlingVelocity,
-- maxFlingVelocity); gestures/constants.dart (kTouchSlop 18) and monodrag.dart (a Scrollable's drag starts
-- past the slop, DragStartBehavior.start dropping the travel before it). Units: logical pixels = pt, y
-- down, velocities px/s. The parent is the screen: H its height, a size s is the height s H.
--
-- | rule           | here                                                     | where                    |
-- | -------------- | -------------------------------------------------------- | ------------------------ |
-- | sizes          | initial 0.5, min 0.25, max 1.0 (of H); snap sizes        | DSS DraggableScrollable- |
-- |                | snap_1..snap_4 (0: none), increasing, between min and    | Sheet, _impliedSnapSizes |
-- |                | max; min and max always snap sizes                       |                          |
-- | present        | at the initial size at once (no entrance animation)      | DSS build                |
-- | drag           | the size moves by each event's travel, within [min, max];| DSS applyUserOffset,     |
-- |                | nothing until |travel| > 18, the travel before dropped   | addPixelDelta; kTouchSlop|
-- | fling velocity | 0 unless |v| > 50; at most 8000                          | minFling/maxFlingVelocity|
-- | release        | v 0 within 1 / dpr px of a snap size: stays; moving up   | DSS goBallistic,         |
-- |                | at max: stays; else the snap size by _getSnapSize        | _shouldSnap, _getSnapSize|
-- | _getSnapSize   | |v| <= 1 / (0.05 dpr) px/s: the nearer of the sizes      | DSS _SnappingSimulation  |
-- |                | around it (the upper on a tie); else the next in the     | toleranceFor             |
-- |                | fling's direction                                        |                          |
-- | snap motion    | linear at max(1600, |v|) px/s toward the size, or over   | _SnappingSimulation x, dx|
-- |                | snap_duration ms when given                              | minimumSpeed 1600        |
-- | dpr            | 3 (device_pixel_ratio): tolerances 6.67 px/s, 1/3 px     | toleranceFor             |
--
-- Reference screen 390 x 844: min 211, initial 422, max 844. A fling up from 422 at 1000 px/s goes to 844
-- at 1600 px/s (0.264 s); at 2400 px/s, at 2400 (0.176 s).

local S = require 'sheet'

local thresholds = S.thresholds {
  initial_size = 0.5,         -- initialChildSize
  min_size = 0.25,            -- minChildSize
  max_size = 1.0,             -- maxChildSize
  snap_1 = 0,                 -- snapSizes, increasing, strictly between min_size and max_size (0: none)
  snap_2 = 0,
  snap_3 = 0,
  snap_4 = 0,
  snap_duration = 0,          -- ms: snapAnimationDuration (0: null, the constant-speed snap)
  min_snap_speed = 1600,      -- px/s: _SnappingSimulation.minimumSpeed
  device_pixel_ratio = 3,     -- the screen's pixels per logical pixel (toleranceFor)
  touch_slop = 18,            -- px: kTouchSlop, before a Scrollable's drag starts
  min_fling_velocity = 50,    -- px/s: kMinFlingVelocity
  max_fling_velocity = 8000,  -- px/s: kMaxFlingVelocity
}

-- Each size lies in [0, 1] and min <= initial <= max; the snap sizes given increase strictly between min
-- and max (DSS's asserts); a threshold outside refuses the file, naming it and the value.
S.check_ranges('flutter-draggable', thresholds, {
  { 'initial_size', 0, 1 }, { 'min_size', 0, 1 }, { 'max_size', 0, 1 }, { 'snap_1', 0, 1 },
  { 'snap_2', 0, 1 }, { 'snap_3', 0, 1 }, { 'snap_4', 0, 1 }, { 'snap_duration', 0, 60000 },
  { 'min_snap_speed', 1e-6, 1e6 },
  { 'device_pixel_ratio', 1e-6, 100 }, { 'touch_slop', 0, 1000 }, { 'min_fling_velocity', 0, 1e6 },
  { 'max_fling_velocity', 0, 1e6 },
})
S.check_ranges('flutter-draggable', thresholds, {
  { 'initial_size', thresholds.min_size, thresholds.max_size },
})
do
  local last = thresholds.min_size
  for k = 1, 4 do
    local name = 'snap_' .. k
    local v = thresholds[name]
    if v ~= 0 then
      if not (v > last and v < thresholds.max_size) then
        error(('flutter-draggable: threshold %s = %s is not between %s and max_size %s'):format(
          name, v, last, thresholds.max_size))
      end
      last = v
    end
  end
end

-- The snap sizes in pixels, ascending (reused): min, the snap sizes given, max (_impliedSnapSizes).
local snaps, snap_ids, snap_count = {}, {}, 0

-- A size's height: its detent's as the sheet placed it (lifted onto a keyboard: Flutter lays the sheet
-- out in the space the keyboard leaves, resizeToAvoidBottomInset), else the fraction of the screen.
local function add_snap(sheet, id, size)
  snap_count = snap_count + 1
  snap_ids[snap_count], snaps[snap_count] = id, sheet.detents[id] or size * sheet.screen.height
end

local function collect_snaps(sheet)
  local t = thresholds
  snap_count = 0
  add_snap(sheet, 'min', t.min_size)
  for k = 1, 4 do
    if t['snap_' .. k] ~= 0 then
      add_snap(sheet, 'snap_' .. k, t['snap_' .. k])
    end
  end
  add_snap(sheet, 'max', t.max_size)
  for k = #snaps, snap_count + 1, -1 do
    snaps[k], snap_ids[k] = nil, nil
  end
end

-- A size threshold's detent: its height, or nil for a snap size left out.
local function size_detent(id, name)
  return {
    id = id,
    height = function(ctx)
      local size = thresholds[name]
      if size == 0 then
        return nil
      end
      return size * ctx.screen.height
    end,
  }
end

-- Whether the drag has passed the slop (a Scrollable's drag has started).
local started = false

-- _SnappingSimulation._getSnapSize: the index of the snap size a release at `position` (px) with the
-- scroll velocity `v` (px/s, + = the sheet growing) goes to, and the rule's words.
local function snap_size(position, v)
  local next = snap_count
  for k = 1, snap_count do
    if snaps[k] >= position then
      next = k
      break
    end
  end
  if next == 1 then
    return 1, 'at or below the smallest snap size'
  end
  local tolerance = 1 / (0.050 * thresholds.device_pixel_ratio)
  if math.abs(v) <= tolerance then
    if position - snaps[next - 1] < snaps[next] - position then
      return next - 1, ('|v| %.2f <= %.2f: nearer %s'):format(v, tolerance, snap_ids[next - 1])
    end
    return next, ('|v| %.2f <= %.2f: nearer %s'):format(v, tolerance, snap_ids[next])
  end
  if v < 0 then
    return next - 1, ('v %.1f: the size below, %s'):format(v, snap_ids[next - 1])
  end
  return next, ('v %.1f: the size above, %s'):format(v, snap_ids[next])
end

-- The snap's motion: linear at the simulation's velocity (or over snap_duration).
local function snap_motion(distance, v)
  local t = thresholds
  if distance == 0 then
    return S.linear(0.001)
  end
  if t.snap_duration > 0 then
    return S.linear(t.snap_duration / 1000)
  end
  local speed = t.min_snap_speed
  local toward = distance > 0 and v or -v -- the velocity along the way to the snap size
  if toward > speed then
    speed = toward
  end
  return S.linear(math.abs(distance) / speed)
end

---@type Behaviour
local behaviour = {
  edge = 'bottom',
  corner_radius = 0,
  grabber = false,
  pannable = true,
  gesture_area = 'sheet',   -- the builder's scroll view fills the sheet
  backdrop_max = 0,         -- no scrim of its own
  tap_to_dismiss = false,
  allow_dismiss = false,    -- it never goes below min_size
  present_detent = 'initial',
  thresholds = thresholds,

  detents = {
    size_detent('initial', 'initial_size'),
    size_detent('min', 'min_size'),
    size_detent('snap_1', 'snap_1'),
    size_detent('snap_2', 'snap_2'),
    size_detent('snap_3', 'snap_3'),
    size_detent('snap_4', 'snap_4'),
    size_detent('max', 'max_size'),
  },

  -- applyUserOffset / addPixelDelta: each event's travel, the size held in [min, max]; the travel up to
  -- the slop is dropped (DragStartBehavior.start).
  on_drag = function(sheet, gesture)
    local t = thresholds
    if not started then
      if math.abs(gesture.translation) <= t.touch_slop then
        return sheet.height
      end
      started = true
      return sheet.height
    end
    local H = sheet.screen.height
    local low, high = sheet.detents.min or t.min_size * H, sheet.detents.max or t.max_size * H
    return S.clamp(sheet.height - gesture.delta, low, high)
  end,

  on_release = function(sheet, gesture)
    local t = thresholds
    local position = sheet.height
    if not started then
      local stay = S.stay(sheet)
      if type(stay) == 'string' then
        return stay, 'the drag never started (within the touch slop)'
      end
      -- a hold let go mid-snap: the position goes ballistic at 0 (goBallistic(0)), so it snaps from here
    end
    local v = started and -gesture.velocity or 0 -- a scroll velocity: + = the sheet growing
    if math.abs(v) <= t.min_fling_velocity then
      v = 0
    end
    v = S.clamp(v, -t.max_fling_velocity, t.max_fling_velocity)
    collect_snaps(sheet)
    local tolerance = 1 / t.device_pixel_ratio
    if v == 0 then
      for k = 1, snap_count do
        if math.abs(position - snaps[k]) <= tolerance then
          return S.stay(sheet), ('v 0 at %s (within %.3f px): no snap'):format(snap_ids[k], tolerance)
        end
      end
    end
    if v > 0 and position >= snaps[snap_count] then
      return S.stay(sheet), ('v %.1f up at the max size: no snap'):format(v)
    end
    local k, rule = snap_size(position, v)
    return snap_ids[k], rule, snap_motion(snaps[k] - position, v)
  end,

  on_state = function(_, _, to)
    if to == 'dragging' then
      started = false
    end
  end,

  -- present and dismiss at once; a programmatic snap as a snap from rest (at the minimum speed).
  animations = function(sheet, transition)
    if transition == 'present' or transition == 'dismiss' or transition == 'resize' then
      return S.linear(0.001)
    end
    return snap_motion((sheet.target_height or sheet.height) - sheet.height, 0)
  end,
}

return behaviour
