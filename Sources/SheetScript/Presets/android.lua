-- android.lua: Material Components' BottomSheetBehavior in a BottomSheetDialog (Android's modal sheet).
--
-- Sources: material-components/material-components-android at a915123, BottomSheetBehavior.java ("BSB")
-- in lib/java/com/google/android/material/bottomsheet/ unless named; androidx/androidx
-- customview/customview/src/main/java/androidx/customview/widget/ViewDragHelper.java ("VDH").
-- Units: px = pt (density 1, so every dp constant is that many pt), y down, velocities px/s (VDH's
-- onViewReleased: "pixels per second"). The parent is the whole screen: P = screen height, W = width.
--
-- | rule or number     | here                                          | where                          |
-- | ------------------ | --------------------------------------------- | ------------------------------ |
-- | child height C     | content height, else P; P if P - C < top inset | BSB onLayoutChild (padding-   |
-- |                    |                                               | TopSystemWindowInsets: styles) |
-- | expanded           | fit: C; else P - expanded_offset              | BSB getExpandedOffset          |
-- | half_expanded      | P - floor(P (1 - half_expanded_ratio))        | calculateHalfExpandedOffset    |
-- | auto peek (0)      | min(max(64, P - floor(9 W / 16)), C) + bottom | calculatePeekHeight; dimens.xml|
-- |                    | inset (safe.bottom)                           | peek_height_min 64dp           |
-- | fixed peek         | peek + bottom inset; without inset padding    | calculatePeekHeight; gesture   |
-- |                    | max(peek, safe.bottom + 48)                   | inset = safe.bottom, 48dp      |
-- | collapsed          | fit: min(peek, C); else peek                  | calculateCollapsedOffset       |
-- | drag               | still until |travel| > 8, then follows, lagging | VDH captureChildView, dragTo;|
-- |                    | by the travel at capture; h in [0, expanded]  | clampViewPositionVertical;     |
-- |                    | ([collapsed, expanded] when not hideable)     | ViewConfiguration TOUCH_SLOP 8 |
-- | release velocity   | |v| < 50 -> 0; at most 8000                   | VDH clampMag; ViewConfiguration|
-- | release rule       | below (yvel, xvel, shouldHide, releasedLow)   | BSB dragCallback.onViewReleased|
-- | hide               | skip_collapsed, or at/below collapsed and     | BSB shouldHide; HIDE_FRICTION  |
-- |                    | |top + 0.1 vy - coll| / peek > 0.5            | 0.1, HIDE_THRESHOLD 0.5        |
-- | hide or settle up  | hide when |vx| < |vy| and vy > 500, or top >   | onViewReleased, releasedLow,   |
-- |                    | (P + expanded top) / 2                        | DEFAULT_SIGNIFICANT_VEL_..500  |
-- | nested_scroll 1    | the last scroll step's sign, no velocity test | BSB onStopNestedScroll         |
-- | settle             | (t - 1)^5 + 1 over 4 round(1000 d / |v|) ms,  | VDH sInterpolator, computeAxis-|
-- |                    | or (|dy| / range + 1) 256 ms; at most 600     | Duration, computeSettleDuration|
-- | present            | 250 ms accelerate_decelerate                  | res/anim/mtrl_bottom_sheet_    |
-- | tap dismiss        | 200 ms (0.4, 0, 1, 1), down 20% of P          | slide_in.xml / slide_out.xml   |
-- | backdrop           | the window's dim 0.32 while shown             | dialog/res/values/tokens.xml   |
-- |                    |                                               | m3_comp_scrim_container_opacity|
-- | taps               | outside: dismiss; drag handle: next state     | BottomSheetDialog; BottomSheet-|
-- |                    |                                               | DragHandleView.getNextState    |
--
-- Reference screen 390 x 844 (safe area 47 / 34): auto peek min(max(64, 844 - 219), 844) + 34 = 659,
-- expanded 844; a release at h 700 moving down at 300 px/s: top 144 is above the collapsed top 185, so no
-- hide; moving down, fit to contents -> collapsed, in min(600, 4 * round(1000 * 158.9 / 300)) = 600 ms.

local S = require 'sheet'

