-- system.lua: the `system` preset, SheetCore's native DefaultPolicy in Lua.
--
-- Ports Sources/SheetCore/Policy/DefaultPolicy.swift and DefaultPolicy+Release.swift (with
-- Formulas.swift and Support/Format.swift) step for step, so that every height, decision, reason text
-- and backdrop is bit-identical to the default policy with the same parameters. Both sides compute in
-- IEEE doubles, so the arithmetic keeps Swift's operands and order (a + b * c in another order rounds
-- differently), Swift's min / max rules (signed zeros, NaN) and C's printf for the reason numbers
-- (Format.fixed calls vsnprintf with `%.1f` / `%.2f`, as string.format does).
-- The rules and formulas (momentum projection, rubber band, spring, FloatingPanel's redirectional
-- progress) are restated in Sources/SheetCore/SheetCore.docc/TheStateMachine.md.
-- Reference screen 390 x 844, safe area 47 / 34: A = 797, medium = 0.5 * 797 = 398.5,
-- large = 797 - 10 = 787; a release at 450 moving up at 200 pt/s projects to 549.8 -> medium.

local S = require 'sheet'

-- DefaultPolicy's parameters (and the two detents' numbers); overridable from outside (`set { ... }`,
-- --set). The host refuses a DefaultPolicy parameter outside its range (DefaultPolicy.Threshold).
local thresholds = S.thresholds {
  projection_rate = 0.998,  -- per ms: `projectionRate`, momentum projection's deceleration (UIScrollView's
                            -- normal rate); range 0.9 .. 0.9999
  redirect_progress = 0.5,  -- `redirectProgress`: progress past the near candidate beyond which a release
                            -- goes on to the far one (FloatingPanel's 0.5); range 0 .. 1
  allows_skipping = 0,      -- 0 or 1: `allowsSkipping`, whether one fling may pass more than one candidate
  rubber_band = 0.55,       -- `rubberBandConstant` (UIScrollView's 0.55); range 0 .. 1
  spring_response = 0.3,    -- s: `springResponse`, every transition's spring; range 0.01 .. 2
  spring_damping = 1.0,     -- `springDampingRatio`: 1 = critically damped; range 0.2 .. 2
  backdrop_max = 0.3,       -- opacity: `configuration.backdropMax`, full dim
  medium_fraction = 0.5,    -- of the available height: detent `medium` (`.fraction(0.5)`)
  large_inset = 10,         -- pt: detent `large` = available height - 10 (`.insetFromTop(10)`)
  largest_undimmed = 0,     -- `largestUndimmedDetent` as a position in `detent_ids`: 0 = none (nil),
                            -- 1 = 'medium', 2 = 'large'; any other value names no detent (like an
                            -- unknown id: dimming starts above 0)
}

-- The detents in declaration order (`standardConfiguration`); `largest_undimmed` indexes this list.
local detent_ids = { 'medium', 'large' }

-- `configuration.allowsDismiss`: a configuration field (no DefaultPolicy parameter), so not a threshold;
-- the callbacks read this local so that they always agree with the `allow_dismiss` field below.
local allow_dismiss = true

-- `SheetEdge.heightSign`: -1 for a bottom or trailing sheet (dragging down, or right, shrinks it), 1
-- otherwise.
local function height_sign(sheet)
  if sheet.edge == 'bottom' or sheet.edge == 'trailing' then
    return -1.0
  end
  return 1.0
end

-- Swift's `max(x, y)`: y when y >= x, else x. Unlike math.max, max(-0.0, 0.0) is 0.0 (math.max keeps
-- the first of equal values), so a -0 never survives where Swift gives +0.
local function swift_max(x, y)
  if y >= x then
    return y
  end
  return x
end

-- Swift's `min(x, y)`: y when y < x, else x (the same rule as math.min, kept next to swift_max).
local function swift_min(x, y)
  if y < x then
    return y
  end
  return x
end

-- `Formulas.clamp`: min(max(x, lo), hi) with Swift's rules (S.clamp differs on -0, NaN and lo > hi).
local function clamp(x, lo, hi)
  return swift_min(swift_max(x, lo), hi)
