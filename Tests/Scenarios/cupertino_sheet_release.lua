-- scenario: `cupertino-sheet` preset: CupertinoSheetRoute's drag, its release rule and its timing.
-- Sources: flutter/flutter packages/flutter/lib/src/cupertino/sheet.dart (_kTopGapRatio 0.08,
-- _kStretchedTopGapRatio 0.072, _CupertinoDragGestureController.dragUpdate and dragEnd: _kMinFlingVelocity
-- 2.0, the 0.52 progress, _kDroppedSheetDragAnimationDuration 300 ms on Curves.easeOut; transitionDuration
-- 500 ms on fastEaseInToSlowEaseOut, flipped going back) and gestures/constants.dart (kTouchSlop 18: the
-- 20 pt move that starts each drag below is dropped). On the 844 pt screen the open sheet is
-- 844 (1 - 0.08) = 776.48 tall; v = h / 776.48. The curves' values (Flutter's Cubic: bisection to 0.001)
-- were worked out separately: fastEaseInToSlowEaseOut(0.5) = 0.942346, easeOut(0.5) = 0.683594.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'cupertino-sheet'
-- A drag as a finger's events: down 10 pt below the sheet's top, 20 pt to start it (dropped), then
-- `travel` pt (+ = down) in one event; released at `velocity` unless `hold`.
local function pull(travel, velocity, hold)
  local y = 844 - sheet.height + 10
  local sign = travel < 0 and -1 or 1
  touch_down { y = y }
  touch_move { y = y + sign * 20 }
  touch_move { y = y + sign * 20 + travel }
  if not hold then
    touch_up { velocity = velocity }
  end
end

present()
wait(30 / 120)
expect_near(sheet.height, 776.48 * 0.9423460066, 1e-6, 'push, 250 of 500 ms: 776.48 c(0.5) = 731.7128')
settle()
expect(sheet.detent == 'open' and sheet.height == 776.48, 'open: 844 (1 - 0.08) = 776.48')

-- A slow release keeps the sheet when v > 0.52: dragged down 372 pt, v = 1 - 372 / 776.48 = 0.52092;
-- 373 pt, v = 0.51963 pops. (0.48 x 776.48 = 372.71.)
pull(372, 0)
settle()
expect(sheet.detent == 'open', 'dragEnd: 0.52092 > 0.52 -> open')
pull(373, 0)
settle()
expect(sheet.state == 'dismissed', 'dragEnd: 0.51963 <= 0.52 -> navigator.pop()')
present()
settle()

-- The fling: velocity / 776.48 (the drag detector's height) >= 2 decides by its sign: down at 1553 px/s
-- (2.00002) pops from v 0.936; at 1552 px/s (1.99876) the progress keeps it. Up at 1553 px/s from
-- v = 1 - 404 / 776.48 = 0.4797 (below 0.52) opens.
pull(50, 1552)
settle()
expect(sheet.detent == 'open', 'dragEnd: 1552 / 776.48 = 1.99876 < 2, v 0.936 > 0.52 -> open')
pull(50, 1553)
settle()
expect(sheet.state == 'dismissed', 'dragEnd: 1553 / 776.48 = 2.00002 >= 2 down -> pop')
present()
settle()
pull(404, -1553)
settle()
expect(sheet.detent == 'open', 'dragEnd: v 0.4797, flung up at 2.00002 sheet heights/s -> open')

-- The settle: v from 1 - 300 / 776.48 = 0.613641 to 1 over 300 ms on easeOut, the sheet linear in v:
-- 150 ms in, 776.48 (0.613641 + 0.386359 x 0.683594) = 681.5581.
pull(300, 0)
wait(18 / 120)
expect_near(sheet.height, 681.558125, 1e-6, 'settle: 300 ms easeOut of v, 150 ms in: 681.5581')
settle()

-- The stretch: upward at v = 1 the top gap narrows by the travel over 0.008 x 844 = 6.752, at most
-- 6.752 pt: 3 pt up shows 779.48, 10 pt up 783.232; released, it goes back to open in 180 ms.
pull(-3, 0, true)
expect_near(sheet.height, 779.48, 1e-9, 'dragUpdate: the stretch, 776.48 + 3')
touch_move { y = 844 - 776.48 + 10 - 20 - 10 }
expect_near(sheet.height, 844 * 0.928, 1e-9, 'dragUpdate: the stretch stops at 844 (1 - 0.072) = 783.232')
touch_up { velocity = 0 }
wait(0.18)
expect(sheet.state == 'resting' and sheet.detent == 'open', 'dragEnd: the stretch goes back in 180 ms')

-- Stretched, then dragged down 50 pt: v falls to 1 - 50 / 776.48 = 0.935606 while the stretch stays
-- (784.2 x 0.935606 = 732.7972); released, only the stretch goes back: the sheet rests at 726.48, not
-- open (dragEnd returns after upController.animateBack).
pull(-10, 0, true)
touch_move { y = 844 - 776.48 + 10 - 20 - 10 + 50 }
expect_near(sheet.height, 732.7972173913, 1e-9, 'dragUpdate: v 0.935606 times the stretched 783.232')
touch_up { velocity = 0 }
settle()
expect(sheet.state == 'resting' and sheet.detent == nil and math.abs(sheet.height - 726.48) < 1e-9,
  'dragEnd while stretched: v stays, 776.48 x 0.935606 = 726.48')

-- dismiss(): v back to 0 over 500 v0 ms on the flipped curve; from open, 250 ms in: 776.48 (1 -
-- c(0.5)) = 44.7672.
snap_to 'open'
settle()
dismiss()
wait(30 / 120)
expect_near(sheet.height, 44.7671727705, 1e-6, 'pop, 250 of 500 ms: 776.48 (1 - c(0.5)) = 44.7672')
settle()
expect(sheet.state == 'dismissed', 'popped')
