-- scenario: `android` preset with skip_collapsed, not fit to contents: BottomSheetBehaviorTest's
-- testSkipCollapsedFullyExpanded and testSkipCollapsedFullyExpanded_smallSwipe* (tests/javatests/
-- .../bottomsheet/). onViewReleased: a slow release that should hide but is high settles to the nearer
-- of expanded (top 0) and half-expanded (top 422).

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'android'
set { skip_collapsed = 1, fit_to_contents = 0, peek_height = 128 }
present()
settle()
snap_to 'expanded'
settle()
drag { at = 1, dy = 844 - 162 - 1, duration = 0.1 }
settle()
expect(sheet.state == 'dismissed', 'testSkipCollapsedFullyExpanded: STATE_HIDDEN')

present()
settle()
snap_to 'expanded'
settle()
drag { at = 1, dy = 421, duration = 1.5 }
settle()
expect(sheet.state == 'resting' and sheet.detent == 'half_expanded',
  'testSkipCollapsedFullyExpanded_smallSwipe_remainsExpanded: STATE_HALF_EXPANDED (top 411.6 nearer 422)')

snap_to 'expanded'
settle()
drag { at = 1, dy = 632, duration = 1.5 }
settle()
expect(sheet.state == 'dismissed',
  'testSkipCollapsedFullyExpanded_smallSwipePastThreshold_getsHidden: STATE_HIDDEN')