end

-- `Formulas.project`: d = (v / 1000) * r / (1 - r), in that order; v in pt/s, r per ms, d in pt.
-- The same arithmetic as S.project, without its argument checks: the host keeps the rate in its range
-- (0.9 .. 0.9999, so never 1), and an error here would make the core fall back to DefaultPolicy with
-- its default rate instead of this one.
local function project(velocity, rate)
  return (velocity / 1000) * rate / (1 - rate)
end

-- `Formulas.rubberBand`: b = (1 - 1 / (x * c / d + 1)) * d for an over-drag x >= 0 past an edge, d the
-- available height, c the constant. The same arithmetic as S.rubber_band (for x >= 0), without its
-- checks (the native formula accepts d <= 0 and c <= 0; see `project`).
local function rubber_band(overshoot, dimension, constant)
  return (1 - 1 / (overshoot * constant / dimension + 1)) * dimension
end

-- Release candidates, ascending: 0 (dismiss, when allowed) then the active detents. Reused by every
-- release (entries past `count` are stale), never re-created.
local heights = {}
local names = {} -- 'dismiss' for the 0 candidate (DefaultPolicy's name for it, also its target)

-- DefaultPolicy.release: momentum projection and redirectional progress (FloatingPanel's rule).
-- Returns the target ('dismiss', a detent id or { height = h }) and the reason text.
local function release(sheet, gesture)
  local t = thresholds
  -- 1. The height velocity, -0 normalised to 0 (so the reason prints "v 0.0"); the projection.
  local vh = height_sign(sheet) * gesture.velocity
  if vh == 0 then
    vh = 0.0
  end
  local h = sheet.height
  local projected = h + project(vh, t.projection_rate)
  -- 2. The candidates; none: stay where the sheet is.
  local count = 0
  if allow_dismiss then
    count = 1
    heights[1], names[1] = 0.0, 'dismiss'
  end
  local order, detents = sheet.order, sheet.detents
  for k = 1, #order do
    count = count + 1
    heights[count], names[count] = detents[order[k]], order[k]
  end
  for k = #heights, count + 1, -1 do -- drop a longer previous list's tail: `heights` stays a sequence
    heights[k], names[k] = nil, nil
  end
  if count == 0 then
    return { height = h }, ('no candidates -> stay at %.1f'):format(h)
  end
  -- 3. At most one candidate per fling: clamp to the neighbours of the candidate nearest the start
  -- height (the first wins a tie: S.nearest, Formulas.nearest's rule and arithmetic).
  local p = projected
  if t.allows_skipping == 0 then
    local s = S.nearest(gesture.start_height, heights)
    p = clamp(p, heights[math.max(s - 1, 1)], heights[math.min(s + 1, count)])
  end
  -- 4. a = the greatest candidate <= p (else the first), b = the least >= p (else the last).
  local ia, ib = 1, count
  for i = 1, count do
    if heights[i] <= p then
      ia = i
    end
  end
  for i = count, 1, -1 do
    if heights[i] >= p then
      ib = i
    end
  end
  local head = ('projected %.1f (v %.1f)'):format(projected, vh)
  local a, b = heights[ia], heights[ib]
  if a == b then
    return names[ia], ('%s at %s %.1f -> %s'):format(head, names[ia], heights[ia], names[ia])
  end
  local between = ('%s between %s %.1f and %s %.1f'):format(head, names[ia], a, names[ib], b)
  -- 5. No velocity: the nearer, the lower (a) on a tie. Else progress past the near candidate.
  if vh == 0 then
    local i = ib
    if p - a <= b - p then
      i = ia
    end
    return names[i], ('%s, nearest -> %s'):format(between, names[i])
  end
  local progress
  if vh > 0 then
    progress = (p - a) / (b - a)
  else
    progress = (b - p) / (b - a)
  end
  local far = progress > t.redirect_progress
  local i, comparison
  if vh > 0 then
    i = far and ib or ia
  else
    i = far and ia or ib
  end
  if far then
    comparison = '>'
  else
    comparison = '<='
  end
  -- 6. The 0 candidate is named (and targets) 'dismiss'.
  return names[i], ('%s, progress %.2f %s %.2f -> %s'):format(
    between, progress, comparison, t.redirect_progress, names[i])
end

---@type Behaviour
local behaviour = {
  -- SheetConfiguration's defaults (DefaultPolicy.standardConfiguration sets only the detents).
  edge = 'bottom',
  corner_radius = 16,
  grabber = false,
  pannable = true,
  gesture_area = 'sheet',
  backdrop_max = thresholds.backdrop_max, -- the callbacks read the overridable threshold
  tap_to_dismiss = 'backdrop',
  allow_dismiss = allow_dismiss,
  -- present_detent: none, i.e. the first active detent in declaration order (medium, else large).
  thresholds = thresholds,

  -- `standardConfiguration`: medium = `.fraction(0.5)` (f * A), large = `.insetFromTop(10)` (A - 10),
  -- as functions so that overrides apply. The core drops non-positive heights and caps at H, as for
  -- the native resolvers.
  detents = {
    {
      id = detent_ids[1],
      height = function(ctx)
        return thresholds.medium_fraction * ctx.available
      end,
    },
    {
      id = detent_ids[2],
      height = function(ctx)
        return ctx.available - thresholds.large_inset
      end,
    },
  },

  -- DefaultPolicy.dragHeight: h = start + sign * translation; above the largest detent
  -- h = top + rubberBand(h - top, A, c); below the lowest only when dismissal is forbidden
  -- (h = lowest - rubberBand(lowest - h, A, c)); then clamped to [0, H].
  on_drag = function(sheet, gesture)
    -- Written out (no helper calls, one read per view field): this runs every frame of a drag.
    local t = thresholds
    local sign = 1.0
    if sheet.edge == 'bottom' or sheet.edge == 'trailing' then
      sign = -1.0
    end
    local h = gesture.start_height + sign * gesture.translation
    local order, detents = sheet.order, sheet.detents
    local n = #order
    if n > 0 then
      local top = detents[order[n]]
      if h > top then
        h = top + rubber_band(h - top, sheet.available, t.rubber_band)
      end
      if not allow_dismiss then
        local lowest = detents[order[1]]
        if h < lowest then
          h = lowest - rubber_band(lowest - h, sheet.available, t.rubber_band)
        end
      end
    end
    -- clamp(h, 0, H) as swift_min(swift_max(h, 0.0), H)
    if 0.0 >= h then
      h = 0.0
    end
    local limit = sheet.screen.height
    if limit < h then
      h = limit
    end
    return h
  end,

  on_release = release,

  -- DefaultPolicy.backdrop: 0 at and below the largest undimmed detent (h = 0 without one),
  -- backdrop_max at and above the next detent up (the lowest without one), linear between:
  -- max * (h - lo) / (hi - lo). With an undimmed detent and nothing above it, 0 everywhere.
  backdrop = function(sheet)
    local t = thresholds
    local max_opacity = t.backdrop_max
    local order, detents = sheet.order, sheet.detents
    local lo, hi = 0.0, nil
    local undimmed_id = detent_ids[t.largest_undimmed]
    local undimmed
    if undimmed_id ~= nil then
      for k = 1, #order do
        if order[k] == undimmed_id then
          undimmed = k
          break
        end
      end
    end
    if undimmed ~= nil then
      lo = detents[order[undimmed]]
      if order[undimmed + 1] == nil then
        return 0.0
      end
      hi = detents[order[undimmed + 1]]
    elseif order[1] ~= nil then
      hi = detents[order[1]]
    end
    local h = sheet.height
    if h <= lo then
      return 0.0
    end
    if hi ~= nil and hi > lo and h < hi then -- Swift's `guard ... else { return maxOpacity }` (NaN too)
      return max_opacity * (h - lo) / (hi - lo)
    end
    return max_opacity
  end,

  -- DefaultPolicy.animation: every transition, a spring (damping ratio, response) carrying the velocity;
  -- the backdrop follows the height's progress.
  animations = function()
    local t = thresholds
    return S.spring(t.spring_damping, t.spring_response)
  end,
}

return behaviour
