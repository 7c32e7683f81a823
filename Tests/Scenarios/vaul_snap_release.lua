-- scenario: `vaul` preset: use-snap-points.ts onRelease's branches in order, on the test app's snap points
-- (test/src/app/with-snap-points/page.tsx ['148px', '355px', 1]) on the reference screen: p1 148,
-- p2 355, p3 844. vaul's velocity is the whole drag's distance over its time (src/index.tsx onRelease),
-- px/ms: the scenario's drags give it exactly (dy / duration).

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'vaul'
present()
settle()
expect(sheet.detent == 'p1', 'activeSnapPoint defaults to snapPoints[0]')
-- slow (0.1 px/ms <= 0.4): the nearest to the dragged position. 148 + 100 = 248: 100 from p1, 107 from p2
drag { dy = -100, duration = 1 }
settle()
expect(sheet.detent == 'p1', 'v 0.1: nearest of 148 / 355 / 844 to 248 is p1')
-- 148 + 110 = 258: 97 from p2 -> p2
drag { dy = -110, duration = 1.1 }
settle()
expect(sheet.detent == 'p2', 'v 0.1: nearest to 258 is p2')
-- equally far: 355 - 103.5 = 251.5 is 103.5 from both p1 and p2: reduce keeps the first (p1)
drag { dy = 103.5, duration = 1.035 }
settle()
expect(sheet.detent == 'p1', 'v 0.1: a tie goes to the first snap point (reduce keeps prev)')
-- a flick (0.5 px/ms, 50 < 0.4 * 844) moves one snap point in its direction, however short
drag { dy = -50, duration = 0.1 }
settle()
expect(sheet.detent == 'p2', 'v 0.5 up from p1, 50 px: one step to p2')
-- a flick of 0.4 * 844 = 337.6 px or more is not a flick: 340 px up at 0.5 px/ms from p2 -> nearest
-- to 695 is p3 (149 away)
drag { dy = -340, duration = 0.68 }
settle()
expect(sheet.detent == 'p3', '340 >= 337.6: nearest to 695 -> p3')
-- up at the last: stays at p3 (onDrag does not move past the last snap point)
drag { dy = -50, duration = 0.1, release = false }
expect_near(sheet.height, 844, 1e-9, 'onDrag: no movement past the last snap point')
touch_up {}
settle()
expect(sheet.detent == 'p3', 'translate 0 at the last snap point: the release does nothing')
-- a fast fling down (v > 2) from p3 dismisses, skipping p2 and p1
drag { dy = 300, duration = 0.1 }
settle()
expect(sheet.state == 'dismissed', 'v 3 > 2 down: closeDrawer')
present()
settle()
-- a fast fling up (v > 2) from p1 goes to the last snap point
drag { dy = -250, duration = 0.1 }
settle()
expect(sheet.detent == 'p3', 'v 2.5 > 2 up: the last snap point')
snap_to 'p1'
settle()
-- a flick down from the first snap point dismisses (isFirst && dragDirection < 0 && dismissible)
drag { dy = 50, duration = 0.1 }
settle()
expect(sheet.state == 'dismissed', 'v 0.5 down from p1: closeDrawer')
