-- scenario: compare/tap_backdrop.lua: a tap on the backdrop above (or below, for a top sheet) the
-- resting sheet: dismisses, moves or is ignored, depending on the behaviour. For `sheet compare`: no
-- behaviour is named.
screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
content { height = 500 } -- for presets with a content-sized detent; the others ignore it

present()
settle()
expect(sheet.state == 'resting', 'presented and at rest')

tap_backdrop()
settle()
expect(sheet.state == 'resting' or sheet.state == 'dismissed', 'after a backdrop tap the sheet is still')
if sheet.state == 'dismissed' then
  -- A dismissal may end partly on screen (an animation's `slide`, e.g. android's window slide-out
  -- by 20% of the screen); the backdrop is always 0 once dismissed.
  expect(sheet.backdrop == 0, 'dismissed: backdrop 0')
else
  expect(sheet.height > 0, 'still presented')
end
