-- scenario: `system` preset: flings. DERIVED from DefaultPolicy (TheStateMachine.md): projection rate 0.998
-- (projected = h + 0.499 v), at most one detent per fling (projected clamped to the candidates either
-- side of the one nearest the drag's start height), redirect progress 0.5.
-- A = 797; candidates [0, medium 398.5, large 787].

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'system'
present()
settle()

-- up from medium: release at 438.5 with v 1200 -> projected 438.5 + 598.8 = 1037.3, clamped to
-- [0, 787] around medium -> 787 -> large
flick { dy = -40, velocity = -1200 }
settle()
expect(sheet.detent == 'large', 'an upward fling from medium -> large')
expect_near(sheet.height, 787, 0.01, 'h 787')

-- down from large: release at 757 with v -3000 -> projected 757 - 1497 = -740, clamped to
-- [398.5, 787] around large -> medium: one detent per fling, no dismiss
flick { dy = 30, velocity = 3000 }
settle()
expect(sheet.state == 'resting' and sheet.detent == 'medium', 'a hard fling from large stops at medium')
expect_near(sheet.height, 398.5, 0.01, 'h 398.5')

-- down from medium: release at 368.5, projected -1128.5 -> clamped to [0, 787] -> 0 -> dismiss
flick { dy = 30, velocity = 3000 }
settle()
expect(sheet.state == 'dismissed', 'a hard fling from medium dismisses')

-- a gentle downward release at 300 (v -200): projected 300 - 99.8 = 200.2 between 0 and 398.5;
-- progress past medium (398.5 - 200.2) / 398.5 = 0.498 <= 0.5 -> medium
present()
settle()
drag { dy = 98.5, duration = 0.25, velocity = 200 }
settle()
expect(sheet.detent == 'medium', 'progress 0.498 -> back to medium')
-- at v -210: projected 195.21, progress 0.510 > 0.5 -> 0 -> dismiss
drag { dy = 98.5, duration = 0.25, velocity = 210 }
settle()
expect(sheet.state == 'dismissed', 'progress 0.510 -> dismiss')

-- the estimator: 100 pt in 0.1 s is 1000 pt/s up. From medium: release at 498.5, projected
-- 498.5 + 499 = 997.5 -> clamped to 787 -> large
present()
settle()
drag { dy = -100, duration = 0.1 }
settle()
expect(sheet.detent == 'large', '1000 pt/s from the touch stream -> large')
