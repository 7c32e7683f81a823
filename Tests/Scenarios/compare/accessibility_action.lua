-- scenario: compare/accessibility_action.lua: a screen reader's actions on the resting sheet: expand
-- (to the next larger detent, when there is one), collapse (to the next smaller), then dismiss (when the
-- sheet may be dismissed); an action the sheet does not offer changes nothing. For `sheet compare`: no
-- behaviour is named.
screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
content { height = 500 } -- for presets with a content-sized detent; the others ignore it

present()
settle()
expect(sheet.state == 'resting', 'presented and at rest')
local presented = sheet.height

accessibility_action 'expand'
settle()
expect(sheet.state == 'resting' and sheet.height >= presented, 'expand never lowers the sheet')
local expanded = sheet.height

accessibility_action 'collapse'
settle()
expect(sheet.state == 'resting' and sheet.height <= expanded, 'collapse never raises the sheet')

accessibility_action 'dismiss'
settle()
expect(sheet.state == 'resting' or sheet.state == 'dismissed', 'after dismiss the sheet is still')
if sheet.state == 'dismissed' then expect(sheet.backdrop == 0, 'dismissed: backdrop 0') end
