-- scenario: `android` preset: the states' heights. From material-components-android's
-- BottomSheetBehavior.java (calculatePeekHeight, calculateCollapsedOffset, getExpandedOffset,
-- onLayoutChild) and BottomSheetBehaviorTest (tests/javatests/.../bottomsheet/): testAutoPeekHeight,
-- testDynamicContent, and BottomSheetBehaviorInitialStateTest. px = pt. The parent is the screen:
-- P = 844, W = 390.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'android'
present()
settle()

-- Auto peek: min(max(64, 844 - floor(390 * 9 / 16)), C = 844) + bottom inset 34 = 625 + 34 = 659
-- (calculatePeekHeight; paddingBottomSystemWindowInsets is true in Widget.Material3.BottomSheet).
expect(sheet.state == 'resting' and sheet.detent == 'collapsed',
  'BottomSheetDialog.onStart: a hidden sheet shows collapsed')
expect_near(sheet.height, 659, 1e-9, 'calculatePeekHeight (auto): 625 + inset 34 = 659')
expect_near(sheet.backdrop, 0.32, 1e-12, 'the dialog dim, m3_comp_scrim_container_opacity 0.32')
snap_to 'expanded'
settle()
expect_near(sheet.height, 844, 1e-9,
  'BottomSheetBehaviorInitialStateTest.testSetStateExpanded: a match_parent sheet expands to top 0')

-- testAutoPeekHeight: top == min(W * 9 / 16, P - peekHeightMin) (no bottom inset in the test app).
snap_to 'collapsed'
settle()
resize { width = 390, height = 844, safe_top = 0, safe_bottom = 0 }
settle()
expect(sheet.detent == 'collapsed', 'onLayoutChild keeps the state through a relayout')
expect_near(844 - sheet.height, math.min(390 * 9 // 16, 844 - 64), 1e-9,
  'testAutoPeekHeight: top = min(219, 780) = 219 (portrait: the 16:9 keyline)')
resize { width = 844, height = 390, safe_top = 0, safe_bottom = 0 }
settle()
expect_near(390 - sheet.height, math.min(844 * 9 // 16, 390 - 64), 1e-9,
  'testAutoPeekHeight: top = min(474, 326) = 326 (landscape: peekHeightMin 64)')

-- testDynamicContent: a wrap_content sheet with content 0.8 * 2 * peek (peek 128 in the test: 204 px),
-- expanded at once: the sheet is as tall as its content and sits on the parent's bottom
-- (fitToContentsOffset = P - C; calculateCollapsedOffset: collapsed = min(peek, C)).
resize { width = 390, height = 844, safe_top = 0, safe_bottom = 0 }
set_content_height(204)
settle()
snap_to 'expanded'
settle()
expect(sheet.state == 'resting' and sheet.detent == 'expanded', 'testDynamicContent: STATE_EXPANDED')
expect_near(sheet.height, 204, 1e-9, 'testDynamicContent: expanded = the content, bottom on the parent')
snap_to 'collapsed'
settle()
expect_near(sheet.height, 204, 1e-9, 'calculateCollapsedOffset: max(P - peek, P - C): collapsed = C')
