-- cupertino-sheet.lua: Flutter's CupertinoSheetRoute (iOS 18's sheet): the page behind shrinks and dims.
--
-- Sources: flutter/flutter packages/flutter/lib/src/cupertino/sheet.dart ("CS": _kTopGapRatio,
-- _kStretchedTopGapRatio, _kMinFlingVelocity, _kDroppedSheetDragAnimationDuration, _kSheetScaleFactor,
-- _kOpacityTween, _kTopDownTween, delegateTransition, _CupertinoDragGestureController dragUpdate and
-- dragEnd, transitionDuration); animation/curves.dart (Cubic's bisection to 0.001, ThreePointCubic,
-- fastEaseInToSlowEaseOut, linearToEaseOut, easeInToLinear, easeOut); gestures/constants.dart (kTouchSlop
-- 18, kMinFlingVelocity 50). Units: logical pixels = pt, y down. The route's animation value v runs
-- from 0 (hidden) to 1 (open); the open sheet is H (1 - 0.08) tall, its height v times that.
--
-- | rule           | here                                                     | where                    |
-- | -------------- | -------------------------------------------------------- | ------------------------ |
-- | open           | h = H (1 - top_gap), top_gap 0.08                        | CS _kTopGapRatio         |
-- | present        | v over 500 ms, h = open fastEaseInToSlowEaseOut(v)       | CS transitionDuration,   |
-- | dismiss()      | v back over 500 ms, h = open (1 - c(1 - v)) (flipped)    | _primaryPositionCurve    |
-- | drag           | past kTouchSlop 18 (the travel before dropped), each     | CS dragUpdate            |
-- |                | event's travel: v -= delta / open; at v = 1 upward it    |                          |
-- |                | stretches the top gap instead, by up to 0.008 H          | _kStretchedTopGapRatio   |
-- | release        | stretched: the stretch goes back (180 ms ease-out) and   | CS dragEnd               |
-- |                | the sheet stays; else |v| >= 2 sheet heights / s decides|                          |
-- |                | by its sign (up or 0: open), else open when v > 0.52     | _kMinFlingVelocity       |
-- | settle         | 300 ms ease-out, the sheet linear in v (gesture curve)   | _kDroppedSheetDrag...    |
-- | page behind    | p = v (linear during a gesture), linearToEaseOut(v)      | CS delegateTransition    |
-- |                | forward, easeInToLinear(v) back; scale 1 - 0.0835 p,     | _kScaleTween, _kOpacity- |
-- |                | dim 0.10 p, offset 0.07 H p, top corners from 0.9 T      | Tween, _kTopDownTween,   |
-- |                | (T the top inset, when above 20) to 12; 0 when v is 0    | _kDeviceCornerRadius...  |
-- | scrim, taps    | none (barrierColor transparent, not barrierDismissible)  | CS CupertinoSheetRoute   |
--
-- The fling threshold divides the velocity by the drag detector's height, the open sheet's (the source
-- calls it screen heights): 2 x 776.48 = 1552.96 pt/s on the reference screen (844 pt, top inset 47),
-- where the open sheet is 776.48 tall and the page behind ends at scale 0.9165, offset 59.08, dim 0.1.

local S = require 'sheet'