-- BottomSheetBehavior's settings and the framework's constants; overridable (`set { ... }`, --set).
-- Flags are 0 or 1. Lengths in px = pt (density 1), velocities in px/s.
local thresholds = S.thresholds {
  fit_to_contents = 1,        -- behavior_fitToContents (default true): no half_expanded state
  hideable = 1,               -- behavior_hideable (true in Widget.Design.BottomSheet.Modal)
  skip_collapsed = 0,         -- behavior_skipCollapsed
  significant_velocity = 500, -- px/s: DEFAULT_SIGNIFICANT_VEL_THRESHOLD
  hide_friction = 0.1,        -- s: HIDE_FRICTION (the velocity's projection time in shouldHide)
  hide_threshold = 0.5,       -- of the peek: HIDE_THRESHOLD
  half_expanded_ratio = 0.5,  -- behavior_halfExpandedRatio, in (0, 1)
  peek_height = 0,            -- px: behavior_peekHeight; 0 = PEEK_HEIGHT_AUTO (the 16:9 keyline)
  expanded_offset = 0,        -- px: behavior_expandedOffset (not fit to contents only)
  peek_height_min = 64,       -- px: design_bottom_sheet_peek_height_min (64dp)
  gesture_inset_buffer = 48,  -- px: mtrl_min_touch_target_size (48dp), above the gesture inset
  padding_bottom_insets = 1,  -- paddingBottomSystemWindowInsets (true in Widget.Material3.BottomSheet)
  touch_slop = 8,             -- px: ViewConfiguration.TOUCH_SLOP (8dp) before the sheet is captured
  min_fling_velocity = 50,    -- px/s: ViewConfiguration.MINIMUM_FLING_VELOCITY
  max_fling_velocity = 8000,  -- px/s: ViewConfiguration.MAXIMUM_FLING_VELOCITY
  base_settle_ms = 256,       -- ms: VDH BASE_SETTLE_DURATION
  max_settle_ms = 600,        -- ms: VDH MAX_SETTLE_DURATION
  nested_scroll = 0,          -- 1: drags come through a scrolling child (onStopNestedScroll's rule)
  draggable = 1,              -- behavior_draggable
  drag_handle = 1,            -- a BottomSheetDragHandleView at the sheet's top (M3's drag handle)
  handle_band = 48,           -- px: the handle's touch height (mtrl_min_touch_target_size)
  dim = 0.32,                 -- the dialog window's dim: m3_comp_scrim_container_opacity
  present_ms = 250,           -- ms: mtrl_bottom_sheet_slide_in.xml's duration
  dismiss_ms = 200,           -- ms: mtrl_bottom_sheet_slide_out.xml's duration
  dismiss_slide = 0.2,        -- of P: mtrl_bottom_sheet_slide_out.xml's toYDelta 20%p
}

local function on(flag)
  return flag ~= 0
end

-- Java's (int) cast of a double: truncation toward zero.
local function trunc(x)
  if x < 0 then
    return math.ceil(x)
  end
  return math.floor(x)
end

-- Java's Math.round: floor(x + 0.5).
local function java_round(x)
  return math.floor(x + 0.5)
end

-- The child's height C (px): the content's height when the host gives one, else the parent's
-- (a match_parent sheet); P when the sheet would reach into the top inset (onLayoutChild with
-- paddingTopSystemWindowInsets: the sheet goes all the way up and pads its content).
local function child_height(ctx)
  local p = ctx.screen.height
  local c = ctx.content or p
  if c > p then
    c = p
  end
  if p - c < ctx.safe.top then
    c = p
  end
  return c
end

-- The bottom inset the sheet pads itself by (insetBottom): the safe area's bottom with
-- paddingBottomSystemWindowInsets, else 0.
local function inset_bottom(ctx)
  if on(thresholds.padding_bottom_insets) then
    return ctx.safe.bottom
  end
  return 0
end

-- calculatePeekHeight (px). Auto: the 16:9 keyline of the parent, at least peek_height_min, at most C,
-- plus the bottom inset. Fixed: plus the bottom inset; without the inset padding, at least the gesture
-- inset (safe.bottom) plus a touch target, as on Android Q+ with gesture navigation.
local function peek_height(ctx)
  local t = thresholds
  local p, w = ctx.screen.height, ctx.screen.width
  if t.peek_height <= 0 then
    local keyline = p - (w * 9) // 16
    local desired = math.max(t.peek_height_min, keyline)
    return math.min(desired, child_height(ctx)) + inset_bottom(ctx)
  end
  if not on(t.padding_bottom_insets) and ctx.safe.bottom > 0 then
    return math.max(t.peek_height, ctx.safe.bottom + t.gesture_inset_buffer)
  end
  return t.peek_height + inset_bottom(ctx)
end

-- The three states' heights (h = P - top).
local function expanded_height(ctx)
  local p = ctx.screen.height
  if on(thresholds.fit_to_contents) then
    return child_height(ctx) -- P - fitToContentsOffset
  end
  return p - math.max(thresholds.expanded_offset, 0)
end

local function collapsed_height(ctx)
  local peek = peek_height(ctx)
  if on(thresholds.fit_to_contents) then
    return math.min(peek, child_height(ctx)) -- collapsedOffset = max(P - peek, fitToContentsOffset)
  end
  return peek
end

local function half_expanded_height(ctx)
  if on(thresholds.fit_to_contents) then
    return nil -- no half-expanded state
  end
  local p = ctx.screen.height
  return p - math.floor(p * (1 - thresholds.half_expanded_ratio))
end

-- The roles of the active detents: by id when the file has Android's ids, else by position (lowest =
-- collapsed, highest = expanded, the second lowest of three or more = half-expanded). Heights, or nil.
local function roles(sheet)
  local d, order = sheet.detents, sheet.order
  local n = #order
  if n == 0 then
    return nil, nil, nil
  end
  local collapsed = d.collapsed or d[order[1]]
  local expanded = d.expanded or d[order[n]]
  local half = d.half_expanded
  if half == nil and d.collapsed == nil and n >= 3 then
    half = d[order[2]]
  end
  return collapsed, half, expanded
