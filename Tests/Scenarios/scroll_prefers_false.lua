-- scenario: prefers_scrolling_expands_when_scrolled_to_edge = false (Apple's
-- prefersScrollingExpandsWhenScrolledToEdge): scrolling up at a smaller detent scrolls the
-- content and the sheet stays; dragging down moves the content back to its top first, then the sheet.
-- The native detents on the reference phone: medium 398.5, large 787.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour {
  prefers_scrolling_expands_when_scrolled_to_edge = false,
}
content { height = 600, scroll = { content_height = 2400, top = 56 } }
present()
settle()
local y0 = 844 - 398.5 + 100
touch_down { y = y0 }
for k = 1, 10 do touch_move { y = y0 - 7 * k } end
expect(sheet.height == 398.5, 'at medium the sheet stays')
expect_near(sheet.scroll.offset, 70, 1e-9, 'and the content scrolls 70')
-- down 100: the content takes 70 back to its top, the sheet the other 30
touch_move { y = y0 - 70 + 100 }
expect(sheet.scroll.offset == 0, 'the content back at its top')
expect_near(sheet.height, 398.5 - 30, 1e-9, 'the sheet takes the rest, 30')
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'medium', 'back at medium')

-- The same pan with the default (true): the sheet expands.
behaviour {}
touch_down { y = y0 }
for k = 1, 10 do touch_move { y = y0 - 7 * k } end
expect_near(sheet.height, 398.5 + 70, 1e-9, 'with the default the sheet expands first')
expect(sheet.scroll.offset == 0, 'and the content waits')
touch_up { velocity = 0 }
settle()
