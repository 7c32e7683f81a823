-- scenario: `vaul` preset without snap points: test/tests/base.spec.ts on its page
-- (test/src/app/without-scaled-background/page.tsx: the drawer is h-[96%] of the window) in Playwright's
-- iPhone 12 (viewport 390 x 664): p1 = 0.96 * 664 = 637.44, its centre at y 345.28. src/index.tsx
-- onRelease: moved up -> reset; velocity > 0.4 -> close; swiped >= 0.25 of the drawer -> close; else reset.

screen { width = 390, height = 664, safe_top = 0, safe_bottom = 0, fps = 60 }
behaviour 'vaul'
set { snap_points = 0, snap_1 = 0.96 }
present()
settle()
expect(sheet.state == 'resting' and sheet.detent == 'p1', "base.spec.ts 'should open drawer'")
expect_near(sheet.height, 637.44, 1e-9, 'h-[96%] of 664')
expect_near(sheet.backdrop, 0.4, 1e-9, 'overlay bg-black/40')
-- dragging up is dampened (src/helpers.ts dampenValue 8 (ln(d + 1) - 2)): 20 px up shows 8.356 px
drag { dy = -20, duration = 0.25, release = false }
expect_near(sheet.height, 637.44 + 8 * (math.log(21) - 2), 1e-6, 'dampenValue: 20 px up shows 8.356')
touch_up {}
settle()
expect(sheet.detent == 'p1', 'moved up: reset')
-- 'should not close when dragged up': from the centre to y -800 in one move (the screen stops at 0):
-- dampened 8 (ln(346.28) - 2) = 30.78 would pass the screen's top, so the height stops at 664
drag { at = 345.28, dy = -345.28, duration = 1 / 60, release = false }
expect_near(sheet.height, 664, 1e-9, 'dragged up by 345: held at the screen height')
touch_up {}
settle()
expect(sheet.detent == 'p1', "'should not close when dragged up'")
-- 'should close when dragged down': to y 800, 454.72 px down in one move
drag { at = 345.28, dy = 454.72, duration = 1 / 60 }
settle()
expect(sheet.state == 'dismissed', "'should close when dragged down'")
-- 'should close on background interaction': a click at (0, 0), above the drawer's top (26.56)
present()
settle()
tap { x = 0, y = 0 }
settle()
expect(sheet.state == 'dismissed', "'should close on background interaction'")
-- 'should close when `Drawer.Close` is clicked' / 'when controlled': the program closes it
present()
settle()
dismiss()
settle()
expect(sheet.state == 'dismissed', "'should close when Drawer.Close is clicked' (a programmatic close)")
-- slow drags (v <= 0.4): CLOSE_THRESHOLD 0.25 of 637.44 = 159.36
present()
settle()
drag { dy = 159, duration = 1 }
settle()
expect(sheet.detent == 'p1', 'swiped 159 < 159.36 at 0.159 px/ms: reset')
drag { dy = 160, duration = 1 }
settle()
expect(sheet.state == 'dismissed', 'swiped 160 >= 159.36: close (CLOSE_THRESHOLD)')
