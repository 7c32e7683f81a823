-- scenario: compare/drag_past_top.lua: a drag open to 30 pt from the far edge of the screen (past every
-- detent of most behaviours), held for 0.2 s, then let go without velocity: the sheet stays within the
-- screen while dragged and comes to rest, not dismissed. For `sheet compare`: no behaviour is named; the
-- gesture is relative to where the sheet rests.
screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
content { height = 500 } -- for presets with a content-sized detent; the others ignore it

present()
settle()
expect(sheet.state == 'resting', 'presented and at rest')
-- The screen direction that opens the sheet: up for a bottom sheet, down for a top sheet.
local open = sheet.edge == 'top' and 1 or -1
local h0 = sheet.height

-- The finger starts 10 pt inside the sheet's leading edge and stops 30 pt before the far screen edge.
local reach = math.max(844 - h0 - 20, 0)
drag { dy = open * reach, duration = 0.6, release = false }
expect(sheet.height <= 844 + 1e-9, 'dragged past the top, the sheet stays within the screen height')
wait(0.2)
touch_up { velocity = 0 }
settle()
expect(sheet.state == 'resting', 'let go past the top: ends at rest, not dismissed')
expect(sheet.height > 0 and sheet.height <= 844, 'at rest within the screen')
