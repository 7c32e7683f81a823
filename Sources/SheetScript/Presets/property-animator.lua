-- property-animator.lua: seed 004, a bottom sheet driven by UIViewPropertyAnimator
-- ("Swift를 활용한 Bottom Sheet 애니메이션 효과 추가하기").
--
-- Reproduces seed 004's rules as The presets restates them
-- (Sources/SheetScript/SheetScript.docc/ThePresets.md), which follows the article's stated
-- intent (its code mixes up signs): a fixed 300 pt sheet that follows the finger, opens again when
-- dragged down less than half its height and closes otherwise, every move a critically damped
-- spring that settles in about 0.3 s. The backdrop reported is the dimming view's alpha
-- clamp(h / 300, 0, 1) (1 when open); the view's colour carries black at 0.5 (`max_backdrop`), so
-- what the eye sees is that times 0.5 (like seed 000's dim(c)).

local S = require 'sheet'

-- Seed 004 rows; overridable from outside (`set { ... }`, --set).
local thresholds = S.thresholds {
  height = 300,         -- pt: "size", `bottomSheetHeight`
  close_fraction = 0.5, -- of height: "release": ty < 300 * 0.5 = 150 reopens, else closes
  max_backdrop = 0.5,   -- opacity of the dimming view's colour (black 0.5)
  duration = 0.3,       -- s: `UIViewPropertyAnimator(duration: 0.3, dampingRatio: 1.0)`
  damping_ratio = 1.0,  -- critically damped
}

-- "animation": every transition, height and backdrop together (the backdrop with the height's progress).
local function spring()
  return S.spring_duration(thresholds.duration, thresholds.damping_ratio)
end

---@type Behaviour
local behaviour = {
  edge = 'bottom',
  corner_radius = 16,     -- `bottomSheetView.layer.cornerRadius = 16`
  grabber = false,
  pannable = true,
  gesture_area = 'sheet', -- "pan (on the sheet)": the recognizer is on `bottomSheetView`
  backdrop_max = thresholds.max_backdrop,
  tap_to_dismiss = false, -- the article installs no tap recognizer
  allow_dismiss = true,
  present_detent = 'open',
  thresholds = thresholds,

  -- "size": fixed h = 300.
  detents = {
    {
      id = 'open',
      height = function()
        return thresholds.height
      end,
    },
  },

  -- "pan": the sheet follows the finger from where the pan began (h = start - ty; not capped at the
  -- detent, as the backdrop's clamp at 1 implies; at least 0). The view's transform could move it past
  -- the screen's top; a height cannot exceed the screen's, so it stops there.
  on_drag = function(sheet, gesture)
    return S.clamp(gesture.start_height - gesture.translation, 0, sheet.screen.height)
  end,

  -- "release": dragged down less than half the height (ty < 150) -> open; else closed.
  on_release = function(_, gesture)
    local t = thresholds
    local limit = t.height * t.close_fraction
    local ty = gesture.translation
    if ty < limit then
      return 'open', ('ty %.1f < %g: open'):format(ty, limit)
    end
    return 'dismiss', ('ty %.1f >= %g: close'):format(ty, limit)
  end,

  -- "pan": backdrop = clamp(h / 300, 0, 1); 1 when open, 0 when closed.
  backdrop = function(sheet)
    return S.clamp(sheet.height / thresholds.height, 0, 1)
  end,

  animations = {
    present = spring(),
    snap = spring(),
    restore = spring(),
    dismiss = spring(),
    resize = spring(),
  },
}

return behaviour
