-- custom-modal.lua: seed 002, CustomModalViewController ("可拖拽 Bottom Sheet View Controller").
--
-- Reproduces seed 002's rules as The presets restates them
-- (Sources/SheetScript/SheetScript.docc/ThePresets.md). Pans start anywhere on the screen;
-- the height follows `newHeight = current - ty` below the maximum; the backdrop does not change while
-- dragging; the release rules run in the seed's order; dismissing slides the sheet down by 300 pt
-- (so from a taller height it ends partly on screen, as in the seed).
-- `current` (the seed's `currentContainerHeight`, the last height animation's target) is read as
-- `gesture.start_height`, the height when the pan began. They agree whenever a pan starts at rest
-- after a height animation; they differ only for a pan that starts mid-animation (the seed would use
-- the animation's target, this preset the height shown) or after a "nothing moves" release.
-- Reference screen: default h = 300, maximum h = 844 - 64 = 780, backdrop 0.6.

local S = require 'sheet'

-- Seed 002 "parameters" row and its durations; overridable from outside (`set { ... }`, --set).
local thresholds = S.thresholds {
  default_height = 300,     -- pt: `defaultHeight`; also the dismiss slide
  dismissible_height = 200, -- pt: `dismissibleHeight`: a release below it dismisses
  top_gap = 64,             -- pt: `maximumContainerHeight = H - 64`
  max_backdrop = 0.6,       -- opacity: `maxDimmedAlpha`
  duration = 0.4,           -- s: "height animation", default curve
  present_duration = 0.3,   -- s: "present": the container's slide up
  slide_duration = 0.3,     -- s: "dismiss": the container's slide down
  backdrop_duration = 0.4,  -- s: "present" / "dismiss": the backdrop's fade
}

-- maximumContainerHeight: H - top_gap (pt), for a view with `screen` and thresholds.
local function maximum(view)
  return view.screen.height - thresholds.top_gap
end

-- "present": height 0.3 s and backdrop 0.4 s, both on the default curve (ease-in-out).
local present = S.ease_in_out(thresholds.present_duration)
present.backdrop = S.ease_in_out(thresholds.backdrop_duration)

-- "dismiss": backdrop 0.6 -> 0 in 0.4 s; the container slides down by defaultHeight in 0.3 s.
local dismiss = S.ease_in_out(thresholds.slide_duration)
dismiss.backdrop = S.ease_in_out(thresholds.backdrop_duration)
dismiss.slide = thresholds.default_height

---@type Behaviour
local behaviour = {
  edge = 'bottom',
  corner_radius = 16,          -- "parameters": corner radius 16
  grabber = false,             -- the seed draws none
  pannable = true,
  gesture_area = 'screen',     -- "pan (anywhere on screen)"
  backdrop_max = thresholds.max_backdrop,
  tap_to_dismiss = 'backdrop', -- "tap on backdrop": dismiss
  allow_dismiss = true,
  present_detent = 'default',  -- "present": h 0 -> 300
  thresholds = thresholds,

  -- default: defaultHeight; maximum: maximumContainerHeight = H - 64. The seed computes the maximum
  -- once from the screen; here it follows a resize (the seed does not cover one).
  detents = {
    {
      id = 'default',
      height = function()
        return thresholds.default_height
      end,
    },
    {
      id = 'maximum',
      height = function(ctx)
        return math.max(0, maximum(ctx))
      end,
    },
  },

  -- "pan ... changed": newHeight = current - ty; h = newHeight only while newHeight < max (else h keeps
  -- its last value). No lower bound in the seed; clamped at 0 here.
  on_drag = function(sheet, gesture)
    local new_height = gesture.start_height - gesture.translation
    if new_height < maximum(sheet) then
      return math.max(0, new_height)
    end
    return sheet.height
  end,

  -- "pan ended", in order, with down = ty > 0: newHeight < 200 dismiss; < 300 -> 300;
  -- < max and down -> 300; > 300 and not down -> max; otherwise nothing moves.
  on_release = function(sheet, gesture)
    local t = thresholds
    local ty = gesture.translation
    local new_height = gesture.start_height - ty
    local down = ty > 0
    local max = maximum(sheet)
    if new_height < t.dismissible_height then
      return 'dismiss', ('newHeight %.1f < dismissible_height %g'):format(new_height, t.dismissible_height)
    elseif new_height < t.default_height then
      return 'default', ('newHeight %.1f < default_height %g'):format(new_height, t.default_height)
    elseif new_height < max and down then
      return 'default', ('newHeight %.1f < max %g and dragging down'):format(new_height, max)
    elseif new_height > t.default_height and not down then
      return 'maximum', ('newHeight %.1f > default_height %g and not dragging down'):format(
        new_height, t.default_height)
    end
    -- nothing moves: the sheet stays, at the detent whose height it is at when it is at one (a press
    -- released where it landed)
    local reason = ('newHeight %.1f, ty %.1f: no rule applies, nothing moves'):format(new_height, ty)
    return S.stay(sheet), reason
  end,

  -- The dimmed view is 0.6 whenever the sheet is up and "does not change while dragging" (nil keeps the
  -- current value); the core fades it to 0 on dismiss.
  backdrop = function(sheet)
    if sheet.state == 'dragging' then
      return nil
    end
    return thresholds.max_backdrop
  end,

  -- "height animation": 0.4 s default curve (snaps, restores, resizes); "present"; "dismiss".
  animations = {
    present = present,
    snap = S.ease_in_out(thresholds.duration),
    restore = S.ease_in_out(thresholds.duration),
    dismiss = dismiss,
    resize = S.ease_in_out(thresholds.duration),
  },
}

return behaviour