end

-- The detent id of a role, for a file with other ids (see roles).
local function role_id(sheet, role)
  local d, order = sheet.detents, sheet.order
  if d[role] ~= nil then
    return role
  end
  local n = #order
  if role == 'collapsed' then
    return order[1]
  elseif role == 'expanded' then
    return order[n]
  end
  return order[2]
end

-- VDH clampMag: |v| below the minimum is 0, above the maximum the maximum (sign kept).
local function clamp_mag(v, lo, hi)
  local a = math.abs(v)
  if a < lo then
    return 0
  end
  if a > hi then
    if v > 0 then
      return hi
    end
    return -hi
  end
  return v
end

-- VDH computeAxisDuration (ms) for a travel of `delta` px at `velocity` px/s over a drag range of
-- `range` px in a parent `width` px wide: 4 * round(1000 * distance / |v|) with a velocity, else
-- (|delta| / range + 1) * 256; at most 600.
local function axis_duration(delta, velocity, range, width)
  local t = thresholds
  if delta == 0 then
    return 0
  end
  local half_width = width // 2
  local ratio = math.min(1, math.abs(delta) / width)
  -- distanceInfluenceForSnapDuration: sin((ratio - 0.5) * 0.3 * pi / 2)
  local distance = half_width + half_width * math.sin((ratio - 0.5) * (0.3 * math.pi / 2))
  local v = math.abs(velocity)
  local duration
  if v > 0 then
    duration = 4 * java_round(1000 * math.abs(distance / v))
  else
    duration = trunc((math.abs(delta) / range + 1) * t.base_settle_ms)
  end
  return math.min(duration, t.max_settle_ms)
end

-- VDH computeSettleDuration (ms). The sheet never moves sideways (dx = 0), so the horizontal axis adds
-- nothing but its weight: a sideways velocity shortens the settle by |vy| / (|vx| + |vy|).
local function settle_ms(dy, vx, vy, range, width)
  local t = thresholds
  vx = clamp_mag(trunc(vx), t.min_fling_velocity, t.max_fling_velocity)
  vy = clamp_mag(trunc(vy), t.min_fling_velocity, t.max_fling_velocity)
  local yweight = 1.0
  if vy ~= 0 then
    yweight = math.abs(vy) / (math.abs(vx) + math.abs(vy))
  end
  return trunc(axis_duration(dy, vy, range, width) * yweight)
