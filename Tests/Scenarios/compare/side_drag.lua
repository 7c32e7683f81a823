-- scenario: compare/side_drag.lua: the behaviour attached to the screen's right edge (`edge
-- 'trailing'`), whatever edge it declares, so every behaviour runs as a side sheet: a drag along y
-- (across the sheet's axis) leaves it where it is, a slow drag left opens it and never past the
-- screen's width, a fling right closes it (or leaves it) and never opens it. For `sheet compare`: no
-- behaviour is named; the gestures are relative to where the sheet rests.
screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
content { height = 300 } -- for presets with a content-sized detent; the others ignore it
edge 'trailing'

present()
settle()
expect(sheet.state == 'resting' and sheet.edge == 'trailing', 'presented at rest on the right edge')
local h0 = sheet.height

-- 200 pt down the screen from 10 pt inside the sheet's leading edge: no travel along x
drag { dy = 200, duration = 0.4, release = false }
expect(sheet.height == h0, 'a drag across the axis leaves the sheet where it was')
touch_cancel()
settle()

-- 80 pt left over 0.4 s, held, let go still
drag { dx = -80, duration = 0.4, release = false }
expect(sheet.height >= h0 and sheet.height <= 390, 'dragged left: no narrower, within the width')
touch_up { velocity = 0, velocity_x = 0 }
settle()
expect(sheet.state == 'resting' or sheet.state == 'dismissed', 'let go still: at rest or dismissed')
expect(sheet.height >= 0 and sheet.height <= 390, 'within the width')

-- a fling right at 2500 pt/s over 120 pt
if sheet.state == 'resting' then
  local h1 = sheet.height
  flick { dx = 120, velocity_x = 2500 }
  settle()
  expect(sheet.state == 'resting' or sheet.state == 'dismissed', 'flung right: at rest or dismissed')
  expect(sheet.height <= h1, 'a fling toward the edge never opens the sheet')
end
