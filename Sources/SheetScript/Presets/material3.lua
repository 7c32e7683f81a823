-- material3.lua: Compose Material 3's ModalBottomSheet: anchored-draggable thresholds, motion springs.
--
-- Sources: androidx/androidx compose/material3/material3/src/commonMain/kotlin/androidx/compose/material3/
-- ModalBottomSheet.kt ("MBS"), SheetDefaults.kt ("SD"), internal/AnchoredDraggable.kt ("AD") and
-- tokens/StandardMotionTokens.kt, ScrimTokens.kt, SheetBottomTokens.kt; compose/foundation's
-- DragGestureDetector.kt (detectDragGestures hands over the travel past the touch slop as the first delta).
-- Units: px = pt (density 1, every dp constant that many pt), y down, velocities px/s. The container is the
-- screen (H); an anchor is the sheet's top edge below the container's top, offset = H - h.
--
-- | rule            | here                                                   | where                     |
-- | --------------- | ------------------------------------------------------ | ------------------------- |
-- | sheet height C  | the content's height (handle and insets in it), else H | MBS draggableAnchors      |
-- | anchors         | hidden at H; partially_expanded at H / 2 when C > H / 2 | MBS draggableAnchors     |
-- |                 | and skip_partially_expanded 0; expanded at max(0, H - C)|                           |
-- | present         | show(): partially_expanded when it is an anchor        | SD show                   |
-- | drag            | offset += each event's travel, within [expanded, H];   | AD dispatchRawDelta,      |
-- |                 | nothing until |travel| > 8, then the travel past it;    | newOffsetForDelta; touch  |
-- |                 | no slop when it catches an animation                   | slop 8 dp; MBS draggable  |
-- | release         | computeTarget from the current anchor (below)          | AD settle, computeTarget  |
-- | thresholds      | positional 56 dp, velocity 125 dp/s                    | SD BottomSheetDefaults    |
-- | settle and show | spring damping 0.9, stiffness 700 (mass 1)             | MBS DefaultSpatial        |
-- | hide, partial-  | spring damping 1, stiffness 3800                       | MBS FastEffects;          |
-- | Expand          |                                                        | StandardMotionTokens      |
-- | scrim           | 0.32, its own spring damping 1, stiffness 1600         | ScrimTokens; MBS Scrim    |
-- | taps            | scrim: hide; drag handle (32 x 48 at the content's     | MBS Scrim, DragHandleWith-|
-- |                 | top): expanded -> hide, partially_expanded -> expand   | Tooltip; SheetBottomTokens|
--
-- computeTarget(offset, current, v) with current the anchor the sheet last rested at: moved down (offset
-- past current): v >= 125 goes to the next anchor down (the nearest at or below the offset), else that
-- anchor when offset >= current + 56, else current; moved up: v <= -125 the nearest anchor at or above,
-- else it when offset <= current - 56, else current. The 56 counts from the current anchor, not from the
-- one passed: from expanded, a slow drag to just below half goes on to hidden.
-- Reference screen 390 x 844: partially_expanded 422, expanded 844.

local S = require 'sheet'

