-- scenario: `gorhom` preset: handleOnChange's over-drag (src/hooks/useGestureEventsHandlersDefault.tsx):
-- past the highest snap point h = top + sqrt(1 + (raw - top)) * R, below the lowest h = low - sqrt(1 +
-- (low - raw)) * R, R = overDragResistanceFactor 2.5 (DEFAULT_OVER_DRAG_RESISTANCE_FACTOR); without
-- enableOverDrag the position is clamped between them. p1 = 211, p2 = 422 (reference screen).

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'gorhom'
present()
settle()
-- up 300 from p1: raw 511, 89 past p2 -> 422 + sqrt(90) * 2.5 = 445.717
drag { dy = -300, duration = 0.25, release = false }
expect_near(sheet.height, 422 + math.sqrt(90) * 2.5, 1e-6, 'over-drag above p2: 445.717')
-- exactly at p2 (raw 422): no resistance
touch_move { y = 432 } -- the drag began at y 643 (10 pt into the sheet): translation -211
expect_near(sheet.height, 422, 1e-6, 'raw 422 = top: not past it, no resistance')
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'p2', 'released still at raw 422 -> p2')
snap_to 'p1'
settle()
-- down 100 from p1 (pan-down-to-close off: the lowest point is p1): 211 - sqrt(101) * 2.5 = 185.875
drag { dy = 100, duration = 0.25, release = false }
expect_near(sheet.height, 211 - math.sqrt(101) * 2.5, 1e-6, 'over-drag below p1: 185.875')
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'p1', 'raw 111 -> nearest of [211, 422] is p1')
