-- scenario: `gorhom` preset: redash's third snapPoint case and the release measured from the raw drag,
-- not the over-dragged height (handleOnEnd: `snapPoint(translationY + initialPosition, velocityY, ...)`).
-- redash src/__tests__/Physics.test.ts: snapPoint(-432, -272, [0, -125, -393]) == -393. With C = 100 the
-- points are heights 100 (p1), 225 (p2), 493 (p3); value -432 is a release at 532, above p3.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'gorhom'
set { snap_1 = 100, snap_2 = 225, snap_3 = 493 }
present()
settle()
expect(sheet.detent == 'p1', 'presented at p1 = 100')
-- raw 100 + 432 = 532: the sheet shows 493 + sqrt(1 + 39) * 2.5 = 508.81 (over-drag)
drag { dy = -432, duration = 0.25, velocity = -272, release = false }
expect_near(sheet.height, 493 + math.sqrt(40) * 2.5, 1e-6, 'handleOnChange over-drag: 508.81 shown')
touch_up { velocity = -272 }
settle()
expect(sheet.detent == 'p3', 'Physics.test.ts: snapPoint(-432, -272, [0, -125, -393]) is -393 (p3)')
-- from p3 down by 120 at 600 pt/s: raw 373, projected 373 - 120 = 253 -> p2 (28 away; p3 240)
drag { dy = 120, duration = 0.25, velocity = 600 }
settle()
expect(sheet.detent == 'p2', 'raw 373 - 0.2 * 600 = 253 -> p2 (derived from snapPoint)')
