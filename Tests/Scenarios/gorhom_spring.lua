-- scenario: `gorhom` preset: every move is Reanimated's withSpring with ANIMATION_CONFIGS_IOS
-- (src/constants.ts: damping 500, stiffness 1000, mass 3, overshootClamping, rest 10 / 10), and a
-- release starts it at half the finger's velocity (useGestureEventsHandlersDefault.tsx `velocityY / 2`).
-- zeta = 500 / (2 sqrt(3000)) = 4.56 >= 1, so Reanimated (src/animation/spring.ts springOnFrame) runs
-- its critically damped form at w0 = sqrt(1000 / 3) = 18.2574 rad/s: x(t) = (x0 + (v0 + w0 x0) t)
-- e^(-w0 t) (derived; x the displacement from the target, v0 its rate). p1 = 211, p2 = 422.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'gorhom'
present()
settle()
-- from rest, p1 -> p2: h(0.1) = 325.948, h(0.2) = 396.528, h(0.4) = 420.82
snap_to 'p2'
wait(0.1)
expect_near(sheet.height, 325.948, 0.05, 'critically damped at w0 18.26: h(0.1 s) = 325.948')
wait(0.1)
expect_near(sheet.height, 396.528, 0.05, 'h(0.2 s) = 396.528')
wait(0.2)
expect(sheet.state == 'settling', 'still moving at 0.4 s: 1.18 pt away but 18.9 pt/s')
-- rest: within 10 pt and below 10 pt/s from 0.4417 s (the 53rd frame) -> snapped to the target
wait(0.05)
expect(sheet.state == 'resting', 'at rest by 0.45 s (restDisplacementThreshold / restSpeedThreshold 10)')
expect_near(sheet.height, 422, 1e-9, 'snapped onto p2')
snap_to 'p1'
settle()
-- a release at 261 moving up at 1000 pt/s: projected 261 + 200 = 461 -> p2; the spring starts at
-- 500 pt/s: h(0.05 s) = 308.42 (at the full 1000 pt/s it would be 318.46)
drag { dy = -50, duration = 0.25, velocity = -1000 }
wait(0.05)
expect_near(sheet.height, 308.42, 0.05, 'velocityY / 2: h(0.05 s) = 308.42, not 318.46')
settle()
expect(sheet.detent == 'p2', 'projected 461 -> p2')
snap_to 'p1'
settle()
-- overshootClamping: from 261 at 8000 pt/s up (4000 pt/s into the spring) the unclamped form crosses 422
-- at 0.152 s and would overshoot by 1.34 pt; clamped, it stops at the first frame at or past 422
drag { dy = -50, duration = 0.25, velocity = -8000 }
local highest = 0
for _ = 1, 60 do
  wait(1 / 120)
  highest = math.max(highest, sheet.height)
end
expect(highest <= 422 + 1e-9, 'overshootClamping: never above p2')
expect(sheet.state == 'resting' and sheet.height == 422, 'ended on p2 when it reached it')