end

-- VDH sInterpolator: t -> (t - 1)^5 + 1, the settle's easing (a function curve).
local function quintic_out(t)
  local u = t - 1
  return u * u * u * u * u + 1
end

-- android.R.anim.accelerate_decelerate_interpolator: cos((t + 1) pi) / 2 + 0.5.
local function accelerate_decelerate(t)
  return math.cos((t + 1) * math.pi) / 2 + 0.5
end

-- getViewVerticalDragRange (px): P when the sheet can be hidden by dragging, else the collapsed top.
local function drag_range(sheet, collapsed)
  local p = sheet.screen.height
  if on(thresholds.hideable) then
    return p
  end
  return p - collapsed
end

-- The settle from the current height to `target_h` (px) with the release velocities: the quintic
-- curve over VDH's duration. A duration of 0 ms (possible when a fast sideways velocity weighs the
-- vertical one down) becomes one millisecond, the shortest animation the host plays.
local function settle(sheet, target_h, vx, vy, collapsed)
  local dy = sheet.height - target_h
  local ms = settle_ms(dy, vx, vy, drag_range(sheet, collapsed or 0), sheet.screen.width)
  return { curve = quintic_out, duration = math.max(ms, 1) / 1000 }, ms
end

-- The drag's state kept between callbacks (locals persist): whether the touch slop was passed, and the
-- finger's travel then (the sheet lags the finger by it); the travel and the last non-zero step of it,
-- the nested rule's last scroll direction (lastNestedScrollDy).
local captured = false
local capture_travel = 0.0
local last_travel = 0.0
local last_step = 0.0

local function reset_drag()
  captured = false
  capture_travel = 0.0
  last_travel = 0.0
  last_step = 0.0
end

-- The drag handle's next state (BottomSheetDragHandleView.getNextState): collapsed -> half_expanded
-- (when it can half-expand) or expanded; expanded -> half_expanded or collapsed; half_expanded ->
-- collapsed after expanded, else expanded. `previous` is the resting detent before the current one.
local previous = nil
local resting = nil

