-- scenario: Seed 000 (bottom-sheet-vc): "rotation / resize": recompute with the new geometry and go to normal
-- (even from expanded), 0.25 s ease-out; the normal detent's clamp; the release rule's unclamped
-- E - defaultHeight.
--
-- Landscape 844 x 390, safe top 0, bottom 21: E = 390. E - 500 = -110 <= 0 -> normal h = E - 40 = 350
-- (c = 40), expanded h = 350. dim(40): full = -110 / 2 = -55, none = 390,
--   0.4 * (1 - (40 + 55) / (390 + 55)) = 0.4 * (1 - 95 / 445) = 0.314607.
-- 428 x 926, safe 47/34: E = 879, normal h = 500 (c = 379), full = 189.5,
--   dim(379) = 0.4 * (1 - 189.5 / 689.5) = 0.290065.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'bottom-sheet-vc'
present()
settle()
snap_to 'expanded'
settle()
expect_near(sheet.height, 757, 0.01, 'expanded before the rotation')

resize { width = 844, height = 390, safe_top = 0, safe_bottom = 21 }
wait(0.2)
expect(sheet.state ~= 'resting', 'the resize animation runs 0.25 s')
wait(0.1)
expect(sheet.state == 'resting', 'done after 0.25 s')
expect(sheet.detent == 'normal', 'a resize goes to normal, even from expanded')
expect_near(sheet.height, 350, 0.01, 'E - 500 < 0 -> normal = E - minTop = 350')
expect_near(sheet.backdrop, 0.314607, 1e-4, 'dim(40) with full = -55, none = 390')

-- The release rule's candidates here are [40, E - 500 = -110 (unclamped), 390].
-- Down 160 from c = 40: c = 200; |160|, |310|, |190| -> expanded (h 350)
drag { dy = 160, duration = 0.25, velocity = 0 }
settle()
expect(sheet.detent == 'expanded', 'landscape, c 200 -> expanded')
expect_near(sheet.height, 350, 0.01, 'expanded = 350 here')
-- Down 180 from c = 40: c = 220; |180|, |330|, |170| -> dismiss
drag { dy = 180, duration = 0.25, velocity = 0 }
settle()
expect(sheet.state == 'dismissed', 'landscape, c 220 -> dismiss')

-- back to portrait from expanded: normal 500
present()
settle()
snap_to 'expanded'
settle()
resize { width = 390, height = 844, safe_top = 47, safe_bottom = 34 }
settle()
expect(sheet.detent == 'normal', 'portrait again -> normal')
expect_near(sheet.height, 500, 0.01, 'h 500')
expect_near(sheet.backdrop, 0.30840, 1e-4, 'dim(297)')

-- a taller screen: E = 879, still normal 500, backdrop dim(379)
snap_to 'expanded'
settle()
resize { width = 428, height = 926, safe_top = 47, safe_bottom = 34 }
settle()
expect(sheet.detent == 'normal', '926 pt screen -> normal')
expect_near(sheet.height, 500, 0.01, 'h 500 on the taller screen')
expect_near(sheet.backdrop, 0.290065, 1e-4, 'dim(379) = 0.290065')
