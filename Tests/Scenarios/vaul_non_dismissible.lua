-- scenario: `vaul` preset, dismissible false, no snap points: test/tests/non-dismissible.spec.ts on its page
-- (test/src/app/non-dismissible/page.tsx: a content-sized drawer, here 400) in Playwright's iPhone 12
-- (viewport 390 x 664). src/index.tsx onPress returns at once when `!dismissible && !snapPoints`, and the
-- Radix Dialog's onOpenChange ignores an outside press when not dismissible.

screen { width = 390, height = 664, safe_top = 0, safe_bottom = 0, fps = 60 }
behaviour 'vaul'
set { snap_points = 0, snap_1 = 400, dismissible = 0 }
present()
settle()
-- 'should not close on background interaction'
tap { x = 0, y = 0 }
settle()
expect(sheet.state == 'resting' and sheet.detent == 'p1', "'should not close on background interaction'")
-- 'should not close when dragged down': from the drawer's centre (y 464) to y 800
drag { at = 464, dy = 336, duration = 1 / 60, release = false }
expect_near(sheet.height, 400, 1e-9, 'no drag at all (onPress returns)')
touch_up {}
settle()
expect(sheet.state == 'resting' and sheet.detent == 'p1', "'should not close when dragged down'")
-- 'should close when the dismiss button is clicked': the program closes it
dismiss()
settle()
expect(sheet.state == 'dismissed', "'should close when the dismiss button is clicked'")
