-- scenario: Seed 002 (custom-modal): "pan ended", in order, with newHeight = current - ty and down = ty > 0:
--   1. newHeight < 200 -> dismiss          2. newHeight < 300 -> 300
--   3. newHeight < max and down -> 300     4. newHeight > 300 and not down -> max
--   otherwise nothing moves. Height animations 0.4 s ease-in-out.
-- Reference screen: default 300 (top edge y 544, default `at` y 554), maximum 780 (top edge y 64).

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'custom-modal'

-- rule 1: down 150 from 300 -> newHeight 150 < 200 -> dismiss; slide 300 -> final h max(0, 150 - 300) = 0
present()
settle()
drag { dy = 150, duration = 0.25, velocity = 0 }
settle()
expect(sheet.state == 'dismissed', 'newHeight 150 -> dismissed')
expect_near(sheet.height, 0, 0.01, 'final h 0')

-- rule 1 boundary: down 100 -> newHeight 200 is not < 200; rule 2: 200 < 300 -> default
present()
settle()
drag { dy = 100, duration = 0.25, velocity = 0 }
settle()
expect(sheet.state == 'resting' and sheet.detent == 'default', 'newHeight 200 -> default')

-- rule 2: down 50 -> newHeight 250 -> back to 300 in 0.4 s
drag { dy = 50, duration = 0.25, velocity = 0 }
wait(0.35)
expect(sheet.state == 'settling', 'the height animation takes 0.4 s')
wait(0.1)
expect(sheet.state == 'resting', 'done after 0.4 s')
expect_near(sheet.height, 300, 0.01, 'newHeight 250 -> 300')

-- rule 4: up 100 -> newHeight 400 > 300, not down -> maximum (780) in 0.4 s
drag { dy = -100, duration = 0.25, velocity = 0 }
wait(0.35)
expect(sheet.state == 'settling', 'to maximum: 0.4 s')
wait(0.1)
expect(sheet.detent == 'maximum', 'newHeight 400 going up -> maximum')
expect_near(sheet.height, 780, 0.01, 'h 780')

-- rule 3: from 780 down 100 -> newHeight 680 < 780 and down -> default (not maximum)
drag { dy = 100, duration = 0.25, velocity = 0 }
settle()
expect(sheet.detent == 'default', 'newHeight 680 going down -> default')
expect_near(sheet.height, 300, 0.01, 'h 300')

-- rule 4 from maximum: up 10 (the height cannot pass 780) -> newHeight 790 > 300, not down -> maximum
snap_to 'maximum'
settle()
drag { dy = -10, duration = 0.1, velocity = 0 }
settle()
expect(sheet.detent == 'maximum', 'newHeight 790 going up -> maximum')
expect_near(sheet.height, 780, 0.01, 'h 780')

-- nothing moves: up 100 and back to the start, released at ty = 0: newHeight 300 is not < 200, not
-- < 300, not down, not > 300 -> no rule: the sheet stays where it is (300)
snap_to 'default'
settle()
touch_down { y = 554 }
touch_move { y = 504 }
touch_move { y = 454 }
touch_move { y = 504 }
touch_move { y = 554 }
expect_near(sheet.height, 300, 0.01, 'back at newHeight 300')
touch_up { velocity = 0 }
settle()
expect(sheet.state == 'resting', 'at rest')
expect_near(sheet.height, 300, 0.01, 'nothing moves: h stays 300')
expect(sheet.detent == 'default', 'it stays at the default detent, where it is')
expect_near(sheet.backdrop, 0.6, 1e-6, 'backdrop 0.6')

-- velocity plays no part: a hard downward fling that ends at newHeight 250 goes back to 300
drag { dy = 50, duration = 0.25, velocity = 5000 }
settle()
expect(sheet.state == 'resting' and sheet.detent == 'default', 'vy 5000 at newHeight 250 -> default')
