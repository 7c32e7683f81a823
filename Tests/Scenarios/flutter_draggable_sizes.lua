-- scenario: `flutter-draggable` preset: snapSizes between min and max, the nearest rule's tie, and
-- snapAnimationDuration.
-- Sources: flutter/flutter packages/flutter/lib/src/widgets/draggable_scrollable_sheet.dart
-- (_impliedSnapSizes: min, the snap sizes, max; _SnappingSimulation: _getSnapSize's
-- `position - previousSize < nextSize - position` keeps the upper size on a tie; with a
-- snapAnimationDuration the velocity is (target - position) * 1000 / ms). On the 844 pt screen the snap
-- sizes [0.625] give 211, 527.5 and 844.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
set { snap_1 = 0.625 }
behaviour 'flutter-draggable'
present()
settle()

-- A fling up at 500 px/s from 432: the next size up is snap_1 (527.5), at the minimum 1600 px/s.
touch_down { y = 432 }
touch_move { y = 412 }
touch_move { y = 402 }
expect_near(sheet.height, 432, 1e-9, 'past the slop, 10 pt up: 432')
touch_up { velocity = -500 }
wait(3 / 120)
expect_near(sheet.height, 432 + 1600 * 0.025, 1e-9, 'toward 527.5 at 1600 px/s: 472 after 0.025 s')
settle()
expect(sheet.detent == 'snap_1' and sheet.height == 527.5, 'snapSizes [0.625]: 0.625 * 844 = 527.5')

-- The tie: halfway between 211 and 527.5 is 369.25; released still there, the upper size.
touch_down { y = 844 - 527.5 + 10 }
touch_move { y = 844 - 527.5 + 10 + 20 }
touch_move { y = 844 - 527.5 + 10 + 20 + 158.25 }
expect_near(sheet.height, 369.25, 1e-9, 'dragged to 527.5 - 158.25 = 369.25')
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'snap_1', '158.25 < 158.25 is false: the upper size, snap_1')

-- snapAnimationDuration 300 ms: from 369.25 down to min over 0.3 s whatever the distance.
set { snap_duration = 300 }
touch_down { y = 844 - 527.5 + 10 }
touch_move { y = 844 - 527.5 + 10 + 20 }
touch_move { y = 844 - 527.5 + 10 + 20 + 158.25 }
touch_up { velocity = 400 }
wait(18 / 120)
expect_near(sheet.height, 369.25 - (369.25 - 211) * 0.5, 1e-9, 'half of 300 ms: halfway to 211 = 290.125')
settle()
expect(sheet.detent == 'min', 'a fling down at 400 px/s: the size below, min')
