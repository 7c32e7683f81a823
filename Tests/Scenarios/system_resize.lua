-- scenario: `system` preset: resize. DERIVED from DefaultPolicy: resizeTarget nil (stay at the
-- current detent, re-resolved). Landscape 844 x 390, safe top 0, bottom 21: A = 390,
-- medium = 195, large = 380. Portrait: medium 398.5, large 787.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'system'
present()
settle()

resize { width = 844, height = 390, safe_top = 0, safe_bottom = 21 }
settle()
expect(sheet.detent == 'medium', 'stays at medium')
expect_near(sheet.height, 195, 0.01, 'medium = 0.5 * 390')
expect_near(sheet.backdrop, 0.3, 1e-6, 'backdrop 0.3')

snap_to 'large'
settle()
expect_near(sheet.height, 380, 0.01, 'large = 390 - 10')

resize { width = 390, height = 844, safe_top = 47, safe_bottom = 34 }
settle()
expect(sheet.detent == 'large', 'stays at large')
expect_near(sheet.height, 787, 0.01, 'large = 797 - 10')
