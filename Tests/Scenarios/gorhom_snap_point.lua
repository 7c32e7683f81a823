-- scenario: `gorhom` preset: the release rule, react-native-redash's snapPoint (value + 0.2 * velocity,
-- the nearest point, the first of equals) over [closed (pan-down-to-close), p1, p2, ...] as
-- useGestureEventsHandlersDefault.tsx handleOnEnd builds it. The library works in positions
-- (pos = C - h, y down), so a redash test `snapPoint(value, velocity, points)` is the release at height
-- C - value with the finger's velocity `velocity` (both grow downward) and snap points C - points.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'gorhom'

-- redash src/__tests__/Physics.test.ts: snapPoint(5, -2, [0, 10]) == 0 and snapPoint(5, 2, [0, 10]) == 10.
-- With C = 410: points 0 and 10 are heights 410 (p2) and 400 (p1); value 5 is a release at 405.
set { snap_1 = 400, snap_2 = 410 }
present()
settle()
expect(sheet.detent == 'p1' and sheet.height == 400, 'presented at p1 = 400 (index 0)')
drag { dy = -5, duration = 0.25, velocity = -2 }
settle()
expect(sheet.detent == 'p2', 'Physics.test.ts: snapPoint(5, -2, [0, 10]) is 0 (p2, h 410)')
snap_to 'p1'
settle()
drag { dy = -5, duration = 0.25, velocity = 2 }
settle()
expect(sheet.detent == 'p1', 'Physics.test.ts: snapPoint(5, 2, [0, 10]) is 10 (p1, h 400)')
-- snapPoint.ts: `points.filter(p => Math.abs(point - p) === minDelta)[0]`: of equals the first given
drag { dy = -5, duration = 0.25, velocity = 0 }
settle()
expect(sheet.detent == 'p1', 'snapPoint.ts: 405 is 5 from both; the first point (p1) wins')
