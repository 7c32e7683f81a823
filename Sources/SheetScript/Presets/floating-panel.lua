-- floating-panel.lua: scenee/FloatingPanel's default panel (tip, half, full): projection and redirection.
--
-- The rule and where each number comes from (scenee/FloatingPanel, Sources/ unless said otherwise):
--
-- | rule | numbers | source |
-- | --- | --- | --- |
-- | anchors | full A - 18; half B + 0.5 (H - T - B); tip B + 69 | Layout.swift BottomLayout |
-- | present | to half | Layout.swift FloatingPanelBottomLayout.initialState |
-- | drag | h = start - translation; no rubber band | Layout.swift updateInteractiveEdgeConstraint |
-- | projection | p = project(v / base, 0.998) * base + y | Core.swift targetState(from:with:) |
-- | momentum | not projected past the next anchor | Core.swift targetState; Behavior.swift adapter |
-- | redirect | progress past `from` > 0.5 -> `to` | Core.swift targetState; Behavior.swift |
-- | ties | v == 0: forward when y is past the state's y | Core.swift targetState |
-- | segments | forward: first p < y(anchor); backward p <= | Layout.swift segment(at:forward:) |
-- | removal | off; on: v / (h + 100) >= 5.5 per s | Core.swift panningEnd, shouldRemove |
-- | hidden | 100 pt past the edge without a .hidden anchor | Layout.swift hiddenAnchor |
-- | attraction | spring 0.4 s; zeta 0.5756 if abs(v) > 300 else 1 | Core.swift NumericSpringAnimator |
-- | per frame | one implicit step with the frame's interval h | NumericSpringAnimator.spring, update |
-- | rest | within 1 / 3 pt after a frame that moved it at most 1 / 3 pt | NumericSpringAnimator.update |
-- | spring rate | ln(0.991) / (-2 pi 0.001 / 0.4); 0.991 = fast + 0.001 | Behavior.swift defaults |
-- | present, dismiss | spring 0.25 s, zeta ln(0.99) / (-4 pi 0.001) = 0.7998 | Controller.swift |
-- | backdrop | full 0.3, half 0, tip 0; linear between anchors | Layout.swift backdropAlpha(for:) |
-- | per frame | alpha at every drag and attraction frame | Core.swift getBackdropAlpha(at:with:), move |
-- | taps | the backdrop's tap-to-dismiss is off | Core.swift, BackdropView |
--
-- (A = H - T, the available height; T, B the safe-area insets; y the surface's edge coordinate; the
-- damping from a deceleration rate is Extensions.swift's UISpringTimingParameters(decelerationRate:...).)
-- Tests/CoreTests.swift's `test_targetState_*` rows are checked by Tests/Scenarios/floating_panel_*.lua.
-- Reference screen 390 x 844, safe area 47 / 34: full 779, half 415.5, tip 103.

local S = require 'sheet'

local thresholds = S.thresholds {
  projection_rate = 0.998,            -- per ms: momentumProjectionRate (UIScrollView normal rate)
  redirect_progress = 0.5,            -- redirectionalProgress(_:from:to:), pinned to [0, 1]
  project_momentum = 0,               -- 0 or 1: shouldProjectMomentum(_:to:) for every state
  removal = 0,                        -- 0 or 1: isRemovalInteractionEnabled
  removal_velocity = 5.5,             -- per s: v (pt/s) over the distance to the hidden position (pt)
  spring_response = 0.4,              -- s: springResponseTime
  spring_deceleration_rate = 0.991,   -- per ms: springDecelerationRate (fast 0.99 + 0.001)
  spring_velocity_cutoff = 300,       -- pt/s: at or below it the attraction is critically damped
  display_scale = 3,                  -- pixels per pt (fp_displayScale): the attraction rests within a pixel
  transition_deceleration_rate = 0.99, -- per ms: present / dismiss springs (DecelerationRate.fast)
  transition_response = 0.25,         -- s: present / dismiss springs' frequencyResponse
  alpha_full = 0.3,                   -- backdropAlpha(for: .full)
  alpha_half = 0,                     -- backdropAlpha(for: .half)
  alpha_tip = 0,                      -- backdropAlpha(for: .tip)
  full_inset = 18,                    -- pt below the safe-area top (absoluteInset 18, edge top)
  half_fraction = 0.5,                -- of the safe area, from its bottom (fractionalInset 0.5)
  half_inset = 0,                     -- pt above the safe-area bottom; > 0 replaces half_fraction
  tip_inset = 69,                     -- pt above the safe-area bottom (absoluteInset 69, edge bottom)
  hidden_anchor = 0,                  -- 0 or 1: the layout holds a .hidden anchor at height 0
  hidden_offset = 100,                -- pt past the edge where a hidden panel sits (hiddenAnchor -100)
  rubber_banding = 0,                 -- 0 or 1: allowsRubberBanding(for:) at both ends
  rubber_band = 0.55,                 -- rubberBandEffect's constant over the screen height
  position_top = 0,                   -- 0 or 1: FloatingPanelLayout.position .top instead of .bottom
}

-- 'alpha_' .. id, made once per detent id (so the per-frame backdrop makes no strings).
local alpha_keys = {}
local function alpha_of(id)
  if id == 'dismiss' then
    return 0.0 -- backdropAlpha(for: .hidden) in the default layout
  end
  local key = alpha_keys[id]
  if key == nil then
    key = 'alpha_' .. id
    alpha_keys[id] = key
  end
  return thresholds[key] or 0.0
end

-- Whether the panel is attached where its axis's coordinates are largest: a bottom panel, or a right
-- (trailing) one; FloatingPanel's side positions mirror top and bottom along x.
local function at_end(edge)
  return edge == 'bottom' or edge == 'trailing'
end

-- The safe-area inset at the panel's own edge.
local function near_inset(ctx)
  if at_end(ctx.edge) then
    return ctx.safe.bottom
  end
  return ctx.safe.top
end

-- FloatingPanel's coordinate of a height: the surface's leading edge y (top edge of a bottom panel,
-- bottom edge of a top panel).
local function coordinate(sheet, h)
  if at_end(sheet.edge) then
    return sheet.screen.height - h
  end
  return h
end

-- Anchors in ascending coordinate (sortedAnchorStatesByCoordinate): ids and positions. Reused tables.
local ids, pos = {}, {}
local count = 0

local function add_anchor(id, p)
  count = count + 1
  ids[count], pos[count] = id, p
end

local function collect_anchors(sheet)
  count = 0
  local order, detents = sheet.order, sheet.detents
  local hidden = thresholds.hidden_anchor == 1
  if at_end(sheet.edge) then
    for k = #order, 1, -1 do
      add_anchor(order[k], coordinate(sheet, detents[order[k]]))
    end
    if hidden then
      add_anchor('dismiss', coordinate(sheet, 0))
    end
  else
    if hidden then
      add_anchor('dismiss', coordinate(sheet, 0))
    end
    for k = 1, #order do
      add_anchor(order[k], coordinate(sheet, detents[order[k]]))
    end
  end
  for k = #ids, count + 1, -1 do
    ids[k], pos[k] = nil, nil
  end
end

local function index_of(id)
  for i = 1, count do
    if ids[i] == id then
      return i
    end
  end
  return nil
end

-- Layout.swift segment(at:forward:): the indices (lower, upper) around p, nil past either end.
local function segment(p, forward)
  local upper
  for i = 1, count do
    if (forward and p < pos[i]) or (not forward and p <= pos[i]) then
      upper = i
      break
    end
  end
  if upper == 1 then
    return nil, 1
  elseif upper ~= nil then
    return upper - 1, upper
  end
  return count, nil
end

-- Core.swift project(initialVelocity:decelerationRate:): (v / 1000) * r / (1 - r).
local function project(v, rate)
  return (v / 1000.0) * rate / (1.0 - rate)
end

-- NumericSpringAnimator's damping ratio: ln(rate) / (-2 pi f 0.001) with f = 1 / response when the
-- velocity is above the cutoff, else 1 (critically damped).
local function attraction_damping(v)
  local t = thresholds
  if math.abs(v) > t.spring_velocity_cutoff then
    return math.log(t.spring_deceleration_rate) / (-2.0 * math.pi * (1.0 / t.spring_response) * 0.001)
  end
  return 1.0
end

-- NumericSpringAnimator: the spring taken one implicit step per display frame with the frame's interval,
-- resting within one pixel (1 / display_scale pt) of its target after a frame that moved it at most one.
local function attraction(zeta)
  local t = thresholds
  return S.spring(zeta, t.spring_response, { stepped = true, rest_distance = 1.0 / t.display_scale })
end

-- UISpringTimingParameters(decelerationRate:frequencyResponse:): damping ln(rate) / (-4 pi 0.001).
local function transition_spring()
  local t = thresholds
  local zeta = math.log(t.transition_deceleration_rate) / (-4.0 * math.pi * 0.001)
  local motion = S.spring(zeta, t.transition_response)
  motion.backdrop = S.spring(zeta, t.transition_response) -- a property animator blends the alpha
  return motion
end

-- The anchor FloatingPanel's `state` names: the detent the pan started from, else the one the sheet
-- last rested at, else the anchor nearest the current position.
local function current_state(sheet, gesture, y)
  local id = gesture.start_detent or sheet.detent
  local i = id and index_of(id)
  if i ~= nil then
    return i
  end
  local best, best_d = 1, math.huge
  for k = 1, count do
    local d = math.abs(pos[k] - y)
    if d < best_d then
      best, best_d = k, d
    end
  end
  return best
end

-- Core.swift targetState(from:with:). Returns the target's index and the reason.
local function target_state(sheet, gesture, y, v)
  local t = thresholds
  local state = current_state(sheet, gesture, y)
  if count <= 1 then
    return state, ('one anchor: stay at %s'):format(ids[state])
  end
  -- least / most expanded: the lowest and the highest anchor.
  local least, most = count, 1
  if not at_end(sheet.edge) then
    least, most = 1, count
  end
  local base = math.abs(pos[least] - pos[most])
  local p = project(v / base, t.projection_rate) * base + y
  local distance = y - pos[state]
  local forward
  if v == 0 then
    forward = distance > 0
  else
    forward = v > 0
  end
  local lo, up = segment(p, forward)
  lo, up = lo or 1, up or count
  local from, to = up, lo
  if forward then
    from, to = lo, up
  end
  if t.project_momentum ~= 1 then
    lo, up = segment(y, forward)
    lo, up = lo or 1, up or count
    if lo == up then
      if forward then
        up = math.min(lo + 1, count)
      else
        lo = math.max(lo - 1, 1)
      end
    end
    from, to = up, lo
    if forward then
      from, to = lo, up
      p = math.max(math.min(p, pos[math.min(to + 1, count)]), pos[from])
    else
      p = math.max(math.min(p, pos[from]), pos[math.max(to - 1, 1)])
    end
  end
  local redirect = math.max(math.min(t.redirect_progress, 1.0), 0.0)
  -- from == to: FloatingPanel's 0 / 0 is NaN, never above the redirect progress; 0 here says the same.
  local span = math.abs(pos[from] - pos[to])
  local progress = 0.0
  if span > 0 then
    progress = math.abs(p - pos[from]) / span
  end
  local far = progress > redirect
  local i, comparison = from, '<='
  if far then
    i, comparison = to, '>'
  end
  return i, ('y %.1f v %.1f projected %.1f from %s to %s, progress %.2f %s %.2f -> %s'):format(
    y, v, p, ids[from], ids[to], progress, comparison, redirect, ids[i])
end

---@type Behaviour
local behaviour = {
  edge = thresholds.position_top == 1 and 'top' or 'bottom',
  corner_radius = 0,         -- SurfaceAppearance's default cornerRadius
  grabber = true,            -- GrabberView shown by default
  pannable = true,
  gesture_area = 'sheet',    -- the pan gesture recognizer is on the surface view
  backdrop_max = thresholds.alpha_full,
  -- Core.swift: the attraction animator's every frame sets the alpha from getBackdropAlpha at the
  -- frame's position (present and dismiss carry their own backdrop motion, which wins).
  backdrop_follows_height = true,
  tap_to_dismiss = false,
  allow_dismiss = true,
  present_detent = 'half',
  thresholds = thresholds,

  -- FloatingPanelBottomLayout.anchors, heights from the panel's edge (that edge's safe inset included):
  -- tip and half from the near edge of the safe area, full from its far edge (a top panel mirrors them,
  -- as Tests/TestSupports.swift's FloatingPanelTop2BottomTestLayout does).
  detents = {
    {
      id = 'tip',
      height = function(ctx)
        return near_inset(ctx) + thresholds.tip_inset
      end,
    },
    {
      id = 'half',
      height = function(ctx)
        local t = thresholds
        if t.half_inset > 0 then
          return near_inset(ctx) + t.half_inset
        end
        return near_inset(ctx) + t.half_fraction * (ctx.screen.height - ctx.safe.top - ctx.safe.bottom)
      end,
    },
    {
      id = 'full',
      height = function(ctx)
        return ctx.available - thresholds.full_inset
      end,
    },
  },

  -- updateInteractiveEdgeConstraint: the surface follows the finger; rubber-banded past the most and
  -- least expanded anchors only when rubber_banding is 1 (base: the screen height).
  on_drag = function(sheet, gesture)
    local t = thresholds
    local sign = 1.0
    if at_end(sheet.edge) then
      sign = -1.0
    end
    local h = gesture.start_height + sign * gesture.translation
    local order, detents = sheet.order, sheet.detents
    local n = #order
    local limit = sheet.screen.height
    if t.rubber_banding == 1 and n > 0 then
      local top, low = detents[order[n]], detents[order[1]]
      local c = t.rubber_band
      if h > top then
        local x = h - top
        h = top + (1.0 - 1.0 / (x * c / limit + 1.0)) * limit
      elseif h < low then
        local x = low - h
        h = low - (1.0 - 1.0 / (x * c / limit + 1.0)) * limit
      end
    end
    if h < 0 then
      h = 0.0
    elseif h > limit then
      h = limit
    end
    return h
  end,

  -- Core.swift panningEnd: targetState, then (when enabled) the removal check.
  on_release = function(sheet, gesture)
    local t = thresholds
    collect_anchors(sheet)
    local h = sheet.height
    local y = coordinate(sheet, h)
    local v = gesture.velocity
    if v == 0 then
      v = 0.0
    end
    if count == 0 then
      return { height = h }, 'no anchors'
    end
    local i, reason = target_state(sheet, gesture, y, v)
    if t.removal == 1 then
      local hidden_height = -t.hidden_offset
      if t.hidden_anchor == 1 then
        hidden_height = 0.0
      end
      local distance = math.abs(h - hidden_height)
      local dy = 0.0
      if distance ~= 0 then
        dy = v / distance
      end
      local remove
      if at_end(sheet.edge) then
        remove = dy >= t.removal_velocity
      else
        remove = dy <= -t.removal_velocity
      end
      if remove then
        return 'dismiss', ('removal: v %.1f / %.1f = %.2f per s beyond %.2f'):format(
          v, distance, dy, t.removal_velocity), transition_spring()
      end
    end
    return ids[i], reason, attraction(attraction_damping(v))
  end,

  -- getBackdropAlpha(at:with:): linear between the alphas of neighbouring anchors (ascending heights),
  -- the end anchors' alphas past the ends; with a single anchor (no hidden one), down to 0 at the hidden
  -- position, hidden_offset past the edge.
  backdrop = function(sheet)
    local t = thresholds
    local order, detents = sheet.order, sheet.detents
    local n = #order
    if n == 0 then
      return 0.0
    end
    local h = sheet.height
    local lo_h, lo_a
    if t.hidden_anchor == 1 then
      lo_h, lo_a = 0.0, 0.0
    elseif n == 1 then
      lo_h, lo_a = -t.hidden_offset, 0.0
    else
      lo_h, lo_a = detents[order[1]], alpha_of(order[1])
    end
    if h <= lo_h then
      return lo_a
    end
    for k = 1, n do
      local id = order[k]
      local hi_h, hi_a = detents[id], alpha_of(id)
      if h <= hi_h then
        if hi_h == lo_h then
          return hi_a
        end
        local progress = math.max(math.min(1.0 - (hi_h - h) / (hi_h - lo_h), 1.0), 0.0)
        return lo_a + progress * (hi_a - lo_a)
      end
      lo_h, lo_a = hi_h, hi_a
    end
    return lo_a
  end,

  -- present / dismiss: the controller's property animators; snaps (move(to:animated:)) and resizes:
  -- an attraction from rest (startAttraction with velocity 0), critically damped. A release's own
  -- attraction comes from on_release.
  animations = function(_, transition)
    if transition == 'present' or transition == 'dismiss' then
      return transition_spring()
    end
    return attraction(1.0)
  end,
}

return behaviour
