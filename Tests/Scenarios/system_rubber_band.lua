-- scenario: `system` preset: rubber band above the top detent and the floor at 0. DERIVED from
-- DefaultPolicy: above large (787) h = 787 + b(x), b(x) = (1 - 1 / (x * 0.55 / 797 + 1)) * 797
-- (the rubber band of TheStateMachine.md, dimension = available height 797):
--   x = 100 -> 787 + 51.450 = 838.450;  x = 300 -> 787 + 136.700 = 923.700, past the screen: the core
--   reports every height within [0, H], so it shows as H = 844.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'system'
present()
settle()
snap_to 'large'
settle()

-- start on the sheet at y 400 (large spans 57 .. 844)
drag { at = 400, dy = -100, duration = 0.25, release = false }
expect_near(sheet.height, 838.450, 0.01, 'over-drag 100 shows as 51.45 (rubber band 0.55)')
touch_move { y = 100 }
expect_near(sheet.height, 844, 0.01, 'over-drag 300 (923.7) is held at the screen height 844')
-- released still: projected 844 clamped to [398.5, 787] around large -> large
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'large', 'springs back to large')
expect_near(sheet.height, 787, 0.01, 'h 787')

-- below the bottom the height stops at 0 (dismiss allowed)
snap_to 'medium'
settle()
drag { at = 500, dy = 340, duration = 0.25, release = false }  -- 398.5 - 340 = 58.5
expect_near(sheet.height, 58.5, 0.01, 'follows the finger below medium')
touch_move { y = 844 }  -- 398.5 - 344 = 54.5: still above 0
expect_near(sheet.height, 54.5, 0.01, 'h 54.5')
touch_up { velocity = 0 }
settle()
expect(sheet.state == 'dismissed', 'v 0 at 54.5 -> nearest 0 -> dismiss')
