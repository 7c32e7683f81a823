-- scenario: a released scroll view decelerates at UIScrollView's rate, 0.998 per ms. After
-- n ms a release at v has travelled (v / 1000) r (1 - r^n) / (1 - r) = project(v) (1 - r^n), the
-- core's momentum projection d = (v / 1000) r / (1 - r) = 0.499 v in the limit; its velocity is v r^n.
-- At large (787) the 2400 pt list 56 pt below the sheet's top edge is 731 tall: largest offset 1669.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
content { height = 600, scroll = { content_height = 2400, top = 56 } }
present()
snap_to 'large'
settle()
scroll_to { offset = 100 }

-- A scroll of 24 pt up over 3 frames, released at 1200 pt/s up (the offset grows at 1200 pt/s).
drag { at = 500, dy = -24, duration = 3 / 120, velocity = -1200 }
expect(sheet.state == 'resting' and sheet.detent == 'large', 'the scroll view had the pan: the sheet rests')
local o0 = sheet.scroll.offset
expect_near(o0, 124, 1e-9, 'released at 124')
local project = 1.2 * 0.998 / 0.002  -- 598.8
wait(0.5)  -- 60 frames, n = 500 ms
expect_near(sheet.scroll.offset, o0 + project * (1 - 0.998 ^ 500), 1e-6,
  'after 0.5 s: 124 + 598.8 (1 - 0.998^500)')
expect_near(sheet.scroll.velocity, 1200 * 0.998 ^ 500, 1e-6, 'velocity 1200 x 0.998^500')
wait(1.0)
expect_near(sheet.scroll.offset, o0 + project * (1 - 0.998 ^ 1500), 1e-6, 'after 1.5 s')
settle()
-- It stops once less than half a point remains, at the projection's end: 124 + 598.8 = 722.8.
expect_near(sheet.scroll.offset, o0 + project, 1e-9, 'at rest at 124 + project(1200) = 722.8')
expect(sheet.scroll.velocity == 0, 'and still')

-- A finger landing on a decelerating scroll view catches it where it is.
drag { at = 500, dy = -24, duration = 3 / 120, velocity = -2000 }
wait(0.25)
local caught = sheet.scroll.offset
touch_down { y = 500 }
wait(0.1)
expect(sheet.scroll.offset == caught and sheet.scroll.velocity == 0, 'caught: it stops where it is')
touch_up { velocity = 0 }
settle()
expect(sheet.scroll.offset == caught, 'released still: it stays')
