-- scenario: `vaul` preset with snapToSequentialPoint (src/use-snap-points.ts onRelease: the `velocity > 2`
-- branches are skipped), on the reference screen with p1 148, p2 355, p3 844.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'vaul'
set { sequential = 1 }
present()
settle()
-- 250 px up in 0.1 s (2.5 px/ms): without the fast branch it is a flick (250 < 337.6): one step
drag { dy = -250, duration = 0.1 }
settle()
expect(sheet.detent == 'p2', 'sequential: v 2.5 up from p1 -> p2, not p3')
snap_to 'p3'
settle()
-- 300 px down in 0.1 s from p3: one step down to p2, no dismissal
drag { dy = 300, duration = 0.1 }
settle()
expect(sheet.detent == 'p2', 'sequential: v 3 down from p3 -> p2, not closed')
