-- scenario: `android` preset with skip_collapsed: BottomSheetBehaviorTest's testSkipCollapsed and
-- testSkipCollapsed_smallSwipe* (tests/javatests/.../bottomsheet/; Swipe.FAST 100 ms, Swipe.SLOW
-- 1500 ms) and BottomSheetBehavior.shouldHide / onViewReleased: shouldHide is true whenever
-- skipCollapsed; then a fast swipe or a release low (top > (P + 0) / 2 = 422) hides, else expanded.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'android'
set { skip_collapsed = 1 }
present()
settle()
snap_to 'expanded'
settle()
-- testSkipCollapsed: from the top + 1 to just above the peek (P - peek = 185), fast.
drag { at = 1, dy = 184, duration = 0.1 }
settle()
expect(sheet.state == 'dismissed', 'testSkipCollapsed: STATE_HIDDEN (skips collapsed)')

-- testSkipCollapsed_smallSwipe_remainsExpanded: a slow swipe to 50% of the height: top 411.6 (the lag)
-- is not below 422 and 280 px/s < 500 -> expanded.
present()
settle()
snap_to 'expanded'
settle()
drag { at = 1, dy = 421, duration = 1.5 }
settle()
expect(sheet.state == 'resting' and sheet.detent == 'expanded',
  'testSkipCollapsed_smallSwipe_remainsExpanded: STATE_EXPANDED')

-- testSkipCollapsed_smallSwipePastThreshold_getsHidden: the same to 75%: released low -> hidden.
drag { at = 1, dy = 632, duration = 1.5 }
settle()
expect(sheet.state == 'dismissed', 'testSkipCollapsed_smallSwipePastThreshold_getsHidden: STATE_HIDDEN')
