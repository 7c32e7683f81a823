-- scenario: Seed 003 (top-sheet): "edge", "size", "gestures", "show", "hide", "look".
-- Top edge: h is measured from the screen's top; the sheet spans y 0 .. h, the backdrop the rest.
-- size = content height capped at H - bottom - 120 = 844 - 34 - 120 = 690 on the reference screen.
-- show / hide: 0.3 s ease-in-out, backdrop 0 <-> 0.25 in the same animation.
-- ease-in-out at u = 0.5 gives 0.5 (a frame either way 0.4522 .. 0.5478).

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'top-sheet'
content { height = 400 }

present()
wait(0.15)
expect(sheet.state == 'presenting', 'showing half-way through 0.3 s')
expect_near(sheet.height, 200, 20, 'ease-in-out half-way: 400 * 0.5')
expect_near(sheet.backdrop, 0.125, 0.012, 'backdrop half-way: 0.25 * 0.5')
wait(0.2)
expect(sheet.state == 'resting', 'show takes 0.3 s')
expect(sheet.detent == 'content', 'at the content detent')
expect_near(sheet.height, 400, 0.01, 'h = content 400 (under the cap 690)')
expect_near(sheet.backdrop, 0.25, 1e-6, 'backdrop 0.25')

-- no gestures: a pan on the sheet (default `at`: 10 pt inside its bottom edge, y 390) does nothing
drag { dy = -150, duration = 0.25, velocity = -2000 }
settle()
expect(sheet.state == 'resting', 'the sheet is fixed: a pan is ignored')
expect_near(sheet.height, 400, 0.01, 'still 400')
-- and the seed installs no tap: a tap on the backdrop does nothing
tap_backdrop()
settle()
expect(sheet.state == 'resting', 'a tap on the backdrop does nothing')

-- the cap: content 800 -> 690 (content's bottom 120 pt above the safe-area bottom)
set_content_height(800)
settle()
expect_near(sheet.height, 690, 0.01, 'content 800 capped at 844 - 34 - 120 = 690')
set_content_height(500)
settle()
expect_near(sheet.height, 500, 0.01, 'content 500 fits')

-- landscape 844 x 390, safe bottom 21: cap = 390 - 21 - 120 = 249
resize { width = 844, height = 390, safe_top = 0, safe_bottom = 21 }
settle()
expect_near(sheet.height, 249, 0.01, 'landscape cap 249')
resize { width = 390, height = 844, safe_top = 47, safe_bottom = 34 }
settle()
expect_near(sheet.height, 500, 0.01, 'portrait again: 500')

-- hide: reverse, 0.3 s ease-in-out, then removed
dismiss()
wait(0.15)
expect_near(sheet.height, 250, 25, 'hide half-way: 500 * 0.5')
expect_near(sheet.backdrop, 0.125, 0.012, 'backdrop half-way')
wait(0.2)
expect(sheet.state == 'dismissed', 'hide takes 0.3 s')
expect_near(sheet.height, 0, 0.01, 'hidden')
expect_near(sheet.backdrop, 0, 1e-6, 'backdrop 0')
