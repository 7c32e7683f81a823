-- scenario: Seed 000 (bottom-sheet-vc): "present", "snap", "dismiss", "tap on backdrop", "dim(c)" at rest.
-- Reference screen 390 x 844, safe 47/34: E = 844 - 47 = 797.
-- normal h = 500 (c = 297), expanded h = 757 (c = 40).
-- dim(c): full = (797 - 500) / 2 = 148.5, none = 797.
--   normal:   0.4 * (1 - (297 - 148.5) / (797 - 148.5)) = 0.4 * (1 - 148.5 / 648.5) = 0.30840
--   expanded: c = 40 < 148.5 -> 0.4
-- UIKit ease-out (0, 0, 0.58, 1) at u = 0.5 gives 0.68464 (1/30 of u either side: 0.64812 .. 0.71970);
-- ease-in (0.42, 0, 1, 1) at u = 0.5 gives 0.31536 (0.28030 .. 0.35188).

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'bottom-sheet-vc'

-- present: h 0 -> normal (500), 0.25 s ease-out, backdrop to dim(297) in the same animation
present()
wait(0.125)
-- half-way in time: 500 * 0.68464 = 342.3 (a frame either way: 324.1 .. 359.8)
expect(sheet.state == 'presenting', 'still presenting half-way through 0.25 s')
expect_near(sheet.height, 342.3, 18.5, 'ease-out: ahead of linear (250) half-way')
wait(0.2)
expect(sheet.state == 'resting', 'present takes 0.25 s')
expect(sheet.detent == 'normal', 'presents at normal')
expect_near(sheet.height, 500, 0.01, 'normal h = defaultHeight = 500')
expect_near(sheet.backdrop, 0.30840, 1e-4, 'dim(297) = 0.30840')

-- snap to expanded: 0.25 s ease-out, backdrop to dim(40) = 0.4
snap_to 'expanded'
wait(0.2)
expect(sheet.state ~= 'resting', 'snap still running at 0.2 s')
wait(0.1)
expect(sheet.state == 'resting', 'snap takes 0.25 s')
expect(sheet.detent == 'expanded', 'at expanded')
expect_near(sheet.height, 757, 0.01, 'expanded h = E - minTop = 797 - 40 = 757')
expect_near(sheet.backdrop, 0.4, 1e-6, 'dim(40) = dimmedAlpha = 0.4')

-- snap back to normal
snap_to 'normal'
settle()
expect_near(sheet.height, 500, 0.01, 'back at normal')
expect_near(sheet.backdrop, 0.30840, 1e-4, 'dim(297) again')

-- dismiss: c -> E (h -> 0), backdrop -> 0, 0.25 s ease-in, then dismissed
dismiss()
wait(0.125)
-- half-way: 500 * (1 - 0.31536) = 342.3 (a frame either way: 324.1 .. 359.8)
expect(sheet.state == 'dismissing', 'dismissing half-way')
expect_near(sheet.height, 342.3, 18.5, 'ease-in: slow start, still high half-way')
wait(0.2)
expect(sheet.state == 'dismissed', 'dismissed after 0.25 s')
expect_near(sheet.height, 0, 0.01, 'hidden')
expect_near(sheet.backdrop, 0, 1e-6, 'backdrop 0')

-- tap on backdrop: dismiss
present()
settle()
tap_backdrop()
wait(0.3)
expect(sheet.state == 'dismissed', 'a tap on the backdrop dismisses (0.25 s)')
expect_near(sheet.height, 0, 0.01, 'hidden after the tap')

-- a tap on the sheet does nothing
present()
settle()
tap { y = 700 }   -- the sheet spans y 344 .. 844
wait(0.3)
expect(sheet.state == 'resting' and sheet.detent == 'normal', 'a tap on the sheet keeps it')
