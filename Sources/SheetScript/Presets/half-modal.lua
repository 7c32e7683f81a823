-- half-modal.lua: seed 001, CustomHalfModal ("높이 조절 가능한 CustomModal(Half Modal)").
--
-- Reproduces seed 001's rules as The presets restates them
-- (Sources/SheetScript/SheetScript.docc/ThePresets.md). One detent, the content's intrinsic
-- height C from the host (`content { height = 600 }` in a scenario). Gestures start only in the
-- gesture area: everything above the content plus a 28 pt band into the content's top (the prose's
-- reading). Pans never grow the sheet; the release rules run in the seed's order with their own
-- durations (0.3 / 0.2 / 0.1 s, all UIKit's default ease-in-out), given as the third return value
-- of on_release.
-- Reference screen with C = 600: h = 600 at rest, backdrop 0.7; a pan down by 120 gives h = 480 and
-- backdrop 0.7 - 0.7 * 120 / 600 = 0.56.

local S = require 'sheet'

-- Seed 001 "parameters" and "pan ended" rows; overridable from outside (`set { ... }`, --set).
local thresholds = S.thresholds {
  dismiss_velocity = 2000, -- pt/s: "pan ended": vy above this dismisses (in 0.2 s)
  dismiss_fraction = 0.5,  -- of C: "pan ended": inset > C / 2 dismisses (in 0.3 s)
  max_backdrop = 0.7,      -- opacity: `blurViewOpacity`
  grab_band = 28,          -- pt: the gesture area reaches this far into the content's top
  duration = 0.3,          -- s: `animationDuration` (present, tap / programmatic dismiss, inset rule)
  fling_duration = 0.2,    -- s: the velocity rule's dismiss
  restore_duration = 0.1,  -- s: "restore (h -> C, backdrop -> 0.7) in 0.1 s"
}

-- C: the content's height, i.e. the `content` detent's height (nil when the host has none).
local function content_height(sheet)
  return sheet.detents.content or sheet.content
end

---@type Behaviour
local behaviour = {
  edge = 'bottom',
  corner_radius = 6,  -- "parameters": corner radius 6 (top corners)
  grabber = true,     -- "parameters": grabber 80 x 4, 12 pt below the content's top, unless hidden
  pannable = true,
  -- "where gestures start": above the content plus a band into it. An override of `grab_band` moves
  -- the band too: S.thresholds applies overrides before this table is built.
  gesture_area = { band = thresholds.grab_band, backdrop = true },
  backdrop_max = thresholds.max_backdrop,
  tap_to_dismiss = { 'backdrop', 'gesture_area' }, -- "tap in the gesture area": dismiss (0.3 s, below)
  allow_dismiss = true,
  present_detent = 'content',
  thresholds = thresholds,

  -- "detents": one, h = C (attached to the screen bottom, bottom inset included).
  detents = {
    { id = 'content', height = 'content' },
  },

  -- "pan changed": if y > y0, inset = y - y0 and h = C - inset; if y <= y0 nothing changes
  -- (dragging up never grows the sheet): the height keeps its last value.
  on_drag = function(sheet, gesture)
    local c = content_height(sheet)
    local inset = gesture.translation
    if c == nil or inset <= 0 then
      return sheet.height
    end
    return math.max(0, c - inset)
  end,

  -- "pan ended / cancelled", in order: inset > C / 2 dismisses in 0.3 s; else vy > 2000 dismisses in
  -- 0.2 s; else restore in 0.1 s. inset = y - y0 may be negative here. All on the default curve.
  on_release = function(sheet, gesture)
    local t = thresholds
    local c = content_height(sheet) or sheet.height
    local inset = gesture.translation
    if inset > c * t.dismiss_fraction then
      return 'dismiss', ('inset %.1f > C %g * %g'):format(inset, c, t.dismiss_fraction),
        S.ease_in_out(t.duration)
    end
    if gesture.velocity > t.dismiss_velocity then
      return 'dismiss', ('vy %.1f > dismiss_velocity %g'):format(gesture.velocity, t.dismiss_velocity),
        S.ease_in_out(t.fling_duration)
    end
    return 'content', ('inset %.1f <= C %g * %g and vy %.1f <= %g: restore'):format(
      inset, c, t.dismiss_fraction, gesture.velocity, t.dismiss_velocity), S.ease_in_out(t.restore_duration)
  end,

  -- "pan changed": backdrop = 0.7 - 0.7 * inset / C with inset = C - h; 0.7 at rest ("present",
  -- "restore"); the core animates it to 0 on dismiss.
  backdrop = function(sheet)
    local t = thresholds
    local c = content_height(sheet)
    if c == nil or c <= 0 then
      return nil
    end
    local inset = c - sheet.height
    return S.clamp(t.max_backdrop - t.max_backdrop * inset / c, 0, 1)
  end,

  -- "present" 0.3 s default curve (h and backdrop together); "dismiss" (tap, programmatic) 0.3 s default
  -- curve; a release's own durations come from on_release. Snap and resize (not in the seed: a new C)
  -- use the seed's `animate(isShow: true, duration: animationDuration)`.
  animations = {
    present = S.ease_in_out(thresholds.duration),
    snap = S.ease_in_out(thresholds.duration),
    restore = S.ease_in_out(thresholds.restore_duration),
    dismiss = S.ease_in_out(thresholds.duration),
    resize = S.ease_in_out(thresholds.duration),
  },
}

return behaviour