local thresholds = S.thresholds {
  skip_partially_expanded = 0, -- 0 or 1: rememberModalBottomSheetState(skipPartiallyExpanded)
  positional_threshold = 56,   -- px: BottomSheetDefaults.PositionalThreshold (56 dp)
  velocity_threshold = 125,    -- px/s: BottomSheetDefaults.VelocityThreshold (125 dp/s)
  touch_slop = 8,              -- px: ViewConfiguration touch slop (8 dp) before a drag starts
  spatial_damping = 0.9,       -- SpringDefaultSpatialDamping (standard motion scheme)
  spatial_stiffness = 700,     -- SpringDefaultSpatialStiffness
  fast_effects_damping = 1,    -- SpringFastEffectsDamping
  fast_effects_stiffness = 3800, -- SpringFastEffectsStiffness
  effects_damping = 1,         -- SpringDefaultEffectsDamping (the scrim's fade)
  effects_stiffness = 1600,    -- SpringDefaultEffectsStiffness
  rest_distance = 0.01,        -- px: the springs' visibility threshold (Spring.DefaultDisplacementThreshold)
  scrim = 0.32,                -- ScrimTokens.ContainerOpacity
  handle_width = 32,           -- px: SheetBottomTokens.DockedDragHandleWidth
  handle_height = 48,          -- px: the handle (4 dp) and its vertical padding (22 dp) each side
}

S.check_flags('material3', thresholds, { 'skip_partially_expanded' })
S.check_ranges('material3', thresholds, {
  { 'positional_threshold', 0, 100000 }, { 'velocity_threshold', 0, 1e6 }, { 'touch_slop', 0, 1000 },
  { 'spatial_damping', 0.01, 100 }, { 'spatial_stiffness', 1e-3, 1e6 },
  { 'fast_effects_damping', 0.01, 100 }, { 'fast_effects_stiffness', 1e-3, 1e6 },
  { 'effects_damping', 0.01, 100 }, { 'effects_stiffness', 1e-3, 1e6 },
  { 'rest_distance', 1e-6, 10000 }, { 'scrim', 0, 1 }, { 'handle_width', 0, 10000 },
  { 'handle_height', 0, 10000 },
})

-- A Compose spring of damping ratio zeta and stiffness k (mass 1, so omega = sqrt(k)): response 2 pi / omega.
local function spring(zeta, k)
  return S.spring(zeta, 2 * math.pi / math.sqrt(k), { rest_distance = thresholds.rest_distance })
end

-- An animation: the sheet's spring and the scrim's own fade.
local function motion(zeta, k)
  local t = thresholds
  local animation = spring(zeta, k)
  animation.backdrop = S.spring(t.effects_damping, 2 * math.pi / math.sqrt(t.effects_stiffness))
  return animation
end

local function spatial()
  return motion(thresholds.spatial_damping, thresholds.spatial_stiffness)
end

local function fast_effects()
  return motion(thresholds.fast_effects_damping, thresholds.fast_effects_stiffness)
end

-- The sheet's height C: the content's, else the container's, at most the container's.
local function sheet_height(ctx)
  local h = ctx.screen.height
  return math.min(ctx.content or h, h)
end

-- The anchor the sheet last rested at ('hidden' before it shows and after it hides): AD currentValue,
-- which changes only when an animation ends on an anchor.
local current = 'hidden'
-- Whether the drag has started: past the touch slop, or at once when it caught an animation.
local dragging_started = false

-- The anchor offsets in offset order (top to bottom): ids and offsets, reused.
local ids, offsets, count = {}, {}, 0

local function collect(sheet)
  local H = sheet.screen.height
  count = 0
  local order, detents = sheet.order, sheet.detents
  for k = #order, 1, -1 do
    count = count + 1
    ids[count], offsets[count] = order[k], H - detents[order[k]]
  end
  count = count + 1
  ids[count], offsets[count] = 'hidden', H
  for k = #ids, count + 1, -1 do
    ids[k], offsets[k] = nil, nil
  end
end

local function offset_of(id)
  for k = 1, count do
    if ids[k] == id then
      return offsets[k]
    end
  end
  return nil
end

-- AD closestAnchor(offset, searchUpwards): the nearest anchor at or below (true) or at or above (false)
-- the offset.
local function closest(offset, down)
  local best, best_d
  for k = 1, count do
    local d = down and offsets[k] - offset or offset - offsets[k]
    if d >= 0 and (best_d == nil or d < best_d) then
      best, best_d = ids[k], d
    end
  end
  return best
end

-- A release reason: `offset 470.0 >= partially_expanded 422.0 + 56 -> hidden`.
local function because(left, test, right, target)
  return ('%s %s %s -> %s'):format(left, test, right, target)
end

-- AD computeTarget. Returns the target id and the reason.
local function compute_target(offset, v)
  local t = thresholds
  -- AnchoredDraggableState keeps its offset between the anchors (dispatchRawDelta coerces it), so a
  -- sheet above its top anchor (grown by a resize or a scroll hand-off) is released from that anchor.
  local top, bottom = offsets[1], offsets[1]
  for k = 2, count do
    top, bottom = math.min(top, offsets[k]), math.max(bottom, offsets[k])
  end
  offset = S.clamp(offset, top, bottom)
  local at = offset_of(current)
  if at == nil then -- its anchor went with a relayout: updateAnchors' target, the closest anchor
    local best
    for k = 1, count do
      if best == nil or math.abs(offsets[k] - offset) < math.abs(offsets[best] - offset) then
        best = k
      end
    end
    current, at = ids[best], offsets[best]
  end
  if at == offset then
    return current, ('offset %.1f at %s'):format(offset, current)
  end
  local speed = ('v %.1f'):format(v)
  local from = ('%s %.1f'):format(current, at)
  local where = ('offset %.1f'):format(offset)
  local pos = t.positional_threshold
  if at < offset then
    local next_down = closest(offset, true)
    if v >= t.velocity_threshold then
      return next_down, because(speed, '>=', t.velocity_threshold, next_down)
    end
    if offset < at + pos then
      return current, because(where, '<', from .. ' + ' .. pos, current)
    end
    return next_down, because(where, '>=', from .. ' + ' .. pos, next_down)
  end
  local next_up = closest(offset, false)
  if v <= -t.velocity_threshold then
    return next_up, because(speed, '<=', -t.velocity_threshold, next_up)
  end
  if offset > math.abs(at - pos) then
    return current, because(where, '>', from .. ' - ' .. pos, current)
  end
  return next_up, because(where, '<=', from .. ' - ' .. pos, next_up)
end

---@type Behaviour
local behaviour = {
  edge = 'bottom',
  corner_radius = 28,         -- SheetBottomTokens.DockedContainerShape: CornerExtraLargeTop
  grabber = true,             -- BottomSheetDefaults.DragHandle
  pannable = true,
  gesture_area = 'sheet',     -- Modifier.draggable on the sheet's Surface
  backdrop_max = thresholds.scrim,
  allow_dismiss = true,
  present_detent = 'partially_expanded',
  thresholds = thresholds,

  detents = {
    {
      id = 'partially_expanded',
      height = function(ctx)
        local H = ctx.screen.height
        if thresholds.skip_partially_expanded == 1 or sheet_height(ctx) <= H / 2 then
          return nil
        end
        return H / 2
      end,
    },
    {
      id = 'expanded',
      height = function(ctx)
        return sheet_height(ctx)
      end,
    },
  },

  -- draggable's deltas into dispatchRawDelta: the offset moves by each event's travel, within the
  -- anchors; a drag that began at rest starts once the finger is past the touch slop, with the travel
  -- beyond it.
  on_drag = function(sheet, gesture)
    local dy = gesture.delta
    if not dragging_started then
      local travel = gesture.translation
      if math.abs(travel) <= thresholds.touch_slop then
        return sheet.height
      end
      dragging_started = true
      local sign = travel > 0 and 1 or -1
      dy = travel - sign * thresholds.touch_slop
    end
    local order = sheet.order
    local top = order[1] and sheet.detents[order[#order]] or sheet.screen.height
    return S.clamp(sheet.height - dy, 0, top)
  end,

  on_release = function(sheet, gesture)
    collect(sheet)
    local offset = sheet.screen.height - sheet.height
    local target, reason = compute_target(offset, gesture.velocity)
    if target == 'hidden' then
      return 'dismiss', reason, spatial()
    end
    return target, reason, spatial()
  end,

  -- The scrim: visible at every anchor but hidden; a drag leaves it as it is.
  backdrop = function(sheet)
    if sheet.state == 'resting' then
      return thresholds.scrim
    end
    return nil
  end,

  on_tap = function(sheet, tap)
    if tap.region == 'backdrop' then
      return 'dismiss'
    end
    local t = thresholds
    local top = sheet.screen.height - sheet.height
    local start = top + math.max(0, sheet.safe.top - top) -- the top inset the sheet has not consumed
    local inside = math.abs(tap.x - sheet.screen.width / 2) <= t.handle_width / 2
      and tap.y >= start and tap.y <= start + t.handle_height
    if not inside then
      return nil
    end
    if current == 'expanded' then
      return 'dismiss'
    elseif current == 'partially_expanded' then
      return 'expanded'
    end
    return nil
  end,

  on_state = function(sheet, from, to)
    if to == 'dragging' then
      dragging_started = from == 'presenting' or from == 'settling' or from == 'dismissing'
    elseif to == 'resting' then
      current = sheet.detent or current
    elseif to == 'dismissed' then
      current = 'hidden'
    end
  end,

  -- show(), expand() and a release's settle: the spatial spring; hide() and partialExpand(): the fast
  -- effects spring; a relayout snaps at once (updateAnchors without an animation running).
  animations = function(sheet, transition)
    if transition == 'dismiss' then
      return fast_effects()
    elseif transition == 'resize' then
      return S.linear(0.001)
    elseif transition == 'snap' and sheet.target == 'partially_expanded' then
      return fast_effects()
    end
    return spatial()
  end,
}

return behaviour
