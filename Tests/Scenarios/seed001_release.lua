-- scenario: Seed 001 (half-modal): "pan ended / cancelled", in order, inset = y - y0 (may be negative):
--   inset > C / 2 (300) -> dismiss in 0.3 s; else vy > 2000 -> dismiss in 0.2 s; else restore in 0.1 s.
-- All on the default curve. C = 600; pans start in the band (default `at`: y 254).

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'half-modal'
content { height = 600 }

-- inset 301 > 300 -> dismiss in 0.3 s (from h 299)
present()
settle()
drag { dy = 301, duration = 0.5, velocity = 0 }
wait(0.25)
expect(sheet.state == 'dismissing', 'inset 301: dismissing, 0.3 s')
wait(0.1)
expect(sheet.state == 'dismissed', 'inset 301: dismissed after 0.3 s')
expect_near(sheet.backdrop, 0, 1e-6, 'backdrop 0')

-- inset exactly 300 is not > 300, vy 0 -> restore in 0.1 s
present()
settle()
drag { dy = 300, duration = 0.5, velocity = 0 }
wait(0.15)
expect(sheet.state == 'resting', 'inset 300: restored within 0.1 s')
expect_near(sheet.height, 600, 0.01, 'h 600')
expect_near(sheet.backdrop, 0.7, 1e-6, 'backdrop 0.7')

-- inset 100, vy 2100 > 2000 -> dismiss in 0.2 s (from h 500)
drag { dy = 100, duration = 0.25, velocity = 2100 }
wait(0.15)
expect(sheet.state == 'dismissing', 'vy 2100: dismissing, 0.2 s')
wait(0.1)
expect(sheet.state == 'dismissed', 'vy 2100: dismissed after 0.2 s')

-- inset 100, vy exactly 2000 is not > 2000 -> restore in 0.1 s
present()
settle()
drag { dy = 100, duration = 0.25, velocity = 2000 }
wait(0.15)
expect(sheet.state == 'resting', 'vy 2000: restored within 0.1 s')
expect_near(sheet.height, 600, 0.01, 'h 600')

-- a natural release velocity: 100 pt in 0.05 s is 2000 pt/s from the estimator; 100 pt in 0.04 s
-- is 2500 pt/s -> dismiss
drag { dy = 100, duration = 0.04 }
settle()
expect(sheet.state == 'dismissed', '100 pt in 0.04 s (2500 pt/s) dismisses')

-- negative inset: up 50 (nothing moves) and released with vy 2500 -> inset -50 <= 300, vy > 2000
-- -> dismiss in 0.2 s
present()
settle()
touch_down { y = 254 }
touch_move { y = 229 }
touch_move { y = 204 }
expect_near(sheet.height, 600, 0.01, 'dragging up: nothing changes')
touch_up { velocity = 2500 }
wait(0.25)
expect(sheet.state == 'dismissed', 'inset -50 with vy 2500: dismissed (0.2 s)')
