-- scenario: scroll hand-off, scroll view to sheet mid-gesture. DefaultPolicy on
-- the reference phone: A = 797, medium 398.5, large 787. At large the sheet's top edge is at
-- 844 - 787 = 57, the scroll view's frame starts 56 pt below it (y 113) and is 787 - 56 = 731 tall, so
-- its largest offset is 2400 - 731 = 1669.
-- The content is scrolled to 30 and the finger moves down 7 pt a frame: the scroll view takes 7, 7, 7
-- and 7 (offset 23, 16, 9, 2); on the fifth frame it takes the last 2 to its top and the same frame
-- hands over: the sheet takes the other 5 (h 787 - 5 = 782), then 7 a frame. Every frame the finger's
-- 7 pt are shared exactly: (offset before - offset) + (h before - h) = 7, to 1e-9.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
content { height = 600, scroll = { content_height = 2400, top = 56 } }
present()
snap_to 'large'
settle()
scroll_to { offset = 30 }
expect(sheet.scroll.offset == 30 and sheet.scroll.max_offset == 1669, 'scrolled to 30 of 1669')

touch_down { y = 400 }
local h, offset = sheet.height, sheet.scroll.offset
for k = 1, 8 do
  touch_move { y = 400 + 7 * k }
  expect_near((offset - sheet.scroll.offset) + (h - sheet.height), 7, 1e-9,
    ('frame %d: the finger\'s 7 pt are shared'):format(k))
  if k <= 4 then
    expect_near(sheet.scroll.offset, 30 - 7 * k, 1e-9, ('frame %d: the scroll view takes all 7'):format(k))
    expect(sheet.height == 787, ('frame %d: the sheet stays at large'):format(k))
  elseif k == 5 then
    expect(sheet.scroll.offset == 0, 'hand-off frame: the offset reaches its top exactly')
    expect_near(sheet.height, 782, 1e-9, 'hand-off frame: the sheet takes the other 5 pt, without a jump')
  else
    expect(sheet.scroll.offset == 0, ('frame %d: the offset stays at its top'):format(k))
    expect_near(sheet.height, 782 - 7 * (k - 5), 1e-9, ('frame %d: the sheet follows the finger'):format(k))
  end
  h, offset = sheet.height, sheet.scroll.offset
end
-- Released on the sheet: the release rule as without a scroll view. h 761 at 840 pt/s down:
-- projected 761 - 0.499 * 840 = 341.8, clamped to [398.5, 787] around large -> medium.
touch_up()
settle()
expect(sheet.detent == 'medium', 'the sheet had the release: the release rule sends it to medium')
expect(sheet.scroll.offset == 0, 'the content stays at its top')
