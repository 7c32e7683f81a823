-- scenario: the scroll view rubber-bands past its ends and bounces back. At large (787) the
-- 2400 pt list 56 pt below the sheet's top edge is d = 731 tall, largest offset 1669. Past an end the
-- overshoot x shows as UIScrollView's rubber band b = (1 - 1 / (x c / d + 1)) d with c = 0.55 (the
-- core's formula): x = 100 -> 100 x 0.55 x 731 / (55 + 731) = 51.1514 pt. Released, it springs back to
-- the end (critically damped, envelope 1/1000 in 0.33 s, response 0.300 s).

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
content { height = 600, scroll = { content_height = 2400, top = 56 } }
present()
snap_to 'large'
settle()
scroll_to { offset = 1669 }
expect(sheet.scroll.offset == 1669, 'at the end of the content')

-- Dragged 100 pt further up: the content shows 51.15 pt past its end, the sheet stays at large.
touch_down { y = 500 }
touch_move { y = 450 }
touch_move { y = 400 }
expect_near(sheet.scroll.offset, 1669 + 100 * 0.55 * 731 / (100 * 0.55 + 731), 1e-9,
  'over-scroll 100 shows 51.15')
expect(sheet.height == 787, 'the sheet stays at large')
-- Released still: it springs back to the end, never past its start or below the end.
touch_up { velocity = 0 }
local last = sheet.scroll.offset
local monotone = true
for _ = 1, 30 do
  wait(1 / 120)
  if sheet.scroll.offset > last + 1e-9 or sheet.scroll.offset < 1669 then monotone = false end
  last = sheet.scroll.offset
end
expect(monotone, 'a critically damped return: it only comes back, and not past the end')
settle()
expect(sheet.scroll.offset == 1669 and sheet.scroll.velocity == 0, 'at rest at the end')

-- A fling toward the end: it decelerates, passes the end, shows rubber-banded past it, bounces back.
scroll_to { offset = 1500 }
drag { at = 500, dy = -24, duration = 3 / 120, velocity = -3000 }
local peak = 0
while sheet.scroll.velocity ~= 0 or sheet.scroll.offset > 1669 do
  wait(1 / 120)
  peak = math.max(peak, sheet.scroll.offset)
end
expect(peak > 1669 and peak < 1669 + 731, ('it went past the end (peak %.2f) within the band'):format(peak))
expect(sheet.scroll.offset == 1669, 'and came back to rest at the end')

-- At the top the native rule hands a downward pan to the sheet, so a fling toward the top bounces
-- there too: scrolled to 200, flung down at 3000 pt/s (project 1497 pt) it reaches 0, bounces, rests.
scroll_to { offset = 200 }
drag { at = 500, dy = 24, duration = 3 / 120, velocity = 3000 }
local low = 0
while sheet.scroll.velocity ~= 0 or sheet.scroll.offset < 0 do
  wait(1 / 120)
  low = math.min(low, sheet.scroll.offset)
end
expect(low < 0 and low > -731, ('it went past the top (%.2f) within the band'):format(low))
expect(sheet.scroll.offset == 0 and sheet.height == 787, 'back at the top; the sheet never moved')
