-- scenario: `android` preset, not fit to contents: BottomSheetDragHandleView.getNextState
-- (lib/java/com/google/android/material/bottomsheet/): COLLAPSED and EXPANDED go to HALF_EXPANDED;
-- HALF_EXPANDED goes to EXPANDED after COLLAPSED and to COLLAPSED after EXPANDED. Collapsed 162
-- (top 682), half-expanded 422 (top 422), expanded 844 (top 0).

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'android'
set { fit_to_contents = 0, peek_height = 128 }
present()
settle()
tap { y = 690 }
settle()
expect(sheet.detent == 'half_expanded', 'getNextState: COLLAPSED -> HALF_EXPANDED')
tap { y = 430 }
settle()
expect(sheet.detent == 'expanded', 'getNextState: HALF_EXPANDED after COLLAPSED -> EXPANDED')
tap { y = 10 }
settle()
expect(sheet.detent == 'half_expanded', 'getNextState: EXPANDED -> HALF_EXPANDED')
tap { y = 430 }
settle()
expect(sheet.detent == 'collapsed', 'getNextState: HALF_EXPANDED after EXPANDED -> COLLAPSED')
