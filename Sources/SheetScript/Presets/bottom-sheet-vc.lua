-- bottom-sheet-vc.lua: seed 000, BottomSheetViewController ("iOS Develop / Bottom Sheet"), pannable.
--
-- Reproduces seed 000's rules as The presets restates them
-- (Sources/SheetScript/SheetScript.docc/ThePresets.md) (code over prose). The seed places
-- the sheet by its top constant `c`, measured from the safe-area top; with `E = H - top` (the host's
-- available height for a bottom sheet), `h = E - c`. Every rule below is written in c-space, as in
-- the seed, and converted at the edges.
-- Reference screen 390 x 844, safe 47/34: E = 797, normal h = 500 (c = 297), expanded h = 757
-- (c = 40), backdrop at normal 0.4 * (1 - 148.5 / 648.5) = 0.30840, at expanded 0.4.

local S = require 'sheet'

-- Seed 000 "parameters" row; overridable from outside (`set { ... }`, --set).
local thresholds = S.thresholds {
  default_height = 500,    -- pt: `defaultHeight` (demo 500)
  min_top = 40,            -- pt: `bottomSheetPanMinTopConstant`, the smallest c a pan reaches
  dismiss_velocity = 1500, -- pt/s: "pan ended": vy above this dismisses
  dimmed_alpha = 0.4,      -- opacity: `dimmedAlpha` (the code's 0.4; the prose's init shows 0.3)
  duration = 0.25,         -- s: every animation ("present", "snap", "dismiss", "rotation / resize")
}

-- Seed 000 `dimAlphaWithBottomSheetTopConstraint`, the "dim(c)" row: opacity for top constant c.
-- c: pt from the safe-area top; e: available height E in pt; t: thresholds. Returns [0, dimmed_alpha].
local function dim(c, e, t)
  local full = (e - t.default_height) / 2
  local none = e
  if c < full then
    return t.dimmed_alpha
  end
  if c > none then
    return 0
  end
  return t.dimmed_alpha * (1 - (c - full) / (none - full))
end

-- "pan ended" candidates in the seed's order [minTop, E - defaultHeight, E]; reused, never re-created.
local candidates = { 0, 0, 0 }
local targets = { 'expanded', 'normal', 'dismiss' }

---@type Behaviour
local behaviour = {
  edge = 'bottom',
  corner_radius = 16,          -- "parameters": cornerRadius 16 (top corners)
  grabber = true,              -- "pan began": the 60 x 3 drag indicator shows when pannable
  pannable = true,             -- this preset is the pannable variant (`isPannedable` = true)
  gesture_area = 'screen',     -- the seed's pan recognizer is on the whole view (`view.addGestureRecognizer`)
  backdrop_max = thresholds.dimmed_alpha,
  tap_to_dismiss = 'backdrop', -- "tap on backdrop": dismiss
  allow_dismiss = true,
  present_detent = 'normal',   -- "present": from h = 0 to normal
  thresholds = thresholds,

  -- "detents" row. normal: h = defaultHeight when E - defaultHeight > 0, else E - minTop;
  -- expanded: h = E - minTop (c = minTop).
  detents = {
    {
      id = 'normal',
      height = function(ctx)
        local t = thresholds
        if ctx.available - t.default_height > 0 then
          return t.default_height
        end
        return math.max(0, ctx.available - t.min_top)
      end,
    },
    {
      id = 'expanded',
      height = function(ctx)
        return math.max(0, ctx.available - thresholds.min_top)
      end,
    },
  },

  -- "pan changed": c = c0 + ty when c0 + ty > minTop, else c keeps its last value (the current height).
  -- c0 is c at "pan began" (E - start height). Past the bottom (c > E) the seed's sheet is off-screen;
  -- the height is reported as 0 there (the core accepts no negative height).
  on_drag = function(sheet, gesture)
    local t = thresholds
    local e = sheet.available
    local c = (e - gesture.start_height) + gesture.translation
    if c > t.min_top then
      return math.max(0, e - c)
    end
    return sheet.height
  end,

  -- "pan ended": vy > 1500 dismisses; else the nearest of [minTop, E - defaultHeight, E] to the current
  -- c gives expanded / normal / dismiss, the first winning a tie. E - defaultHeight is NOT clamped here
  -- (unlike the normal detent's): the seed's `defaultPadding`.
  on_release = function(sheet, gesture)
    local t = thresholds
    local e = sheet.available
    if gesture.velocity > t.dismiss_velocity then
      return 'dismiss', ('vy %.1f > dismiss_velocity %g'):format(gesture.velocity, t.dismiss_velocity)
    end
    local c = e - sheet.height
    candidates[1], candidates[2], candidates[3] = t.min_top, e - t.default_height, e
    local i, value = S.nearest(c, candidates)
    return targets[i], ('c %.1f nearest of [%g, %g, %g] is %g -> %s'):format(
      c, candidates[1], candidates[2], candidates[3], value, targets[i])
  end,

  -- "dim(c)" with c = E - h: while dragging and as the target of every animation.
  backdrop = function(sheet)
    return dim(sheet.available - sheet.height, sheet.available, thresholds)
  end,

  -- "rotation / resize": recompute with the new geometry and go to normal, even from expanded.
  on_resize = function()
    return 'normal'
  end,

  -- "present" / "snap" 0.25 s ease-out, backdrop in the same animation (with the height's progress);
  -- "dismiss" 0.25 s ease-in; "rotation / resize" 0.25 s ease-out. A release back to the start detent
  -- (restore) runs the seed's same `showBottomSheet` animation as a snap.
  animations = {
    present = S.ease_out(thresholds.duration),
    snap = S.ease_out(thresholds.duration),
    restore = S.ease_out(thresholds.duration),
    dismiss = S.ease_in(thresholds.duration),
    resize = S.ease_out(thresholds.duration),
  },
}

return behaviour
