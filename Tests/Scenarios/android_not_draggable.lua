-- scenario: `android` preset with draggable 0 (BottomSheetBehavior.setDraggable(false)):
-- BottomSheetBehaviorTest's testNoSwipeUpToExpand, testNoSwipeDownToCollapse and testNoDragging
-- (tests/javatests/.../bottomsheet/): swipes move nothing; setState still works.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'android'
set { draggable = 0 }
present()
settle()
drag { at = 514.5, dy = -514.5, duration = 0.1 }
settle()
expect(sheet.detent == 'collapsed' and sheet.height == 659, 'testNoSwipeUpToExpand: STATE_COLLAPSED')

snap_to 'expanded'
settle()
drag { at = 1, dy = 184, duration = 0.1 }
settle()
expect(sheet.detent == 'expanded' and sheet.height == 844, 'testNoSwipeDownToCollapse: STATE_EXPANDED')

snap_to 'collapsed'
settle()
drag { at = 514.5, dy = -400, duration = 0.1, release = false }
expect(sheet.state ~= 'dragging', 'testNoDragging: not STATE_DRAGGING')
touch_up { velocity = 0 }
