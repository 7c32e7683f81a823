-- scenario: `vaul` preset: test/tests/initial-snap.spec.ts on its page (test/src/app/initial-snap/page.tsx:
-- snapPoints [0, '148px', '355px', 1], active index 1) in the tests' device, Playwright's iPhone 12
-- (playwright.config.ts: viewport 390 x 664). Snap point 0 (height 0) is the closed drawer here, so the
-- spec's index k is p_k and index 0 is dismissed. Each spec hovers the drawer (the centre of its visible
-- part, y 600), presses, moves once and releases: one frame (1/60 s) of travel, so vaul's velocity
-- (src/index.tsx onRelease: |distMoved| / timeTaken) is the distance over 16.7 ms.

screen { width = 390, height = 664, safe_top = 0, safe_bottom = 0, fps = 60 }
behaviour 'vaul'
set { snap_1 = 148, snap_2 = 355, snap_3 = 1 }
present()
settle()
expect(sheet.detent == 'p1', "initial-snap.spec.ts 'should be open and snapped on initial load': index 1")
-- 'should snap to next snap point when dragged up': to y 590, 10 px up: 0.6 px/ms (> 0.4, <= 2), 10 < 0.4
-- * 664 -> one snap point up (src/use-snap-points.ts onRelease)
drag { at = 600, dy = -10, duration = 1 / 60 }
settle()
expect(sheet.detent == 'p2', "'should snap to next snap point when dragged up': index 2")
snap_to 'p1'
settle()
-- 'should snap to last snap point when dragged up': to y 200, 400 px up: 24 px/ms > 2 -> the last
drag { at = 600, dy = -400, duration = 1 / 60 }
settle()
expect(sheet.detent == 'p3', "'should snap to last snap point when dragged up': index 3")
expect_near(sheet.height, 664, 1e-9, 'snap point 1 is the whole window')
snap_to 'p1'
settle()
-- 'should snap to 0 when dragged down': to y 800, 200 px down: 12 px/ms > 2 down, dismissible -> close
drag { at = 600, dy = 200, duration = 1 / 60 }
settle()
expect(sheet.state == 'dismissed', "'should snap to 0 when dragged down': closed (index 0)")
