-- top-sheet.lua: seed 003, SheetView, a fixed top sheet ("고정된 SheetView").
--
-- Reproduces seed 003's rules as The presets restates them
-- (Sources/SheetScript/SheetScript.docc/ThePresets.md): the sheet hangs from the screen's
-- top edge, as tall as its content but ending at least 120 pt above the safe-area bottom; no pan,
-- no tap handling; show and hide are 0.3 s ease-in-out with the backdrop fading to and from 0.25.
-- Reference screen: cap = 844 - 34 - 120 = 690; content 400 gives h = 400, content 800 gives 690.

local S = require 'sheet'

-- Seed 003 rows ("size", "show"); overridable from outside (`set { ... }`, --set).
local thresholds = S.thresholds {
  bottom_gap = 120,    -- pt: `contentViewInset.bottom`, kept between the content and the safe-area bottom
  max_backdrop = 0.25, -- opacity: `dimmedBlack` = black at alpha 0.25
  duration = 0.3,      -- s: "show" / "hide", ease-in-out
}

---@type Behaviour
local behaviour = {
  edge = 'top',          -- "edge": top; h is measured from the screen's top edge
  corner_radius = 14,    -- "look": corner radius 14 on the bottom corners
  grabber = false,
  pannable = false,      -- "gestures": none, the sheet is fixed
  gesture_area = 'sheet',
  backdrop_max = thresholds.max_backdrop,
  tap_to_dismiss = false, -- the seed installs no tap recognizer
  allow_dismiss = true,
  present_detent = 'content',
  thresholds = thresholds,

  -- "size": the content's intrinsic height, capped so that h <= H - bottom - 120 (the layout's
  -- `bottom.lessThanOrEqualTo(safeArea).inset(120)`). Inactive (nil) without a content height.
  detents = {
    {
      id = 'content',
      height = function(ctx)
        if ctx.content == nil then
          return nil
        end
        local cap = ctx.screen.height - ctx.safe.bottom - thresholds.bottom_gap
        return S.clamp(ctx.content, 0, math.max(0, cap))
      end,
    },
  },

  -- "show": backdrop black 0 -> 0.25 with the sheet; "hide" reverses it (the core fades to 0).
  backdrop = function()
    return thresholds.max_backdrop
  end,

  -- "show" / "hide": 0.3 s ease-in-out, backdrop in the same animation (the height's progress).
  animations = {
    present = S.ease_in_out(thresholds.duration),
    snap = S.ease_in_out(thresholds.duration),
    restore = S.ease_in_out(thresholds.duration),
    dismiss = S.ease_in_out(thresholds.duration),
    resize = S.ease_in_out(thresholds.duration),
  },
}

return behaviour
