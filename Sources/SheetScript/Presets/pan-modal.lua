-- pan-modal.lua: slackhq/PanModal's modal (short, long): nearest snap, fast flicks by sensitivity 0.7.
--
-- The rule and where each number comes from (slackhq/PanModal, PanModal/ unless said otherwise):
--
-- | rule | numbers | source |
-- | --- | --- | --- |
-- | top offset | topOffset = T + 21 | Presentable/PanModalPresentable+Defaults.swift |
-- | heights | y = topMargin + topOffset; maxHeight 0, maxHeightWithTopInset(i) i | ...+LayoutHelpers.swift |
-- | content | contentHeight(c): topMargin = (H - topOffset) - (c + B) | ...+LayoutHelpers.swift |
-- | long form | .maxHeight (no scroll view) or contentHeight(content); y >= topOffset | ...+Defaults.swift |
-- | short form | = long form by default; never above it | ...+Defaults.swift, shortFormYPos |
-- | present | to short form | Animator/PanModalPresentationAnimator.swift |
-- | drag | each event's own travel; half of it when above long before it; not above the anchor | respond |
-- | anchor | long form (anchorModalToLongForm true), else topOffset | PanModalPresentationController |
-- | fast | abs(v) - 1000 (1 - 0.7) > 0, i.e. above 300 pt/s | isVelocityWithinSensitivityRange |
-- | fast up | long form | didPanOnPresentedView |
-- | fast down | short if nearer long than the bottom and above short, else dismiss | didPanOnPresentedView |
-- | slow | nearest of [bottom, short, long], the first on a tie | didPanOnPresentedView, nearest(to:) |
-- | other detents | lowest = short, highest = long; slow: nearest of [bottom, each detent] | sheet.order |
-- | no dismiss | allowsDragToDismiss false: short instead of dismiss | didPanOnPresentedView |
-- | backdrop | 0.7 above short; below 0.7 (1 - (y - yShort) / H) | adjust(toYPosition:); DimmedView |
-- | animation | UIView spring, 0.5 s, damping 0.8, initial velocity 0 | Animator/PanModalAnimator.swift |
-- | taps | a backdrop tap dismisses (allowsTapToDismiss true) | PanModalPresentationController |
--
-- (H, T, B: the screen height and safe-area insets; y a top edge's screen y. Tests/PanModalTests.swift's
-- numbers are checked by Tests/Scenarios/pan_modal_*.lua.)
-- Reference screen 390 x 844, safe area 47 / 34: topOffset 68, short = long = 844 - 68 = 776.

local S = require 'sheet'

local thresholds = S.thresholds {
  snap_sensitivity = 0.7,        -- Constants.snapMovementSensitivity
  snap_velocity_scale = 1000,    -- pt/s: isVelocityWithinSensitivityRange's 1000 * (1 - sensitivity)
  allows_drag_to_dismiss = 1,    -- 0 or 1: allowsDragToDismiss
  anchor_to_long = 1,            -- 0 or 1: anchorModalToLongForm
  dim = 0.7,                     -- panModalBackgroundColor black at alpha 0.7
  spring_damping = 0.8,          -- springDamping
  duration = 0.5,                -- s: transitionDuration (PanModalAnimator.Constants)
  velocity_fraction = 0,         -- of the release velocity the spring starts with: PanModalAnimator's
                                 -- initialSpringVelocity 0
  top_offset = 21,               -- pt below the safe-area top: topOffset = topLayoutOffset + 21
  long_form_inset = 0,           -- pt: longFormHeight .maxHeightWithTopInset (0: .maxHeight)
  long_form_height = 0,          -- pt: > 0 makes longFormHeight .contentHeight(this)
  short_form_height = 0,         -- pt: > 0 makes shortFormHeight .contentHeight(this); 0: = long form
  above_long_rate = 0.5,         -- drag rate above the long form (yDisplacement /= 2)
}

-- topOffset, and topMargin(from:) of a .contentHeight(c) (bottomYPos - (c + bottomLayoutOffset)).
local function top_offset(ctx)
  return ctx.safe.top + thresholds.top_offset
end

local function content_margin(ctx, c)
  return (ctx.screen.height - top_offset(ctx)) - (c + ctx.safe.bottom)
end

-- longFormYPos: max(topMargin(longFormHeight), topMargin(.maxHeight) = 0) + topOffset.
local function long_y(ctx)
  local t = thresholds
  local margin = t.long_form_inset
  if t.long_form_height > 0 then
    margin = content_margin(ctx, t.long_form_height)
  elseif ctx.content ~= nil then
    margin = content_margin(ctx, ctx.content)
  end
  return math.max(margin, 0.0) + top_offset(ctx)
end

-- shortFormYPos: max(topMargin(shortFormHeight) + topOffset, longFormYPos).
local function short_y(ctx)
  local t = thresholds
  if t.short_form_height <= 0 then
    return long_y(ctx)
  end
  return math.max(content_margin(ctx, t.short_form_height) + top_offset(ctx), long_y(ctx))
end

