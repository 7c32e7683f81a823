-- scenario: Seed 002 (custom-modal): "pan (anywhere on screen)": newHeight = current - ty; changed: if
-- newHeight < max then h = newHeight (clamped at 0 by the preset); the backdrop does not change while
-- dragging. `current` is the height when the pan began. Reference screen: max = 780.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'custom-modal'
present()
settle()

-- from the backdrop (y 300; the sheet's top is at 544), up 100: newHeight = 300 + 100 = 400
drag { at = 300, dy = -100, duration = 0.25, release = false }
expect(sheet.state == 'dragging', 'a pan anywhere drags')
expect_near(sheet.height, 400, 0.01, 'newHeight 400')
expect_near(sheet.backdrop, 0.6, 1e-6, 'backdrop unchanged while dragging')
touch_move { y = 150 }
touch_move { y = 100 }
expect_near(sheet.height, 500, 0.01, 'ty = -200: newHeight 500')
touch_up { velocity = 0 }
-- ty = -200, newHeight 500: not < 200, not < 300, not down; 500 > 300 and not down -> maximum
settle()
expect(sheet.detent == 'maximum', 'up 200 from default -> maximum')
expect_near(sheet.height, 780, 0.01, 'h 780')

snap_to 'default'
settle()
drag { at = 700, dy = -600, duration = 0.5, release = false }  -- y 700 -> 100
expect(sheet.height < 780, 'newHeight >= max: the height stops below 780')
expect(sheet.height >= 770, 'within one sample step of it')
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'maximum', 'newHeight 900 > 300, up -> maximum')

-- down past the bottom: no lower bound in the seed, clamped at 0 here
snap_to 'default'
settle()
drag { at = 400, dy = 400, duration = 0.25, release = false }  -- y 400 -> 800
expect_near(sheet.height, 0, 0.01, 'newHeight -100 shows as 0')
touch_up { velocity = 0 }
settle()
expect(sheet.state == 'dismissed', 'newHeight -100 < 200 -> dismiss')

-- the backdrop stays where it was when a pan interrupts the present (backdrop returns nil while
-- dragging): present, and grab the sheet 0.1 s in
present()
wait(0.1)
touch_down { y = 800 }
local frozen = sheet.backdrop
touch_move { y = 780 }
touch_move { y = 760 }
expect_near(sheet.backdrop, frozen, 1e-9, 'the backdrop does not change while dragging')
-- start height about 300 * ease_in_out(1/3) = 70; up 40 -> newHeight about 110 < 200 -> dismiss
touch_up { velocity = 0 }
settle()
expect(sheet.state == 'dismissed', 'newHeight about 110 < 200 -> dismiss')
