-- scenario: `android` preset, not fit to contents: three states. From material-components-android's
-- BottomSheetBehavior.java (getExpandedOffset, calculateHalfExpandedOffset, onViewReleased),
-- lib/javatests/.../BottomSheetBehaviorTest (Robolectric) and tests/javatests/.../BottomSheetBehaviorTest
-- (Espresso, Swipe.FAST = 100 ms). P = 844: collapsed 128 + 34 = 162 (top 682), half-expanded
-- 844 - floor(844 * 0.5) = 422 (top 422), expanded 844 - 10 = 834 (top 10).

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'android'
set { fit_to_contents = 0, peek_height = 128, expanded_offset = 10 }
present()
settle()
expect_near(sheet.height, 162, 1e-9, 'calculatePeekHeight: fixed peek 128 + insetBottom 34')
snap_to 'half_expanded'
settle()
expect_near(sheet.height, 422, 1e-9, 'calculateHalfExpandedOffset: (int) (844 * (1 - 0.5)) = 422')
snap_to 'expanded'
settle()
expect_near(844 - sheet.height, 10, 1e-9,
  'createBottomSheet_withDimenOffset_hasCorrectOffset: getExpandedOffset() == 10 (not fit to contents)')

-- testHalfExpandedToExpanded: from half-expanded a fast swipe from the visible centre to y 0:
-- moving up, top at or above the half-expanded top -> expanded.
snap_to 'half_expanded'
settle()
drag { at = 633, dy = -633, duration = 0.1 }
settle()
expect(sheet.detent == 'expanded', 'testHalfExpandedToExpanded: STATE_EXPANDED')

-- testCollapsedToExpanded: from collapsed, the same swipe from its visible centre (682 + 81) to 0.
snap_to 'collapsed'
settle()
drag { at = 763, dy = -763, duration = 0.1 }
settle()
expect(sheet.detent == 'expanded', 'testCollapsedToExpanded: STATE_EXPANDED')

-- Code (onViewReleased, moving up): released below the half-expanded top -> half-expanded.
snap_to 'collapsed'
settle()
touch_down { y = 700 }
touch_move { y = 690 }
touch_move { y = 560 }
touch_up { velocity = -300 }
settle()
expect(sheet.detent == 'half_expanded', 'onViewReleased: yvel < 0, top 552 > half top 422 -> half-expanded')

-- Code (still release above half-expanded): Android compares the top with its distance to the
-- collapsed top, so a still release at top 332 goes to expanded although half-expanded is nearer:
-- 332 < |332 - 682| = 350. At top 352: 352 >= |352 - 682| = 330 -> half-expanded. (The sheet lags the
-- finger by the 10 px travel at capture.)
touch_down { y = 430 }
touch_move { y = 420 }
touch_move { y = 330 }
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'expanded', 'onViewReleased: yvel 0, top 332 < |332 - 682| -> expanded')
snap_to 'half_expanded'
settle()
touch_down { y = 430 }
touch_move { y = 420 }
touch_move { y = 350 }
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'half_expanded', 'onViewReleased: yvel 0, top 352 >= |352 - 682| -> half-expanded')

-- Code (moving down, not fit to contents): the nearer of half-expanded and collapsed.
snap_to 'expanded'
settle()
touch_down { y = 20 }
touch_move { y = 30 }
touch_move { y = 500 }
touch_up { velocity = 300 }
settle()
expect(sheet.detent == 'half_expanded', 'onViewReleased: moving down, top 480 nearer half 422 than 682')

-- testSwipeDownToHideFullyExpanded: collapsed, a fast swipe from the sheet's top to the bottom.
snap_to 'collapsed'
settle()
drag { at = 683, dy = 161, duration = 0.1 }
settle()
expect(sheet.state == 'dismissed', 'testSwipeDownToHideFullyExpanded: STATE_HIDDEN')
