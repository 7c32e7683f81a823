-- scenario: `android` preset: a fixed peek height and the gesture insets. From BottomSheetBehavior.java
-- calculatePeekHeight (peek + insetBottom; without paddingBottomSystemWindowInsets, at least the
-- mandatory gesture inset + mtrl_min_touch_target_size 48dp) and BottomSheetBehaviorTest.testInitialSetup
-- / BottomSheetBehaviorWithInsetsTest.testFitsSystemWindows (top == P - getPeekHeight()). px = pt; the
-- gesture inset is the core's safe.bottom.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'android'
set { peek_height = 60, padding_bottom_insets = 0 }
present()
settle()
expect(sheet.detent == 'collapsed', 'testInitialSetup: STATE_COLLAPSED')
expect_near(sheet.height, 82, 1e-9, 'calculatePeekHeight: max(peek 60, gesture inset 34 + 48) = 82')

resize { width = 390, height = 844, safe_top = 0, safe_bottom = 0 }
settle()
expect_near(844 - sheet.height, 844 - 60, 1e-9,
  'testInitialSetup / testFitsSystemWindows: top == P - getPeekHeight() (no gesture inset)')
