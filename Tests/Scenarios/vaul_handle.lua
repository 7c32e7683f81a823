-- scenario: `vaul` preset with a <Drawer.Handle>: test/tests/with-handle.spec.ts on its page
-- (test/src/app/with-handle/page.tsx: snapPoints ['148px', '355px'], open, active index 0) in Playwright's
-- iPhone 12 (viewport 390 x 664). A click on the handle (src/index.tsx Handle handleCycleSnapPoints) goes
-- to the next snap point and closes at the last; the handle is the drawer's top 5 px bar with a 44 px hit
-- area (src/style.css), so a tap reaches 24.5 pt below the top edge.

screen { width = 390, height = 664, safe_top = 0, safe_bottom = 0, fps = 60 }
behaviour 'vaul'
set { snap_1 = 148, snap_2 = 355, snap_3 = 0, handle = 1 }
present()
settle()
expect(sheet.detent == 'p1', "with-handle.spec.ts: active index 0")
-- the handle at p1: top edge y 664 - 148 = 516; a click at its bar (y 518)
tap { y = 518 }
settle()
expect(sheet.detent == 'p2', "'click should cycle to the next snap point': index 1")
-- at the last (p2, top edge 309), a click on the handle closes the drawer
tap { y = 311 }
settle()
expect(sheet.state == 'dismissed', "'click should cycle ...': closed at the last snap point")
-- a tap on the drawer below the hit area does nothing
present()
settle()
tap { y = 516 + 30 }
settle()
expect(sheet.detent == 'p1', 'a tap 30 pt below the top edge is not on the handle')
