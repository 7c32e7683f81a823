-- scenario: Seed 000 (bottom-sheet-vc): "pan ended". vy > 1500 dismisses; else the nearest of
-- [minTop, E - defaultHeight, E] = [40, 297, 797] to c (first wins a tie) gives expanded / normal /
-- dismiss. Reference screen: E = 797, normal h 500 (c 297). Releases use explicit velocities.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'bottom-sheet-vc'

-- The page's example: release at h = 600 (c = 197) with vy = 900 -> normal (197 is nearer 297 than 40)
present()
settle()
drag { dy = -100, duration = 0.25, velocity = 900 }
expect(sheet.state == 'settling', 'h 600, vy 900: settles')
settle()
expect(sheet.detent == 'normal', 'h 600, vy 900 -> normal')
expect_near(sheet.height, 500, 0.01, 'h 500')
expect_near(sheet.backdrop, 0.30840, 1e-4, 'backdrop dim(297) = 0.30840')

-- ... with vy = 1600 it dismisses (1600 > 1500)
drag { dy = -100, duration = 0.25, velocity = 1600 }
expect(sheet.state == 'dismissing', 'h 600, vy 1600: dismissing')
settle()
expect(sheet.state == 'dismissed', 'h 600, vy 1600 -> dismissed')
expect_near(sheet.height, 0, 0.01, 'hidden')
expect_near(sheet.backdrop, 0, 1e-6, 'backdrop 0')

-- vy = 1500 is not > 1500: nearest rule; c = 297 + 20 = 317 -> normal
present()
settle()
drag { dy = 20, duration = 0.25, velocity = 1500 }
settle()
expect(sheet.state == 'resting' and sheet.detent == 'normal', 'vy exactly 1500 does not dismiss')

-- Tie between minTop and E - defaultHeight: c = (40 + 297) / 2 = 168.5 -> h = 628.5 (ty = -128.5).
-- |168.5 - 40| = |168.5 - 297| = 128.5: the first (minTop) wins -> expanded
drag { dy = -128.5, duration = 0.25, velocity = 0 }
settle()
expect(sheet.detent == 'expanded', 'tie 40 / 297 -> expanded (first wins)')
expect_near(sheet.height, 757, 0.01, 'h 757')

-- Tie between E - defaultHeight and E: c = (297 + 797) / 2 = 547 -> h = 250. From expanded
-- (c0 = 40) that is ty = 507. |547 - 297| = |547 - 797| = 250: the first (normal) wins
drag { dy = 507, duration = 0.25, velocity = 0 }
settle()
expect(sheet.detent == 'normal', 'tie 297 / 797 -> normal (first wins)')
expect_near(sheet.height, 500, 0.01, 'h 500')

-- One point further down: c = 548 is nearer 797 -> dismiss (ty = 251 from normal)
drag { dy = 251, duration = 0.25, velocity = 0 }
settle()
expect(sheet.state == 'dismissed', 'c 548 -> dismiss')

-- An upward fling is never a dismiss: vy = -3000, c = 197 -> normal
present()
settle()
drag { dy = -100, duration = 0.25, velocity = -3000 }
settle()
expect(sheet.detent == 'normal', 'upward fling: nearest rule only -> normal')
