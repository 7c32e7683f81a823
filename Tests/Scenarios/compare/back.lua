-- scenario: compare/back.lua: the back action (Android's back, Escape on the web) on the resting sheet,
-- twice: by the behaviour's rule it collapses to a lower detent or dismisses (a sheet that may not be
-- dismissed stays). For `sheet compare`: no behaviour is named.
screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
content { height = 500 } -- for presets with a content-sized detent; the others ignore it

present()
settle()
expect(sheet.state == 'resting', 'presented and at rest')
local before = sheet.height

for press = 1, 2 do
  back()
  settle()
  local still = sheet.state == 'resting' or sheet.state == 'dismissed'
  expect(still, 'after back ' .. press .. ' the sheet is still')
  if sheet.state == 'dismissed' then
    expect(sheet.backdrop == 0, 'dismissed: backdrop 0')
    break
  end
  expect(sheet.height > 0 and sheet.height <= before, 'back never raises the sheet')
  before = sheet.height
end
