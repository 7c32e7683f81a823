-- scenario: `gorhom` preset: without enableOverDrag handleOnChange clamps the raw position between the
-- highest snap point and the lowest point (src/hooks/useGestureEventsHandlersDefault.tsx:
-- `clamp(accumulatedDraggedPosition, highestSnapPoint, lowestSnapPoint)`). p1 = 211, p2 = 422.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'gorhom'
set { over_drag = 0 }
present()
settle()
drag { dy = -300, duration = 0.25, release = false }
expect_near(sheet.height, 422, 1e-6, 'over_drag 0: raw 511 clamped at the highest snap point 422')
touch_move { y = 743 } -- the drag began at y 643: translation 100, raw 111
expect_near(sheet.height, 211, 1e-6, 'over_drag 0: raw 111 clamped at p1')
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'p1', 'back at p1')
