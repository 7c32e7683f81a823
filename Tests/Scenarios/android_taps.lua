-- scenario: `android` preset: taps. BottomSheetDragHandleView.getNextState
-- (lib/java/com/google/android/material/bottomsheet/): a tap on the drag handle at the sheet's top
-- (48 px, mtrl_min_touch_target_size) steps the state (collapsed <-> expanded when fit to contents);
-- a tap elsewhere on the sheet does nothing; BottomSheetDialog cancels on a touch outside.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'android'
present()
settle()
tap { y = 200 } -- collapsed top 185: on the handle
settle()
expect(sheet.detent == 'expanded', 'getNextState: COLLAPSED -> EXPANDED (cannot half-expand)')
tap { y = 300 } -- expanded top 0: below the handle band
settle()
expect(sheet.detent == 'expanded', 'a tap on the sheet below the handle changes nothing')
tap { y = 20 }
settle()
expect(sheet.detent == 'collapsed', 'getNextState: EXPANDED -> COLLAPSED (cannot half-expand)')
tap_backdrop()
settle()
expect(sheet.state == 'dismissed', 'BottomSheetDialog: a touch outside cancels')
