-- scenario: `gorhom` preset: BottomSheetBackdrop's opacity interpolate(animatedIndex, [-1, 0, 1],
-- [0, 0, 0.5], clamp) (src/components/bottomSheetBackdrop/BottomSheetBackdrop.tsx with constants.ts
-- DEFAULT_OPACITY 0.5, DEFAULT_APPEARS_ON_INDEX 1, DEFAULT_DISAPPEARS_ON_INDEX 0), animatedIndex
-- -1 closed, 0 at p1 = 211, 1 at p2 = 422, linear between; evaluated at every frame's position, and
-- the backdrop's press 'close' only while it takes touches (index > disappearsOnIndex).

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'gorhom'
present()
settle()
expect_near(sheet.backdrop, 0, 1e-9, 'index 0 at p1: opacity 0')
tap_backdrop()
settle()
expect(sheet.state == 'resting' and sheet.detent == 'p1', 'index 0 <= 0: the backdrop is touch-through')
-- dragged up to 316.5: index 0.5 -> 0.25
drag { dy = -105.5, duration = 0.25, release = false }
expect_near(sheet.backdrop, 0.25, 1e-9, 'index 0.5: opacity 0.25')
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'p1', 'released still at 316.5: of 211 and 422 equally far, p1 (the first)')
-- during the spring p1 -> p2 the backdrop follows the position: at 0.1 s h = 325.948 (Reanimated's
-- critically damped form, w0 = sqrt(1000 / 3)), index 0.54478, opacity 0.27239
snap_to 'p2'
wait(0.1)
expect_near(sheet.height, 325.948, 0.05, 'h at 0.1 s')
expect_near(sheet.backdrop, 0.5 * (sheet.height - 211) / 211, 1e-9, 'opacity of that frame\'s index')
settle()
expect_near(sheet.backdrop, 0.5, 1e-9, 'index 1 at p2: opacity 0.5')
tap_backdrop()
settle()
expect(sheet.state == 'dismissed', "index 1 > 0: pressBehavior 'close' closes the sheet")
expect_near(sheet.backdrop, 0, 1e-9, 'closed: opacity 0')
-- a dismissal from p2 crosses p1, where the opacity bends: at 0.05 s h = 324.0, index 0.536, opacity
-- 0.268 (a blend of 0.5 to 0 by the height's progress would show 0.384)
present()
settle()
snap_to 'p2'
settle()
dismiss()
wait(0.05)
expect_near(sheet.height, 324.0, 0.1, 'h at 0.05 s into the dismissal')
expect_near(sheet.backdrop, 0.5 * (sheet.height - 211) / 211, 1e-9, 'the opacity of that frame\'s index')
settle()
expect(sheet.state == 'dismissed', 'dismissed')
