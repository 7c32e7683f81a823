-- scenario: `gorhom` preset with enablePanDownToClose: handleOnEnd puts the closed position (h 0) first
-- in the candidates (src/hooks/useGestureEventsHandlersDefault.tsx `snapPoints.unshift(
-- animatedClosedPosition.value)`) and handleOnChange's lowest point is the container's bottom.
-- p1 = 211, p2 = 422 (reference screen).

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'gorhom'
set { pan_down_to_close = 1 }
present()
settle()
-- a flick down by 100 at 800 pt/s: raw 111, projected 111 - 160 = -49: nearest of [0, 211, 422] is 0
drag { dy = 100, duration = 0.25, velocity = 800, release = false }
expect_near(sheet.height, 111, 1e-6, 'with pan-down-to-close the drag below p1 is not resisted')
touch_up { velocity = 800 }
settle()
expect(sheet.state == 'dismissed', 'pan-down-to-close: -49 is nearest the closed position')
-- released still at 100: 100 from 0, 111 from 211 -> close
present()
settle()
drag { dy = 111, duration = 0.5, velocity = 0 }
settle()
expect(sheet.state == 'dismissed', 'released still at 100: 0 is nearer than 211')
-- released still at 106: 106 from 0 and 105 from 211 -> p1
present()
settle()
drag { dy = 105, duration = 0.5, velocity = 0 }
settle()
expect(sheet.detent == 'p1', 'released still at 106: p1 (105 away) beats closed (106 away)')
-- the closed position is first: released still at 105.5, equally far from 0 and 211 -> close
drag { dy = 105.5, duration = 0.5, velocity = 0 }
settle()
expect(sheet.state == 'dismissed', 'snapPoint.ts: of equals the first (closed) wins')