local thresholds = S.thresholds {
  top_gap = 0.08,             -- of H: _kTopGapRatio
  stretch = 0.008,            -- of H: _kTopGapRatio - _kStretchedTopGapRatio (0.072)
  min_fling = 2.0,            -- sheet heights per second: _kMinFlingVelocity
  open_progress = 0.52,       -- a slow release keeps the sheet open above this v
  settle_ms = 300,            -- _kDroppedSheetDragAnimationDuration
  stretch_ms = 180,           -- the stretch's return
  transition_ms = 500,        -- transitionDuration (and the reverse's)
  scale_factor = 0.0835,      -- _kSheetScaleFactor
  dim = 0.10,                 -- _kOpacityTween end
  offset = 0.07,              -- of H: _kTopDownTween end
  corner_radius = 12,         -- the page behind's radius when covered
  corner_smoothing = 0.9,     -- _kDeviceCornerRadiusSmoothingFactor
  rounded_corners_threshold = 20, -- _kRoundedDeviceCornersThreshold
  touch_slop = 18,            -- kTouchSlop
  min_fling_velocity = 50,    -- kMinFlingVelocity (px/s): below it a release has no velocity
}

S.check_ranges('cupertino-sheet', thresholds, {
  { 'top_gap', 0, 0.9 }, { 'stretch', 0, 0.9 }, { 'min_fling', 0, 1000 }, { 'open_progress', 0, 1 },
  { 'settle_ms', 1, 60000 }, { 'stretch_ms', 1, 60000 }, { 'transition_ms', 1, 60000 },
  { 'scale_factor', 0, 1 }, { 'dim', 0, 1 }, { 'offset', -10, 10 }, { 'corner_radius', 0, 1000 },
  { 'corner_smoothing', 0, 10 }, { 'rounded_corners_threshold', 0, 1000 }, { 'touch_slop', 0, 1000 },
  { 'min_fling_velocity', 0, 1e6 },
})

-- Flutter's Cubic(a, b, c, d).transform: bisection on the parameter until x is within 0.001 of t, then y.
local function cubic(a, b, c, d, t)
  if t == 0 or t == 1 then
    return t
  end
  local function evaluate(p, q, m)
    return 3 * p * (1 - m) * (1 - m) * m + 3 * q * (1 - m) * m * m + m * m * m
  end
  local start, finish = 0.0, 1.0
  while true do
    local mid = (start + finish) / 2
    local estimate = evaluate(a, c, mid)
    if math.abs(t - estimate) < 0.001 then
      return evaluate(b, d, mid)
    end
    if estimate < t then
      start = mid
    else
      finish = mid
    end
  end
end

-- Curves.fastEaseInToSlowEaseOut: ThreePointCubic((0.056, 0.024), (0.108, 0.3085), (0.198, 0.541),
-- (0.3655, 1.0), (0.5465, 0.989)), each half a Cubic scaled to its box.
local function fast_ease(t)
  if t == 0 or t == 1 then
    return t
  end
  local mx, my = 0.198, 0.541
  if t < mx then
    return cubic(0.056 / mx, 0.024 / my, 0.108 / mx, 0.3085 / my, t / mx) * my
  end
  local sx, sy = 1 - mx, 1 - my
  return cubic((0.3655 - mx) / sx, (1.0 - my) / sy, (0.5465 - mx) / sx, (0.989 - my) / sy, (t - mx) / sx) * sy
    + my
end

local function ease_out(t)
  return cubic(0.0, 0.0, 0.58, 1.0, t)
end

local function linear(t)
  return t
end

local function linear_to_ease_out(t)
  return cubic(0.35, 0.91, 0.33, 0.97, t)
end

local function ease_in_to_linear(t)
  return cubic(0.67, 0.03, 0.65, 0.09, t)
end

-- The drag: started past the slop; v the route's value, u the stretch (0 to 1).
local started = false
local v, u = 0.0, 0.0
-- The running animation of v (what the page behind follows): its start time, from, to, duration (s),
-- its curve of time, and whether the user's gesture drives it (the page behind then moves linearly).
local anim = { t0 = 0, from = 0, to = 0, duration = 1, curve = ease_out, gesture = false }

local function start(sheet, from, to, ms, curve, gesture)
  anim.t0, anim.from, anim.to, anim.duration = sheet.time, from, to, ms / 1000
  anim.curve, anim.gesture = curve, gesture
end

local function open_height(sheet)
  return sheet.screen.height * (1 - thresholds.top_gap)
end

-- The page behind, one table reused every frame.
local page = { scale = 1, corner_radius = 0, offset = 0, dim = 0 }

---@type Behaviour
local behaviour = {
  edge = 'bottom',
  corner_radius = 12,           -- buildContent's ClipRSuperellipse, top corners 12
  grabber = false,
  pannable = true,
  gesture_area = 'sheet',       -- the drag detector wraps the sheet's content
  backdrop_max = 0,             -- barrierColor transparent: the page behind is dimmed instead
  tap_to_dismiss = false,       -- barrierDismissible false
  allow_dismiss = true,
  present_detent = 'open',
  thresholds = thresholds,

  detents = {
    {
      id = 'open',
      height = function(ctx)
        return ctx.screen.height * (1 - thresholds.top_gap)
      end,
    },
  },

  -- dragUpdate: v moves by each event's travel over the open height; upward at v = 1 the stretch grows
  -- instead (by the travel over 0.008 H); the sheet is v times the sheet box, whose top gap the stretch
  -- narrows.
  on_drag = function(sheet, gesture)
    local t = thresholds
    local H = sheet.screen.height
    if not started then
      if math.abs(gesture.translation) <= t.touch_slop then
        return sheet.height
      end
      started = true
      return sheet.height
    end
    local delta = gesture.delta
    if v == 1 and delta < 0 then
      u = S.clamp(u - delta / (H * t.stretch), 0, 1)
    else
      v = S.clamp(v - delta / (H * (1 - t.top_gap)), 0, 1)
    end
    return S.clamp(H * (1 - t.top_gap + t.stretch * u) * v, 0, H)
  end,

  -- dragEnd.
  on_release = function(sheet, gesture)
    local t = thresholds
    local open = open_height(sheet)
    if not started then
      return S.stay(sheet), 'the drag never started (within the touch slop)'
    end
    if u > 0 then
      start(sheet, v, v, t.stretch_ms, ease_out, true)
      local reason = ('stretched %.3f: the stretch goes back, v stays %.4f'):format(u, v)
      local animation = S.curve(ease_out, t.stretch_ms / 1000)
      if v == 1 then
        return 'open', reason, animation
      end
      return { height = open * v }, reason, animation
    end
    local velocity = gesture.velocity
    if math.abs(velocity) <= t.min_fling_velocity then
      velocity = 0
    end
    local fraction = velocity / open -- the detector's height: the open sheet's
    local forward, reason
    if math.abs(fraction) >= t.min_fling then
      forward = fraction <= 0
      local way = forward and 'up' or 'down'
      reason = ('v %.3f sheet heights/s, |v| >= %s: %s'):format(fraction, t.min_fling, way)
    else
      forward = v > t.open_progress
      reason = ('|v| %.3f < %s, progress %.4f %s %s'):format(math.abs(fraction), t.min_fling, v,
        forward and '>' or '<=', t.open_progress)
    end
    local ms = t.settle_ms
    if forward and v == 1 then
      ms = 1 -- animateTo the value it has: no time
    end
    start(sheet, v, forward and 1 or 0, ms, ease_out, true)
    local animation = S.curve(ease_out, ms / 1000)
    if forward then
      return 'open', reason .. ' -> open', animation
    end
    return 'dismiss', reason .. ' -> pop', animation
  end,

  on_state = function(sheet, _, to)
    if to == 'dragging' then
      started = false
      u = 0
      v = S.clamp(sheet.height / open_height(sheet), 0, 1)
    elseif to == 'resting' then
      v = S.clamp(sheet.height / open_height(sheet), 0, 1)
    elseif to == 'dismissed' or to == 'hidden' then
      v = 0
    end
  end,

  -- CS delegateTransition: the page behind follows the route's value through linearToEaseOut going
  -- forward, easeInToLinear going back, and linearly while the user's gesture drives it (and during the
  -- animation a release starts).
  behind = function(sheet)
    local t = thresholds
    local state = sheet.state
    local value, gesture = v, state == 'dragging'
    if state == 'presenting' or state == 'settling' or state == 'dismissing' then
      local x = S.clamp((sheet.time - anim.t0) / anim.duration, 0, 1)
      value = anim.from + (anim.to - anim.from) * anim.curve(x)
      gesture = anim.gesture
    elseif state == 'hidden' or state == 'dismissed' then
      value = 0
    end
    local p = value
    if not gesture then
      p = state == 'dismissing' and ease_in_to_linear(value) or linear_to_ease_out(value)
    end
    local H = sheet.screen.height
    local device = sheet.safe.top * t.corner_smoothing
    if device <= t.rounded_corners_threshold then
      device = 0
    end
    page.scale = 1 - t.scale_factor * p
    page.dim = t.dim * p
    page.offset = t.offset * H * p
    page.corner_radius = value == 0 and 0 or device + (t.corner_radius - device) * p
    return page
  end,

  -- present: v forward over 500 ms, the sheet on fastEaseInToSlowEaseOut; dismiss(): v back over 500 v0
  -- ms, the sheet on the flipped curve (its share of the way down is 1 - (1 - c(1 - v)) / (1 - c(1 - v0)));
  -- a programmatic snap or a relayout: the settle's 300 ms ease-out.
  animations = function(sheet, transition)
    local t = thresholds
    if transition == 'present' then
      start(sheet, 0, 1, t.transition_ms, linear, false)
      return S.curve(fast_ease, t.transition_ms / 1000)
    elseif transition == 'dismiss' then
      local v0 = S.clamp(sheet.height / open_height(sheet), 1e-6, 1)
      local shown0 = 1 - fast_ease(1 - v0)
      start(sheet, v0, 0, t.transition_ms * v0, linear, false)
      return S.curve(function(x)
        return 1 - (1 - fast_ease(1 - v0 * (1 - x))) / shown0
      end, t.transition_ms * v0 / 1000)
    end
    start(sheet, v, 1, t.settle_ms, ease_out, false)
    return S.curve(ease_out, t.settle_ms / 1000)
  end,
}

return behaviour
