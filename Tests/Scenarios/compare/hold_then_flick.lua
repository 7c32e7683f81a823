-- scenario: compare/hold_then_flick.lua: the finger drags open by 40 pt, holds still for 0.5 s, then
-- flicks open by 100 pt at 1500 pt/s: a late fast release after a slow start (rules that average the
-- whole drag's velocity see a slow gesture). For `sheet compare`: no behaviour is named; the gesture is
-- relative to where the sheet rests.
screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
content { height = 500 } -- for presets with a content-sized detent; the others ignore it

present()
settle()
expect(sheet.state == 'resting', 'presented and at rest')
-- The screen direction that opens the sheet: up for a bottom sheet, down for a top sheet.
local open = sheet.edge == 'top' and 1 or -1
local h0 = sheet.height

drag { dy = open * 40, duration = 0.4, release = false }
wait(0.5)
expect(sheet.height > 0 and sheet.height <= 844, 'held: the sheet stays on screen')
flick { dy = open * 100, velocity = open * 1500 } -- the finger that is down moves on and lifts
settle()
expect(sheet.state == 'resting', 'a late flick open ends at rest')
expect(sheet.height >= h0 - 0.5, 'a late flick open does not lower the sheet')
