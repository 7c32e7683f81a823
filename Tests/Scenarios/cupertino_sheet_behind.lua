-- scenario: `cupertino-sheet` preset: the page behind the sheet (the view behind, `sheet.behind`).
-- Sources: flutter/flutter packages/flutter/lib/src/cupertino/sheet.dart, delegateTransition: the route's
-- value v through linearToEaseOut (forward; easeInToLinear back; linear while the user's gesture drives
-- it) gives p; the page scales by 1 - 0.0835 p (_kScaleTween, about its top centre), moves down 0.07 of
-- its height p (_kTopDownTween), is dimmed by black at 0.10 p (_kOpacityTween) and its top corners go
-- from the device's (0.9 x the top inset when above 20) to 12 (0 once the value is back at 0).
-- Reference screen 844 pt, top inset 47: device radius 42.3; open, scale 0.9165, offset 59.08, dim 0.1.
-- Flutter's Cubic values (bisection to 0.001), worked out separately: linearToEaseOut(0.5) = 0.919804,
-- easeInToLinear(0.5) = 0.080196.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'cupertino-sheet'
expect(sheet.behind == nil, 'no sheet yet')

-- The page for a progress p on a screen H tall, as delegateTransition draws it.
local H = 844
local function expect_page(p, radius_from, message)
  local b = sheet.behind
  expect_near(b.scale, 1 - 0.0835 * p, 1e-9, message .. ': scale 1 - 0.0835 p')
  expect_near(b.offset, 0.07 * H * p, 1e-9, message .. ': offset 0.07 H p')
  expect_near(b.dim, 0.10 * p, 1e-9, message .. ': dim 0.10 p')
  expect_near(b.corner_radius, radius_from + (12 - radius_from) * p, 1e-9, message .. ': radius to 12')
end

-- Pushed: v = 0.5 at 250 ms, p = linearToEaseOut(0.5).
present()
wait(30 / 120)
expect_page(0.9198041975498199, 42.3, 'push at v 0.5, p 0.919804')
expect_near(sheet.behind.scale, 0.92319635, 1e-8, 'push at v 0.5: scale 1 - 0.0835 x 0.919804 = 0.923196')
settle()
expect_page(1, 42.3, 'open')
expect(sheet.behind.scale == 1 - 0.0835 and math.abs(sheet.behind.offset - 59.08) < 1e-9,
  'open: scale 0.9165, offset 59.08')

-- Dragged, the gesture drives v linearly: 20 pt to start, then 200 pt down, v = 1 - 200 / 776.48.
touch_down { y = 844 - 776.48 + 10 }
touch_move { y = 844 - 776.48 + 30 }
touch_move { y = 844 - 776.48 + 230 }
local v = 1 - 200 / 776.48
expect_page(v, 42.3, 'dragging, p = v = 0.742427')
touch_up { velocity = 0 }
-- the settle a release starts is still the gesture's: p = v as it animates, v = h / 776.48
wait(6 / 120)
expect_page(sheet.height / 776.48, 42.3, 'settling after the release, p = v = h / 776.48')
settle()

-- Popped: v back from 1 over 500 ms, p = easeInToLinear(v); at 250 ms v = 0.5.
dismiss()
wait(30 / 120)
expect_page(0.08019580245018006, 42.3, 'pop at v 0.5, p = easeInToLinear(0.5) = 0.080196')
settle()
expect(sheet.behind.scale == 1 and sheet.behind.dim == 0 and sheet.behind.corner_radius == 0,
  'dismissed: the page as it was, its corners square again')

-- A screen whose top inset is 20: 0.9 x 20 = 18 is not above 20, so the corners start square.
screen { width = 390, height = 667, safe_top = 20, safe_bottom = 0 }
H = 667
present()
settle()
expect_near(sheet.height, 667 * 0.92, 1e-9, 'open on 667: 613.64')
expect_page(1, 0, 'open, no rounded device corners')
touch_down { y = 667 - 613.64 + 10 }
touch_move { y = 667 - 613.64 + 30 }
touch_move { y = 667 - 613.64 + 130 }
expect_page(1 - 100 / 613.64, 0, 'dragging on 667: the corners from 0 to 12')
touch_up { velocity = 0 }
settle()
