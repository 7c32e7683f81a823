-- scenario: `android` preset with hideable 0: BottomSheetBehavior's clampViewPositionVertical and
-- getViewVerticalDragRange keep the top at or above the collapsed top when the sheet cannot hide,
-- onViewReleased never asks shouldHide, and a smoothSlideViewTo's range is the collapsed top (185).

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'android'
set { hideable = 0 }
present()
settle()
drag { at = 200, dy = 400, duration = 0.1, release = false }
expect_near(sheet.height, 659, 1e-9, 'clampViewPositionVertical: not below the collapsed top')
touch_up { velocity = 4000 }
settle()
expect(sheet.state == 'resting' and sheet.detent == 'collapsed', 'onViewReleased: not hideable -> collapsed')

-- computeAxisDuration without velocity: (185 / 185 + 1) * 256 = 512 ms to expanded.
snap_to 'expanded'
local t0 = sheet.time
wait(0.5)
expect(sheet.state == 'settling', 'range = collapsed top 185: 512 ms, still settling at 0.5 s')
settle()
expect_near(sheet.time - t0, 0.5167, 0.005, 'the settle ends at the first frame after 512 ms')
