-- scenario: compare/over_travel.lua: a drag open 100 pt past the far edge of the screen, then 60 pt
-- back, the finger still down: where each behaviour holds the sheet then. A rule that moves the sheet by
-- each event's own travel, held at its top (PanModal, Compose's anchored draggable, Flutter's sheets),
-- brings it back at once; one that maps the whole travel from where the pan began owes the over-travel
-- first. The view behind the sheet, where a behaviour describes it, stays drawable. For `sheet
-- compare`: no behaviour is named; the gesture is relative to where the sheet rests.
screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
content { height = 500 } -- for presets with a content-sized detent; the others ignore it

present()
settle()
expect(sheet.state == 'resting', 'presented and at rest')
local open = sheet.edge == 'top' and 1 or -1

-- From 10 pt inside the sheet's leading edge to 100 pt past the far screen edge, then 60 pt back.
local reach = 844 - sheet.height + 90
drag { dy = open * reach, duration = 0.5, release = false }
drag { dy = -open * 60, duration = 0.25, release = false }
expect(sheet.height >= 0 and sheet.height <= 844, 'held within the screen')
expect(sheet.behind == nil or (sheet.behind.scale > 0 and sheet.behind.scale <= 1 and sheet.behind.dim >= 0),
  'the view behind, where described, is drawable')
