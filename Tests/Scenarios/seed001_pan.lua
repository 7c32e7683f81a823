-- scenario: Seed 001 (half-modal): "where gestures start", "pan began", "pan changed".
-- C = 600: sheet top at y = 244; gesture area = above y 244 plus the band y 244 .. 272.
-- pan changed: if y > y0: inset = y - y0, h = C - inset, backdrop = 0.7 - 0.7 * inset / C;
-- if y <= y0 nothing changes (dragging up never grows the sheet).

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'half-modal'
content { height = 600 }
present()
settle()

-- a pan that starts on the content below the band is not the sheet's: nothing moves
drag { at = 300, dy = 150, duration = 0.25, velocity = 0 }
settle()
expect(sheet.state == 'resting', 'a pan from y 300 (below the band) is ignored')
expect_near(sheet.height, 600, 0.01, 'still 600')

-- from the band (y0 = 254): down 120 -> inset 120, h = 480, backdrop 0.7 - 0.7 * 120 / 600 = 0.56
drag { at = 254, dy = 120, duration = 0.25, release = false }
expect(sheet.state == 'dragging', 'a pan from the band drags')
expect_near(sheet.height, 480, 0.01, 'h = 600 - 120')
expect_near(sheet.backdrop, 0.56, 1e-6, 'backdrop 0.56')
-- back above the start (y 204 <= y0 254): nothing changes
touch_move { y = 204 }
expect_near(sheet.height, 480, 0.01, 'y <= y0: the height keeps its last value')
expect_near(sheet.backdrop, 0.56, 1e-6, 'y <= y0: the backdrop keeps its last value')
-- down again to y 314: inset 60, h = 540, backdrop 0.7 - 0.7 * 60 / 600 = 0.63
touch_move { y = 314 }
expect_near(sheet.height, 540, 0.01, 'h = 600 - 60')
expect_near(sheet.backdrop, 0.63, 1e-6, 'backdrop 0.63')
-- release: inset 60 <= 300, vy 0 <= 2000 -> restore in 0.1 s
touch_up { velocity = 0 }
wait(0.15)
expect(sheet.state == 'resting', 'restored within 0.1 s')
expect_near(sheet.height, 600, 0.01, 'back to C')
expect_near(sheet.backdrop, 0.7, 1e-6, 'backdrop back to 0.7')

-- from above the content (y0 = 100, on the backdrop), upward: never grows
drag { at = 100, dy = -80, duration = 0.25, release = false }
expect_near(sheet.height, 600, 0.01, 'dragging up never grows the sheet')
expect_near(sheet.backdrop, 0.7, 1e-6, 'backdrop unchanged')
touch_up { velocity = 0 }
settle()
expect(sheet.state == 'resting', 'released: restore')