-- The forms of whatever detents the sheet has (sheet.order, ascending): the lowest is the short form,
-- the highest the long form (the preset's own `short` and `long`; with one detent both are it). Returns
-- the ids and the screen y of their top edges, or nil without detents.
local function forms(sheet)
  local order, d = sheet.order, sheet.detents
  local n = #order
  if n == 0 then
    return nil
  end
  local H = sheet.screen.height
  return order[1], H - d[order[1]], order[n], H - d[order[n]]
end

-- The slow release's candidate positions (reused, never re-created): the bottom, then each detent.
local candidates = {}

---@type Behaviour
local behaviour = {
  edge = 'bottom',
  corner_radius = 8,          -- cornerRadius
  grabber = true,             -- showDragIndicator (shouldRoundTopCorners while presented)
  pannable = true,
  gesture_area = 'screen',    -- the pan gesture recognizer is on the container view
  backdrop_max = thresholds.dim,
  tap_to_dismiss = 'backdrop',
  allow_dismiss = thresholds.allows_drag_to_dismiss == 1,
  present_detent = 'short',
  thresholds = thresholds,

  detents = {
    {
      id = 'short',
      height = function(ctx)
        return ctx.screen.height - short_y(ctx)
      end,
    },
    {
      id = 'long',
      height = function(ctx)
        return ctx.screen.height - long_y(ctx)
      end,
    },
  },

  -- respond(to:): each pan event moves the top edge by that event's own translation (the recognizer's
  -- translation is reset to zero after every event: gesture.delta), at above_long_rate when the edge was
  -- above the long form before the event; adjust(toYPosition:) then holds it at or below the anchor (the
  -- long form, or topOffset when anchor_to_long is 0). A finger that goes on past the anchor and comes
  -- back moves the sheet at once.
  on_drag = function(sheet, gesture)
    local t = thresholds
    local H = sheet.screen.height
    local y = H - sheet.height
    local dy = gesture.delta
    local _, _, long_id, long_y_ = forms(sheet)
    if long_id == nil then
      return S.clamp(sheet.height - dy, 0, H)
    end
    if y < long_y_ then
      dy = dy * t.above_long_rate
    end
    local anchored = long_y_
    if t.anchor_to_long ~= 1 then
      anchored = sheet.safe.top + t.top_offset
    end
    return S.clamp(H - math.max(y + dy, anchored), 0, H)
  end,

  -- didPanOnPresentedView's .ended branch, in screen y. The slow branch's nearest(to:inValues:) list is
  -- [bottom, short, long]; with more than two detents every detent stands in it, ascending.
  on_release = function(sheet, gesture)
    local t = thresholds
    local H = sheet.screen.height
    local y = H - sheet.height
    local short_id, short_y_, long_id, long_y_ = forms(sheet)
    if short_id == nil then
      return { height = sheet.height }, 'no detents'
    end
    local v = gesture.velocity
    local dismissible = t.allows_drag_to_dismiss == 1
    local limit = t.snap_velocity_scale * (1 - t.snap_sensitivity)
    if math.abs(v) - limit > 0 then
      if v < 0 then
        return long_id, ('fast: vy %.1f < 0 -> long form %s'):format(v, long_id)
      end
      local _, nearer = S.nearest(y, { long_y_, H })
      if (nearer == long_y_ and y < short_y_) or not dismissible then
        return short_id, ('fast: vy %.1f down, y %.1f nearer long %.1f than %.1f, above short %.1f -> %s')
          :format(v, y, long_y_, H, short_y_, short_id)
      end
      return 'dismiss', ('fast: vy %.1f down, y %.1f -> dismiss'):format(v, y)
    end
    local order, d = sheet.order, sheet.detents
    local n = #order
    for k = 1, n do
      candidates[k + 1] = H - d[order[k]]
    end
    for k = #candidates, n + 2, -1 do
      candidates[k] = nil
    end
    candidates[1] = H
    local _, position = S.nearest(y, candidates)
    local reason = ('vy %.1f within %.1f: y %.1f nearest of %d positions is %.1f'):format(
      v, limit, y, n + 1, position)
    -- PanModal tests the long form first, then the short form, so equal forms resolve to the long one.
    if position == long_y_ then
      return long_id, reason .. ' -> long form ' .. long_id
    end
    for k = 1, n do
      if position == candidates[k + 1] then
        return order[k], reason .. ' -> ' .. order[k]
      end
    end
    if not dismissible then
      return short_id, reason .. ' -> ' .. short_id .. ' (no drag to dismiss)'
    end
    return 'dismiss', reason .. ' -> dismiss'
  end,

  -- adjust(toYPosition:): full dim at and above the short form; below it dim * (1 - (y - yShort) / H)
  -- (presentedView's height is the container's), clamped to [0, 1] as DimmedView's .percent does.
  backdrop = function(sheet)
    local t = thresholds
    local H = sheet.screen.height
    local short_id, short_y_ = forms(sheet)
    if short_id == nil then
      return nil
    end
    local y = H - sheet.height
    if y <= short_y_ then
      return t.dim
    end
    return t.dim * S.clamp(1.0 - (y - short_y_) / H, 0, 1)
  end,

  -- PanModalAnimator.animate: every move, present and dismiss is a UIView spring animation of
  -- `duration` with damping `spring_damping`.
  animations = function()
    local t = thresholds
    return S.spring_duration(t.duration, t.spring_damping, { velocity_fraction = t.velocity_fraction })
  end,
}

return behaviour
