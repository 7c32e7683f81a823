-- scenario: scroll hand-off, sheet to scroll view mid-gesture. DefaultPolicy on
-- the reference phone (A = 797, medium 398.5, large 787) with a 2400 pt list 56 pt below the sheet's
-- top edge. At medium the sheet's top edge is at 844 - 398.5 = 445.5; the finger lands 100 pt below it
-- and moves up 7 pt a frame. The sheet expands first (prefers_scrolling_expands_when_scrolled_to_edge,
-- default true): 398.5 + 7k until large, 787 - 398.5 = 388.5 = 55 x 7 + 3.5, so on frame 56 the sheet
-- takes 3.5 to reach large exactly and the scroll view the other 3.5 (offset 3.5), then 7 a frame.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
content { height = 600, scroll = { content_height = 2400, top = 56 } }
present()
settle()
expect(sheet.detent == 'medium' and sheet.scroll.offset == 0, 'at medium, the content at its top')

local y0 = 844 - 398.5 + 100
touch_down { y = y0 }
local h, offset = sheet.height, sheet.scroll.offset
for k = 1, 60 do
  touch_move { y = y0 - 7 * k }
  expect_near((sheet.scroll.offset - offset) + (sheet.height - h), 7, 1e-9,
    ('frame %d: the finger\'s 7 pt are shared'):format(k))
  if k <= 55 then
    expect_near(sheet.height, 398.5 + 7 * k, 1e-9, ('frame %d: the sheet expands first'):format(k))
    expect(sheet.scroll.offset == 0, ('frame %d: the content waits'):format(k))
  elseif k == 56 then
    expect(sheet.height == 787, 'hand-off frame: the sheet reaches large exactly')
    expect_near(sheet.scroll.offset, 3.5, 1e-9,
      'hand-off frame: the scroll view takes the other 3.5, no jump')
  else
    expect(sheet.height == 787, ('frame %d: the sheet stays at large'):format(k))
    expect_near(sheet.scroll.offset, 3.5 + 7 * (k - 56), 1e-9, ('frame %d: the content scrolls'):format(k))
  end
  h, offset = sheet.height, sheet.scroll.offset
end
-- The finger comes back down 7 pt a frame: the content scrolls back to its top (31.5 = 4.5 x 7), and
-- on the fifth frame the last 3.5 move the sheet down from large.
for k = 1, 6 do
  touch_move { y = y0 - 7 * 60 + 7 * k }
  expect_near((offset - sheet.scroll.offset) + (h - sheet.height), 7, 1e-9,
    ('back down, frame %d: the finger\'s 7 pt are shared'):format(k))
  h, offset = sheet.height, sheet.scroll.offset
end
expect(sheet.scroll.offset == 0, 'back at the content\'s top')
expect_near(sheet.height, 787 - 3.5 - 7, 1e-9, 'and the sheet below large by the rest, 10.5')
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'large', 'released still near large: large')
