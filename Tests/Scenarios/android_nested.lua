-- scenario: `android` preset with nested_scroll 1: drags that come through a scrolling child.
-- BottomSheetBehaviorTest.testNestedScroll (tests/javatests/.../bottomsheet/; Swipe.SLOW 1500 ms) and
-- BottomSheetBehavior.onStopNestedScroll: the last scroll step's direction decides (no velocity sign,
-- no sideways or significant-velocity test), and the settle is startSettling(..., false), i.e.
-- ViewDragHelper.smoothSlideViewTo without velocity: (|dy| / range + 1) * 256 ms.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'android'
set { nested_scroll = 1 }
present()
settle()
-- testNestedScroll: a slow swipe from the bottom (P - 1) to the top (1) expands the sheet.
drag { at = 843, dy = -842, duration = 1.5 }
settle()
expect(sheet.detent == 'expanded', 'testNestedScroll: STATE_EXPANDED')

-- Code: down 195, then a last step up by 5, released at 2000 px/s downward: the last scroll was up
-- (lastNestedScrollDy > 0) -> expanded; onViewReleased would have hidden it.
snap_to 'collapsed'
settle()
touch_down { y = 300 }
touch_move { y = 310 }
touch_move { y = 500 }
touch_move { y = 495 }
touch_up { velocity = 2000 }
local t0 = sheet.time
expect(sheet.target == 'expanded', 'onStopNestedScroll: lastNestedScrollDy > 0, fit to contents -> expanded')
settle()
-- From h 659 - (195 - 10) = 474 (top 370) to 844: (370 / 844 + 1) * 256 = 368 ms, ending on the frame at
-- 0.375 s.
expect_near(sheet.time - t0, 0.375, 0.004, 'smoothSlideViewTo: no velocity, 368 ms')
