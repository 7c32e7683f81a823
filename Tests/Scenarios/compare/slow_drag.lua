-- scenario: compare/slow_drag.lua: a slow drag open by 150 pt over 1 s, then closed by 150 pt over 1 s
-- (150 pt/s, below every preset's fling velocity). For `sheet compare`: no behaviour is named, and the
-- gestures are relative to where the sheet rests, so it runs under any behaviour's detents.
screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
content { height = 500 } -- for presets with a content-sized detent; the others ignore it

present()
settle()
expect(sheet.state == 'resting', 'presented and at rest')
-- The screen direction that opens the sheet: up for a bottom sheet, down for a top sheet.
local open = sheet.edge == 'top' and 1 or -1
local h0 = sheet.height

drag { dy = open * 150, duration = 1 }
settle()
expect(sheet.state == 'resting', 'a slow drag open ends at rest')
expect(sheet.height >= h0 - 0.5, 'a slow drag open does not lower the sheet')

local h1 = sheet.height
drag { dy = -open * 150, duration = 1 }
settle()
expect(sheet.state == 'resting' or sheet.state == 'dismissed', 'a slow drag closed ends still')
expect(sheet.state == 'dismissed' or sheet.height <= h1 + 0.5, 'a slow drag closed does not raise the sheet')
