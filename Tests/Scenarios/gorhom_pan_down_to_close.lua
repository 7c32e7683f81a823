-- scenario: `gorhom` preset: enablePanDownToClose. handleOnEnd puts the closed position first in the
-- candidates only when it is on (src/hooks/useGestureEventsHandlersDefault.tsx: `snapPoints.unshift(
-- animatedClosedPosition.value)`); handleOnChange's lowest point is the container's bottom (h 0) with it,
-- p1 without it. Default snap points on the reference screen: p1 = 0.25 * 844 = 211, p2 = 422.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'gorhom'
present()
settle()
expect_near(sheet.height, 211, 1e-9, "README '25%' of H 844 = 211")
-- off (DEFAULT_ENABLE_PAN_DOWN_TO_CLOSE false): a flick down from p1 stays: raw 111 - 0.2 * 800 = -49,
-- nearest of [211, 422] is p1
drag { dy = 100, duration = 0.25, velocity = 800 }
settle()
expect(sheet.state == 'resting' and sheet.detent == 'p1', 'pan-down-to-close off: back to p1')
