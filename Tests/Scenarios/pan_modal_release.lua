-- scenario: pan-modal: the release rule, drag mapping and backdrop of PanModalPresentationController.
-- slackhq/PanModal has no test of its release; every expectation is DERIVED from
-- PanModal/Controller/PanModalPresentationController.swift (didPanOnPresentedView, respond(to:),
-- adjust(toYPosition:), nearest(to:inValues:), isVelocityWithinSensitivityRange).
-- Geometry: iPhone 8 (375 x 667, status bar 20), shortFormHeight .contentHeight(300): topOffset 41,
-- long y 41 (h 626), short y 367 (h 300); the bottom y 667. Fast means abs(vy) - 1000 (1 - 0.7) > 0.

screen { width = 375, height = 667, safe_top = 20, safe_bottom = 0, fps = 120 }
behaviour 'pan-modal'
set { short_form_height = 300 }
present()
settle()
expect(sheet.detent == 'short', 'PanModalPresentationAnimator: presents at the short form')
expect_near(sheet.height, 300, 1e-9, 'shortFormYPos 367: h 300')
expect_near(sheet.backdrop, 0.7, 1e-9, 'adjust(toYPosition:): 0.7 at the short form')

-- backdrop below the short form: 0.7 * (1 - 100 / 667) with the finger down.
drag { dy = 100, duration = 0.25, release = false }
expect_near(sheet.backdrop, 0.7 * (1 - 100 / 667), 1e-9,
  'adjust(toYPosition:): 0.7 (1 - 100 / 667) below short')
touch_up { velocity = 0 }
settle()

-- A slow release (vy 300 is not fast: 300 - 300 = 0) at y 517: 150 from the bottom and 150 from short;
-- nearest(to:) keeps the first of [667, 367, 41]: dismiss.
drag { dy = 150, duration = 0.5, velocity = 300 }
settle()
expect(sheet.state == 'dismissed',
  'nearest(to:): a tie between the bottom and short keeps the bottom: dismiss')
present()
settle()
-- at y 516 (h 151) the short form is nearer
drag { dy = 149, duration = 0.5, velocity = 0 }
settle()
expect(sheet.state == 'resting' and sheet.detent == 'short', 'slow release at h 151: nearest short')
-- a slow release at y 204 (h 463), 163 from short and from long: short (listed first). One event of 163
-- pt, so that y lands on 204 exactly (respond(to:) adds each event's travel to y: many small events
-- would add their rounding).
drag { dy = -163, duration = 1 / 120, velocity = 0 }
settle()
expect(sheet.detent == 'short', 'nearest(to:): a tie between short and long keeps short')
-- a slow release at h 464: long
drag { dy = -164, duration = 0.5, velocity = 0 }
settle()
expect(sheet.detent == 'long', 'slow release at h 464: nearest long')

-- fast up (vy -301) from the short form, even just above it: long
snap_to 'short'
settle()
flick { dy = -1, velocity = -301 }
settle()
expect(sheet.detent == 'long', 'fast up (vy -301 beyond 300) -> long')
-- fast down at y 167 (h 500): nearer long (41) than the bottom and above short -> short
drag { dy = 126, duration = 0.2, velocity = 301 }
-- PanModalAnimator.animate: UIView's spring (duration 0.5, damping 0.8) with initialSpringVelocity 0, so
-- the spring starts from rest, not at the release's 301 pt/s (velocity_fraction 0). The core's duration
-- spring has w0 = ln(1000) / (0.5 * 0.8); one frame later x = e^(-z w0 t) (x0 cos(wd t) +
-- z w0 x0 / wd sin(wd t)) from x0 = 500 - 300, worked out here.
expect_near(sheet.height, 500, 1e-9, 'released at y 167 (h 500)')
wait(1 / 120)
do
  local z, t, x0 = 0.8, 1 / 120, 200
  local w0 = math.log(1000) / (0.5 * z)
  local wd = w0 * math.sqrt(1 - z * z)
  local x = math.exp(-z * w0 * t) * (x0 * math.cos(wd * t) + z * w0 * x0 / wd * math.sin(wd * t))
  expect_near(sheet.height, 300 + x, 1e-6, 'initialSpringVelocity 0: the spring starts from rest')
end
settle()
expect(sheet.detent == 'short', 'fast down at y 167: nearer long than the bottom, above short -> short')
-- fast down from the short form itself (y 367, not above 367) -> dismiss
flick { dy = 0, velocity = 301 }
settle()
expect(sheet.state == 'dismissed', 'fast down at y = short y (not above it) -> dismiss')

-- the drag: from long, up 100: stays at long (anchored); from short, up 400: 326 up to long, the rest
-- above it is not allowed either (the anchor is the long form)
present()
settle()
drag { dy = -400, duration = 0.4, release = false }
expect_near(sheet.height, 626, 1e-9, 'adjust(toYPosition:): max(y, anchoredYPosition = long y 41)')
touch_up { velocity = 0 }
settle()

-- anchor_to_long 0 with longFormHeight .maxHeightWithTopInset(50) (long y 91, h 576): an event that
-- starts above the long form moves the sheet half its travel, up to topOffset (h 626). 36 events of
-- 60 / 36 pt: the first starts at the long form (full), the other 35 above it (halved).
set { anchor_to_long = 0, long_form_inset = 50 }
snap_to 'long'
settle()
drag { dy = -60, duration = 0.3, release = false }
expect_near(sheet.height, 576 + 60 / 36 + 35 * 60 / 36 / 2, 1e-9,
  'respond(to:): 576 + 60 / 36 + 35 (60 / 36) / 2 = 606.83, yDisplacement / 2 above the long form')
touch_move { y = 667 - 576 + 10 - 200 }
expect_near(sheet.height, 626, 1e-9,
  'adjust(toYPosition:): anchoredYPosition = topOffset 41 without the anchor')
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'long', 'above long, slow: nearest long')

-- allowsDragToDismiss false: a slow release near the bottom and a fast one down both go to short.
set { anchor_to_long = 1, long_form_inset = 0, allows_drag_to_dismiss = 0 }
snap_to 'short'
settle()
drag { dy = 280, duration = 0.5, velocity = 0 }
settle()
expect(sheet.state == 'resting' and sheet.detent == 'short',
  'allowsDragToDismiss false: slow, near the bottom -> short')
flick { dy = 100, velocity = 2000 }
settle()
expect(sheet.state == 'resting' and sheet.detent == 'short', 'allowsDragToDismiss false: fast down -> short')