-- onViewReleased's rule. top = P - h, offsets likewise; returns a role ('collapsed', 'half_expanded',
-- 'expanded' or 'hidden') and a reason.
local function released(p, top, coll, half, exp_top, vx, vy)
  local t = thresholds
  local fit = half == nil
  local peek = p - coll
  if vy < 0 then
    if fit then
      return 'expanded', 'moving up, fit to contents'
    end
    if top > half then
      return 'half_expanded', ('moving up, top %.1f > half-expanded top %.1f'):format(top, half)
    end
    return 'expanded', ('moving up, top %.1f <= half-expanded top %.1f'):format(top, half)
  end
  -- shouldHide: skip_collapsed hides; else below collapsed and projected past half the peek.
  local hide, why = false, ''
  if on(t.hideable) then
    if on(t.skip_collapsed) then
      hide, why = true, 'skip_collapsed'
    elseif top >= coll then
      local new_top = top + vy * t.hide_friction
      local ratio = math.abs(new_top - coll) / peek
      hide = ratio > t.hide_threshold
      why = ('|%.1f - %.1f| / %.1f = %.3f'):format(new_top, coll, peek, ratio)
    end
  end
  if hide then
    local low = top > (p + exp_top) // 2
    if (math.abs(vx) < math.abs(vy) and vy > t.significant_velocity) or low then
      return 'hidden', ('should hide (%s); fast or low -> hide'):format(why)
    end
    if fit or math.abs(top - exp_top) < math.abs(top - half) then
      return 'expanded', ('should hide (%s) but slow and high -> expanded'):format(why)
    end
    return 'half_expanded', ('should hide (%s) but slow and high -> half-expanded'):format(why)
  end
  if vy == 0 or math.abs(vx) > math.abs(vy) then
    local head = ('still or sideways (vx %.1f, vy %.1f)'):format(vx, vy)
    if fit then
      if math.abs(top - exp_top) < math.abs(top - coll) then
        return 'expanded', head .. ', nearer expanded'
      end
      return 'collapsed', head .. ', nearer collapsed'
    end
    if top < half then
      -- Android compares the top with its distance to the collapsed top (the parent's top is 0).
      if top < math.abs(top - coll) then
        return 'expanded', head .. ', above half-expanded, nearer the top'
      end
      return 'half_expanded', head .. ', above half-expanded'
    end
    if math.abs(top - half) < math.abs(top - coll) then
      return 'half_expanded', head .. ', nearer half-expanded'
    end
    return 'collapsed', head .. ', nearer collapsed'
  end
  if fit then
    return 'collapsed', 'moving down, fit to contents'
  end
  if math.abs(top - half) < math.abs(top - coll) then
    return 'half_expanded', 'moving down, nearer half-expanded'
  end
  return 'collapsed', 'moving down, nearer collapsed'
end

-- onStopNestedScroll's rule: the last scroll step's direction instead of the velocity's sign, shouldHide
-- with the velocity, no sideways or significance test.
local function nested(p, top, coll, half, exp_top, vy)
  local t = thresholds
  local fit = half == nil
  local peek = p - coll
  if top == exp_top then
    return 'expanded', 'at the expanded top'
  end
  local step = last_step -- screen px of the last move; negative = up (Android's dy > 0)
  if step < 0 then
    if fit or top <= half then
      return 'expanded', 'last scroll up'
    end
    return 'half_expanded', 'last scroll up, below half-expanded'
  end
  if on(t.hideable) then
    local hide = on(t.skip_collapsed)
    if not hide and top >= coll then
      hide = math.abs(top + vy * t.hide_friction - coll) / peek > t.hide_threshold
    end
    if hide then
      return 'hidden', 'should hide'
    end
  end
  if step == 0 then
    if fit then
      if math.abs(top - exp_top) < math.abs(top - coll) then
        return 'expanded', 'no last scroll, nearer expanded'
      end
      return 'collapsed', 'no last scroll, nearer collapsed'
    end
    if top < half then
      if top < math.abs(top - coll) then
        return 'expanded', 'no last scroll, nearer the top'
      end
      return 'half_expanded', 'no last scroll, above half-expanded'
    end
  elseif fit then
    return 'collapsed', 'last scroll down'
  end
  if math.abs(top - half) < math.abs(top - coll) then
    return 'half_expanded', 'nearer half-expanded'
  end
  return 'collapsed', 'nearer collapsed'
end

---@type Behaviour
local behaviour = {
  edge = 'bottom',
  corner_radius = 28,       -- M3 bottom sheet: shapeAppearanceCornerExtraLarge (28dp), top corners
  grabber = on(thresholds.drag_handle),
  pannable = on(thresholds.draggable),
  gesture_area = 'sheet',   -- onInterceptTouchEvent ignores touches outside the sheet
  backdrop_max = thresholds.dim,
  tap_to_dismiss = 'backdrop', -- BottomSheetDialog: a touch outside cancels (canceledOnTouchOutside)
  allow_dismiss = on(thresholds.hideable),
  present_detent = 'collapsed', -- BottomSheetDialog.onStart: a hidden sheet is set to collapsed
  thresholds = thresholds,

  detents = {
    { id = 'collapsed', height = collapsed_height },
    { id = 'half_expanded', height = half_expanded_height },
    { id = 'expanded', height = expanded_height },
  },

  -- ViewDragHelper: nothing until the finger has moved more than the touch slop; then the sheet follows
  -- the finger's later movement (the travel at capture is not applied), its top clamped to
  -- [expanded top, P] when hideable, else [expanded top, collapsed top].
  on_drag = function(sheet, gesture)
    local travel = gesture.translation
    if travel ~= last_travel then -- a scroll step is dispatched only when the finger moved
      last_step = travel - last_travel
      last_travel = travel
    end
    if not captured then
      if math.abs(travel) <= thresholds.touch_slop then
        -- the sheet stays where the touch found it, within the expanded top of the screen it is on now
        -- (the screen may have shrunk under the finger: a rotation lays the sheet out again)
        local _, _, expd = roles(sheet)
        return math.min(gesture.start_height, expd or sheet.screen.height)
      end
      captured = true
      capture_travel = travel
    end
    local h = gesture.start_height - (travel - capture_travel)
    local coll, _, expd = roles(sheet)
    if expd ~= nil and h > expd then
      h = expd
    end
    local lowest = 0
    if not on(thresholds.hideable) and coll ~= nil then
      lowest = coll
    end
    if h < lowest then
      h = lowest
    end
    return h
  end,

  on_release = function(sheet, gesture)
    local t = thresholds
    local p = sheet.screen.height
    local coll_h, half_h, exp_h = roles(sheet)
    if coll_h == nil then
      return { height = sheet.height }, 'no detents'
    end
    local coll, exp_top = p - coll_h, p - exp_h
    local half = nil
    if half_h ~= nil and not on(t.fit_to_contents) then
      half = p - half_h
    end
    local top = p - sheet.height
    local vy = clamp_mag(gesture.velocity, t.min_fling_velocity, t.max_fling_velocity)
    local vx = clamp_mag(gesture.velocity_x, t.min_fling_velocity, t.max_fling_velocity)
    local role, reason
    local anim, ms
    if on(t.nested_scroll) then
      role, reason = nested(p, top, coll, half, exp_top, vy)
    else
      role, reason = released(p, top, coll, half, exp_top, vx, vy)
    end
    local target, target_h
    if role == 'hidden' then
      target, target_h = 'dismiss', 0
    else
      target = role_id(sheet, role)
      target_h = sheet.detents[target]
    end
    if on(t.nested_scroll) then
      anim, ms = settle(sheet, target_h, 0, 0, coll_h) -- startSettling(..., false): smoothSlideViewTo
    else
      anim, ms = settle(sheet, target_h, vx, vy, coll_h) -- settleCapturedViewAt
    end
    reason = ('top %.1f, vy %.1f, vx %.1f: %s -> %s in %d ms'):format(top, vy, vx, reason, target, ms)
    return target, reason, anim
  end,

  -- The dialog window's dim: constant while the sheet shows (it does not follow the sheet's position);
  -- the core fades it to 0 on a dismissal.
  backdrop = function(sheet)
    if sheet.height > 0 then
      return thresholds.dim
    end
    return 0
  end,

  -- The drag handle (BottomSheetDragHandleView, at the sheet's top): a tap there steps the state; a tap
  -- elsewhere on the sheet does nothing; outside, the dialog is cancelled.
  on_tap = function(sheet, tap)
    if tap.region == 'backdrop' then
      return 'dismiss'
    end
    if not on(thresholds.drag_handle) then
      return nil
    end
    local sheet_top = sheet.screen.height - sheet.height
    if tap.y < sheet_top or tap.y > sheet_top + thresholds.handle_band then
      return nil
    end
    local can_half = sheet.detents.half_expanded ~= nil and not on(thresholds.fit_to_contents)
    local here = sheet.detent
    if here == 'collapsed' then
      return can_half and 'half_expanded' or 'expanded'
    elseif here == 'expanded' then
      return can_half and 'half_expanded' or 'collapsed'
    elseif here == 'half_expanded' then
      if previous == 'expanded' then
        return 'collapsed'
      end
      return 'expanded'
    end
    return nil
  end,

  -- A relayout keeps the state (onLayoutChild offsets the sheet to the state's new top at once).
  on_resize = function()
    return nil
  end,

  on_state = function(sheet, _, to)
    if to == 'dragging' then
      reset_drag()
    elseif to == 'resting' and sheet.detent ~= resting then
      previous, resting = resting, sheet.detent
    end
  end,

  -- present: the window's slide-in; dismiss (tap outside, programmatic): the window's slide-out, 20% of
  -- the parent down (the window also fades to alpha 0, which the core does not model); snap
  -- (setState): smoothSlideViewTo, no velocity, to the transition's target (`sheet.target_height`);
  -- resize: at once.
  animations = function(sheet, transition)
    local t = thresholds
    if transition == 'present' then
      return { curve = accelerate_decelerate, duration = t.present_ms / 1000 }
    elseif transition == 'dismiss' then
      return { curve = { bezier = { 0.4, 0, 1, 1 } }, duration = t.dismiss_ms / 1000,
        slide = t.dismiss_slide * sheet.screen.height }
    elseif transition == 'resize' then
      return S.linear(0.001)
    end
    local to = sheet.target_height or sheet.height
    local coll = roles(sheet)
    return (settle(sheet, to, 0, 0, coll))
  end,
}

return behaviour
