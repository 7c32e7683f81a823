-- scenario: `flutter-draggable` preset: DraggableScrollableSheet(snap: true)'s drag and snapping.
-- Sources: flutter/flutter packages/flutter/lib/src/widgets/draggable_scrollable_sheet.dart
-- (_impliedSnapSizes, applyUserOffset, addPixelDelta, goBallistic, _isAtSnapSize, _SnappingSimulation:
-- _getSnapSize, minimumSpeed 1600, x(t) = position + velocity t), scroll_physics.dart (toleranceFor:
-- 1 / (0.05 dpr) px/s and 1 / dpr px, dpr 3; kMinFlingVelocity 50) and gestures/constants.dart
-- (kTouchSlop 18: the drag starts past it, DragStartBehavior.start dropping the travel before it).
-- The parent is the 844 pt screen: initial 0.5 (422), snap sizes min 0.25 (211) and max 1.0 (844).

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'flutter-draggable'
present()
settle()
expect(sheet.detent == 'initial' and sheet.height == 422, 'initialChildSize 0.5 of 844 = 422, shown at once')

-- The slop: 20 pt down starts the drag (> 18) and moves nothing; 30 more take the sheet to 392.
touch_down { y = 432 }
touch_move { y = 452 }
expect(sheet.height == 422, 'kTouchSlop 18: the first 20 pt start the drag and are dropped')
touch_move { y = 482 }
expect_near(sheet.height, 392, 1e-9, 'addPixelDelta: 30 pt down, 422 - 30 = 392')

-- Released still: the nearer of 211 and 844 (181 < 452): min, at the minimum speed 1600 px/s, linear:
-- 0.05 s later at 392 - 80 = 312, there after (392 - 211) / 1600 = 0.113 s.
touch_up { velocity = 0 }
wait(6 / 120)
expect_near(sheet.height, 392 - 1600 * 0.05, 1e-9, '_SnappingSimulation: 392 - 1600 * 0.05 = 312')
settle()
expect(sheet.detent == 'min' and sheet.height == 211, '_getSnapSize: v 0, nearer min (211)')

-- A fling up at 1000 px/s from 211 + 30: the next size up, max, at max(1600, 1000) = 1600 px/s; at
-- 2400 px/s from the same place, at 2400 px/s.
for _, v in ipairs({ 1000, 2400 }) do
  snap_to 'min'
  settle()
  touch_down { y = 844 - 211 + 10 }
  touch_move { y = 844 - 211 + 10 - 20 }
  touch_move { y = 844 - 211 + 10 - 50 }
  touch_up { velocity = -v }
  wait(6 / 120)
  local speed = math.max(1600, v)
  expect_near(sheet.height, 241 + speed * 0.05, 1e-9,
    ('fling up at %d px/s: linear at %d px/s, 241 + %d * 0.05'):format(v, speed, speed))
  settle()
  expect(sheet.detent == 'max', ('v %d: the size above, max'):format(v))
end

-- At max a fling up does not snap (goBallistic: velocity > 0 and extent.isAtMax).
touch_down { y = 10 }
touch_move { y = 10 - 30 }
touch_up { velocity = -3000 }
settle()
expect(sheet.state == 'resting' and sheet.height == 844, 'at the max size a fling up keeps it there')

-- kMinFlingVelocity: from 844 - 300 = 544 (300 from max, 333 from min) a release down at 50 px/s is no
-- fling (v 0: the nearer, max); at 51 px/s it is: the size below, min.
for _, case in ipairs({ { 50, 'max' }, { 51, 'min' } }) do
  snap_to 'max'
  settle()
  touch_down { y = 10 }
  touch_move { y = 10 + 20 }
  touch_move { y = 10 + 20 + 300 }
  expect_near(sheet.height, 544, 1e-9, 'dragged to 844 - 300 = 544')
  touch_up { velocity = case[1] }
  settle()
  expect(sheet.detent == case[2], ('released down at %d px/s: %s'):format(case[1], case[2]))
end

-- _isAtSnapSize: released still within 1 / 3 px of a snap size, the sheet stays where it is; 0.5 px off,
-- it snaps.
snap_to 'min'
settle()
touch_down { y = 844 - 211 + 10 }
touch_move { y = 844 - 211 + 10 - 20 }
touch_move { y = 844 - 211 + 10 - 20 - 0.25 }
touch_up { velocity = 0 }
settle()
expect(sheet.height == 211.25 and sheet.detent == nil, 'within 1/3 px of min: no snap, stays at 211.25')
touch_down { y = 844 - 211 + 10 }
touch_move { y = 844 - 211 + 10 - 20 }
touch_move { y = 844 - 211 + 10 - 20 - 0.25 }
touch_up { velocity = 0 }
settle()
expect(sheet.height == 211 and sheet.detent == 'min', '0.5 px above min: snaps back to 211')
