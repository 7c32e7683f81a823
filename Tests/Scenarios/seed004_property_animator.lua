-- scenario: Seed 004 (property-animator): "size", "pan (on the sheet)", "release", "animation".
-- Fixed h = 300 (top edge y 544, default `at` y 554). Backdrop = clamp(h / 300, 0, 1).
-- Release: ty < 150 -> open, else closed. Every animation: UIViewPropertyAnimator(duration: 0.3,
-- dampingRatio: 1.0), Spring.withDuration's mapping: w0 = ln(1000) / 0.3 = 23.03 rad/s, critically damped, so
-- from rest h(t) = 300 * (1 - (1 + w0 t) e^(-w0 t)) (derived):
--   h(0.15) = 257.75, h(0.3) = 297.63. Like UIViewPropertyAnimator, the core ends the animation at its
--   duration: at 0.3 s the sheet is at 300 (the last 2.37 pt are snapped).

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'property-animator'

present()
wait(0.15)
expect_near(sheet.height, 257.75, 0.5, 'spring at 0.15 s: 257.75 (derived)')
expect_near(sheet.backdrop, 257.75 / 300, 0.025, 'backdrop with the height progress')
wait(0.15)
expect_near(sheet.height, 300, 1e-9, 'the animator completes at its duration, 0.3 s')
expect(sheet.state == 'resting', 'resting at 0.3 s')
settle()
expect(sheet.state == 'resting' and sheet.detent == 'open', 'open')
expect_near(sheet.height, 300, 0.01, 'h 300')
expect_near(sheet.backdrop, 1, 1e-6, 'backdrop 1 when open')

-- follows the finger: down 100 -> h 200, backdrop 200 / 300 = 0.6667
drag { dy = 100, duration = 0.25, release = false }
expect_near(sheet.height, 200, 0.01, 'h 200')
expect_near(sheet.backdrop, 0.666667, 1e-4, 'backdrop h / 300')
-- up to 50 above the start (y 504): h 350, backdrop clamp(350 / 300) = 1
touch_move { y = 504 }
expect_near(sheet.height, 350, 0.01, 'h 350: follows the finger up')
expect_near(sheet.backdrop, 1, 1e-6, 'backdrop clamped at 1')
-- ty = -50 < 150 -> open
touch_up { velocity = 0 }
settle()
expect_near(sheet.height, 300, 0.01, 'ty -50 -> open')

-- ty 149 < 150 -> open (velocity plays no part)
drag { dy = 149, duration = 0.25, velocity = 3000 }
settle()
expect(sheet.state == 'resting' and sheet.detent == 'open', 'ty 149 -> open even at vy 3000')
expect_near(sheet.height, 300, 0.01, 'h 300')

-- ty 150 is not < 150 -> closed
drag { dy = 150, duration = 0.25, velocity = 0 }
settle()
expect(sheet.state == 'dismissed', 'ty 150 -> closed')
expect_near(sheet.height, 0, 0.01, 'h 0')
expect_near(sheet.backdrop, 0, 1e-6, 'backdrop 0 when closed')

-- the pan is on the sheet only: a pan from the backdrop does nothing; nor does a tap there
present()
settle()
drag { at = 300, dy = 200, duration = 0.25, velocity = 0 }
settle()
expect(sheet.state == 'resting', 'a pan from the backdrop is ignored')
expect_near(sheet.height, 300, 0.01, 'still open')
tap_backdrop()
settle()
expect(sheet.state == 'resting', 'a tap on the backdrop does nothing')

-- dragged up past the screen's top (the view would leave the screen): the height stops at the
-- screen's 844 pt, without a script error, and the release opens (ty < 150)
drag { dy = -900, duration = 0.5, release = false }
expect_near(sheet.height, 844, 1e-9, 'h = min(300 + 900, 844)')
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'open', 'ty -900 < 150: open')
