-- scenario: compare/flick_up.lua: a quick flick open (120 pt at 2000 pt/s; "up" for a bottom sheet, down
-- for a top sheet). For `sheet compare`: no behaviour is named; the gesture is relative to where the
-- sheet rests.
screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
content { height = 500 } -- for presets with a content-sized detent; the others ignore it

present()
settle()
expect(sheet.state == 'resting', 'presented and at rest')
-- The screen direction that opens the sheet: up for a bottom sheet, down for a top sheet.
local open = sheet.edge == 'top' and 1 or -1
local h0 = sheet.height

flick { dy = open * 120, velocity = open * 2000 }
settle()
expect(sheet.state == 'resting', 'a flick open ends at rest (never dismissed)')
expect(sheet.height >= h0 - 0.5, 'a flick open does not lower the sheet')
