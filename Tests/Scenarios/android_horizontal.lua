-- scenario: `android` preset: the horizontal velocity in BottomSheetBehavior's onViewReleased and in
-- androidx ViewDragHelper.computeSettleDuration. A mostly sideways release (|xvel| > |yvel|) settles to
-- the nearest state instead of following yvel; a should-hide release hides fast only when
-- |xvel| < |yvel|; and the settle's time is weighted by |yvel| / (|xvel| + |yvel|) (the sheet has no
-- horizontal travel). P = 844: collapsed 659 (top 185), expanded 844 (top 0).

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'android'
present()
settle()
snap_to 'expanded'
settle()

-- Released at top 80 moving down at 400 px/s: straight down -> collapsed (fit to contents) ...
touch_down { y = 20 }
touch_move { y = 30 }
touch_move { y = 110 }
touch_up { velocity = 400, velocity_x = 0 }
settle()
expect(sheet.detent == 'collapsed', 'onViewReleased: moving down, fit to contents -> collapsed')
-- ... but with xvel 1000 > 400 it is a sideways swipe: top 80 is nearer expanded (0) than 185.
snap_to 'expanded'
settle()
touch_down { y = 20 }
touch_move { y = 30 }
touch_move { y = 110 }
touch_up { velocity = 400, velocity_x = 1000 }
settle()
expect(sheet.detent == 'expanded', 'onViewReleased: |xvel| > |yvel| -> the nearest, expanded')

-- Should hide (top 300, 2500 px/s: |300 + 250 - 185| / 659 = 0.554 > 0.5): straight down it hides ...
snap_to 'collapsed'
settle()
touch_down { y = 200 }
touch_move { y = 210 }
touch_move { y = 325 }
touch_up { velocity = 2500, velocity_x = 0 }
settle()
expect(sheet.state == 'dismissed', 'onViewReleased: |xvel| < |yvel| and yvel > 500 -> hidden')
-- ... sideways (xvel 3000) it is neither fast nor low (300 <= 422) -> expanded (fit to contents).
present()
settle()
touch_down { y = 200 }
touch_move { y = 210 }
touch_move { y = 325 }
touch_up { velocity = 2500, velocity_x = 3000 }
settle()
expect(sheet.state == 'resting' and sheet.detent == 'expanded',
  'onViewReleased: should hide but |xvel| > |yvel| and not released low -> expanded')

-- computeSettleDuration: up from top 145 (dy 145) at 2000 px/s: 4 * round(1000 * 183.9 / 2000) = 368 ms
-- straight; with xvel 2000 the weight 2000 / 4000 halves it to 184 ms.
snap_to 'collapsed'
settle()
touch_down { y = 300 }
touch_move { y = 290 }
touch_move { y = 250 }
touch_up { velocity = -2000, velocity_x = 2000 }
local t0 = sheet.time
settle()
expect_near(sheet.time - t0, 0.1917, 0.004, 'computeSettleDuration: yweight 0.5 -> 184 ms')
snap_to 'collapsed'
settle()
touch_down { y = 300 }
touch_move { y = 290 }
touch_move { y = 250 }
touch_up { velocity = -2000, velocity_x = 0 }
t0 = sheet.time
settle()
expect_near(sheet.time - t0, 0.375, 0.004, 'computeAxisDuration: 368 ms without a sideways velocity')
