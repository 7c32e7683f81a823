-- scenario: `system` preset (DefaultPolicy in Lua): detents, slow releases, redirect progress,
-- backdrop. All expected numbers are DERIVED from DefaultPolicy's rules (no seed; TheStateMachine.md):
--   A = 844 - 47 = 797; medium = 0.5 * 797 = 398.5; large = 797 - 10 = 787.
--   backdrop: 0 at h = 0, backdropMax 0.3 at and above the lowest detent (medium), linear between.
--   release: projected = h + (v / 1000) * 0.998 / 0.002 = h + 0.499 v (v = -vy for a bottom sheet);
--   candidates [0, 398.5, 787]; v = 0 -> nearest (lower wins a tie); else progress past the near one
--   > 0.5 -> the far one.
--   animations: critically damped spring, response 0.3 s (w = 2 pi / 0.3 = 20.94 rad/s):
--   from rest h(0.15) = 398.5 * (1 - (1 + 3.1416) e^-3.1416) = 327.18 (a frame either way 317.2 .. 336.1).

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'system'

present()
wait(0.15)
expect_near(sheet.height, 327.18, 10, 'critically damped spring, response 0.3: 327.18 at 0.15 s (derived)')
settle()
expect(sheet.state == 'resting' and sheet.detent == 'medium', 'presents at medium (first detent)')
expect_near(sheet.height, 398.5, 0.01, 'medium = 0.5 * 797')
expect_near(sheet.backdrop, 0.3, 1e-6, 'backdrop max 0.3 at medium')

-- slow release (v 0) at 548.5: |150| to medium, |238.5| to large -> medium
drag { dy = -150, duration = 0.5, velocity = 0 }
settle()
expect(sheet.detent == 'medium', 'v 0 at 548.5 -> nearest: medium')
-- slow release at 598.5: |200| to medium, |188.5| to large -> large
drag { dy = -200, duration = 0.5, velocity = 0 }
settle()
expect(sheet.detent == 'large', 'v 0 at 598.5 -> nearest: large')
expect_near(sheet.height, 787, 0.01, 'large = 797 - 10')
expect_near(sheet.backdrop, 0.3, 1e-6, 'backdrop 0.3 at large')

-- redirect progress: from medium, release at 500 moving up at 300 pt/s:
-- projected 500 + 149.7 = 649.7; progress (649.7 - 398.5) / 388.5 = 0.647 > 0.5 -> large
snap_to 'medium'
settle()
drag { dy = -101.5, duration = 0.25, velocity = -300 }
settle()
expect(sheet.detent == 'large', 'progress 0.647 > 0.5 -> large')
-- ... at 100 pt/s: projected 549.9; progress 0.390 -> medium
snap_to 'medium'
settle()
drag { dy = -101.5, duration = 0.25, velocity = -100 }
settle()
expect(sheet.detent == 'medium', 'progress 0.390 -> medium')

-- backdrop halfway between 0 and medium: h = 199.25 -> 0.3 * 199.25 / 398.5 = 0.15
drag { dy = 199.25, duration = 0.25, release = false }
expect_near(sheet.height, 199.25, 0.01, 'h 199.25')
expect_near(sheet.backdrop, 0.15, 1e-6, 'backdrop linear below the lowest detent: 0.15')
-- v 0 at 199.25: |199.25| to 0, |199.25| to medium: a tie, the lower wins -> dismiss
touch_up { velocity = 0 }
settle()
expect(sheet.state == 'dismissed', 'a tie between 0 and medium: the lower (dismiss) wins')

-- tap on the backdrop dismisses
present()
settle()
tap_backdrop()
settle()
expect(sheet.state == 'dismissed', 'tap on the backdrop dismisses')
