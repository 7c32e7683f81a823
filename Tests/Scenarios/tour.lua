-- scenario: tour.lua: SheetScript in one scenario. A hand-made UIKit bottom sheet (seed 000, the
-- `bottom-sheet-vc` preset) is presented, dragged, flung and rotated, with one of its thresholds
-- tuned from outside the file. Every number below is worked out from seed 000's rules (ThePresets.md).
-- Reference screen 390 x 844, safe 47/34: E = 797; normal h 500, expanded h 757.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'bottom-sheet-vc'
set { dismiss_velocity = 1800 }   -- the preset says 1500; tuned here without touching the file

-- 1. Present: 0.25 s ease-out to normal; the backdrop follows, to dim(297) = 0.30840.
present()
settle()
print(('presented: %s at h %.1f, backdrop %.3f'):format(sheet.detent, sheet.height, sheet.backdrop))
expect(sheet.detent == 'normal', 'presented at normal')
expect_near(sheet.backdrop, 0.30840, 1e-4, 'backdrop 0.30840')

-- 2. Drag up 240 pt in 0.4 s (600 pt/s up): c = 297 - 240 = 57, h = 740; nearest of [40, 297, 797]
--    is 40 -> expanded (757), backdrop 0.4.
drag { dy = -240, duration = 0.4 }
settle()
print(('dragged up: %s at h %.1f, backdrop %.3f'):format(sheet.detent, sheet.height, sheet.backdrop))
expect(sheet.detent == 'expanded', 'a slow drag up -> expanded')

-- 3. Back to normal, then a downward flick at 1600 pt/s. The file would dismiss (> 1500); with the
--    override (1800) the nearest rule applies: c = 297 + 60 = 357 -> 297 -> normal.
snap_to 'normal'
settle()
flick { dy = 60, velocity = 1600 }
settle()
print(('flick at 1600 pt/s with dismiss_velocity 1800: %s'):format(sheet.state))
expect(sheet.state == 'resting' and sheet.detent == 'normal', '1600 < 1800: stays')

-- 4. Rotate to landscape (844 x 390, safe 0/21): E = 390, E - 500 < 0 so normal = E - 40 = 350;
--    the seed always goes to normal on rotation (0.25 s ease-out). dim(40) = 0.314607.
resize { width = 844, height = 390, safe_top = 0, safe_bottom = 21 }
settle()
print(('landscape: %s at h %.1f, backdrop %.3f'):format(sheet.detent, sheet.height, sheet.backdrop))
expect_near(sheet.height, 350, 0.01, 'landscape normal 350')
resize { width = 390, height = 844, safe_top = 47, safe_bottom = 34 }
settle()
expect_near(sheet.height, 500, 0.01, 'portrait normal 500')

-- 5. A hard flick (2400 pt/s > 1800) dismisses: 0.25 s ease-in, backdrop to 0.
flick { dy = 60, velocity = 2400 }
settle()
print(('flick at 2400 pt/s: %s, h %.1f, backdrop %.3f'):format(sheet.state, sheet.height, sheet.backdrop))
expect(sheet.state == 'dismissed', '2400 > 1800: dismissed')
