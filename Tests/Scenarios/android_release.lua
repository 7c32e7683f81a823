-- scenario: `android` preset: onViewReleased's outcomes (fit to contents, hideable, auto peek). Swipes
-- of material-components-android's BottomSheetBehaviorTest (tests/javatests/.../bottomsheet/), whose
-- Swipe.FAST takes 100 ms, replayed on the reference screen (P = 844, collapsed 659 = top 185, expanded
-- 844 = top 0); the settle times from androidx ViewDragHelper.computeSettleDuration, worked out by hand.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'android'
present()
settle()

-- testSetStateCollapsedToCollapsed: setState(COLLAPSED) at collapsed stays collapsed.
snap_to 'collapsed'
settle()
expect(sheet.state == 'resting' and sheet.detent == 'collapsed', 'testSetStateCollapsedToCollapsed')

-- testSetStateExpandedToCollapsed, and smoothSlideViewTo's timing: no velocity, so
-- (|dy| / range + 1) * 256 ms with dy 185, range P 844 (hideable): 312 ms, on (t - 1)^5 + 1.
snap_to 'expanded'
local t0 = sheet.time
wait(0.1)
expect_near(sheet.height, 659 + 185 * (1 - (1 - 0.1 / 0.312) ^ 5), 0.01,
  'ViewDragHelper sInterpolator over computeAxisDuration 312 ms: h(0.1 s) = 817.20')
wait(0.2)
expect(sheet.state == 'settling', 'computeAxisDuration: still settling at 0.3 s < 0.312 s')
settle()
expect_near(sheet.time - t0, 0.3167, 0.005, 'the settle ends at the first frame after 312 ms')
expect(sheet.detent == 'expanded', 'testSetStateExpandedToCollapsed: STATE_EXPANDED')
snap_to 'collapsed'
settle()
expect(sheet.detent == 'collapsed', 'testSetStateExpandedToCollapsed: STATE_COLLAPSED')

-- testSwipeDownToCollapse: expanded, a fast swipe from the sheet's top + 1 to P - peek: released above
-- the collapsed top (the sheet lags the finger by the travel at capture), moving down, fit to
-- contents -> collapsed (not hidden: shouldHide needs the top at or below the collapsed one).
snap_to 'expanded'
settle()
drag { at = 1, dy = 184, duration = 0.1 }
settle()
expect(sheet.state == 'resting' and sheet.detent == 'collapsed', 'testSwipeDownToCollapse: STATE_COLLAPSED')

-- testSwipeUpToExpand: collapsed, a fast swipe from the visible centre (185 + 659 / 2) to y 0:
-- yvel < 0, fit to contents -> expanded.
drag { at = 514.5, dy = -514.5, duration = 0.1 }
settle()
expect(sheet.detent == 'expanded', 'testSwipeUpToExpand: STATE_EXPANDED')

-- testDragOutside: a swipe up from just above the collapsed sheet (P - peek - 9) does not move it.
snap_to 'collapsed'
settle()
drag { at = 176, dy = -175, duration = 0.1 }
settle()
expect(sheet.detent == 'collapsed' and sheet.height == 659, 'testDragOutside: remains STATE_COLLAPSED')

-- testLayoutWhileDragging: a drag not released keeps the sheet dragging.
drag { at = 514.5, dy = -300, duration = 0.1, release = false }
expect(sheet.state == 'dragging', 'testLayoutWhileDragging: STATE_DRAGGING')
touch_up { velocity = 0 }
settle()

-- Code: a slow drag down from collapsed by 300, 200 px/s (top 185 -> 475: the sheet lags by the 10 px
-- travel at capture): shouldHide |475 + 20 - 185| / 659 = 0.47 <= 0.5 -> no hide; moving down -> collapsed.
snap_to 'collapsed'
settle()
drag { at = 200, dy = 300, duration = 0.5, velocity = 200 }
settle()
expect(sheet.detent == 'collapsed', 'shouldHide: 0.47 <= HIDE_THRESHOLD 0.5 -> collapsed')
-- The same drag at 600 px/s: |475 + 60 - 185| / 659 = 0.53 > 0.5 and 600 > 500 -> hidden.
drag { at = 200, dy = 300, duration = 0.5, velocity = 600 }
settle()
expect(sheet.state == 'dismissed', 'shouldHide 0.53 > 0.5, yvel 600 > significant velocity 500 -> hidden')

-- Code: a still release (|v| < 50: clampMag to 0) below collapsed but not projected past half the
-- peek settles to the nearer of expanded and collapsed.
present()
settle()
touch_down { y = 300 }
touch_move { y = 310 }
touch_move { y = 460 }
touch_up { velocity = 40 }
settle()
expect(sheet.detent == 'collapsed', 'clampMag: 40 < 50 px/s is 0; top 335 nearer collapsed 185 -> collapsed')

-- testSwipeDownToHide: ViewActions.swipeDown from the collapsed sheet's top to the bottom, fast:
-- should hide and yvel > 500 -> STATE_HIDDEN.
drag { at = 186, dy = 658, duration = 0.1 }
settle()
expect(sheet.state == 'dismissed', 'testSwipeDownToHide: STATE_HIDDEN')
expect_near(sheet.height, 0, 1e-9,
  'BottomSheetBehaviorInitialStateTest.testSetStateHidden: the hidden top is the parent height')

-- testSetStateHiddenToCollapsed / testAutoPeekHeightHide: setState(HIDDEN) hides an auto-peek
-- sheet; showing it again lands collapsed.
present()
settle()
dismiss()
settle()
expect(sheet.state == 'dismissed', 'testAutoPeekHeightHide: STATE_HIDDEN')
present()
settle()
expect(sheet.detent == 'collapsed', 'testSetStateHiddenToCollapsed: STATE_COLLAPSED')
-- BottomSheetDialog: a touch outside the sheet cancels the dialog.
tap_backdrop()
settle()
expect(sheet.state == 'dismissed', 'BottomSheetDialog canceledOnTouchOutside: a tap outside dismisses')
