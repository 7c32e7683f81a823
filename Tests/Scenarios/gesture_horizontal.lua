-- scenario: a release rule that reads the horizontal velocity (gesture.velocity_x), after Android's
-- BottomSheetBehavior (material-components-android, BottomSheetBehavior.java, the drag callback's
-- onViewReleased): moving up expands; "if the Y velocity is 0 or the swipe was mostly horizontal"
-- (|xvel| > |yvel|) the sheet settles at the nearest height; otherwise, moving down, it collapses.
-- Two detents: collapsed 200, expanded 600. The screen is 390 pt wide: a touch without x is at x 195.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }

local seen = {}   -- what the last on_release read (the inline behaviour shares the scenario's state)

behaviour {
  detents = { { id = 'collapsed', height = 200 }, { id = 'expanded', height = 600 } },
  present_detent = 'expanded',
  on_release = function(sheet, gesture)
    for _, name in ipairs { 'x', 'start_x', 'translation_x', 'velocity_x', 'velocity' } do
      seen[name] = gesture[name]
    end
    local vx, vy = gesture.velocity_x, gesture.velocity
    if vy < 0 then return 'expanded', 'moving up' end
    if vy == 0 or math.abs(vx) > math.abs(vy) then
      local h, d = sheet.height, sheet.detents
      local near = math.abs(h - d.collapsed) < math.abs(h - d.expanded)
      return near and 'collapsed' or 'expanded', 'mostly horizontal: nearest'
    end
    return 'collapsed', 'moving down'
  end,
}

present()
settle()
expect(sheet.detent == 'expanded', 'presented expanded')

-- A mostly horizontal flick: 60 down at 400 pt/s but 240 right at 1600 pt/s. Released at 540, nearer
-- 600 than 200: stays expanded.
flick { dy = 60, velocity = 400, dx = 240, velocity_x = 1600 }
settle()
expect(sheet.detent == 'expanded', 'a mostly horizontal flick settles at the nearest detent')
expect(seen.velocity_x == 1600 and seen.velocity == 400, 'the explicit release velocities reach on_release')
expect(seen.start_x == 195 and seen.x == 435 and seen.translation_x == 240, 'from the centre, 240 right')

-- The same flick without the sideways part is a downward release: collapsed.
flick { dy = 60, velocity = 400 }
settle()
expect(sheet.detent == 'collapsed', 'a vertical flick down collapses')
expect(seen.velocity_x == 0 and seen.translation_x == 0, 'no sideways movement: velocity_x is exactly 0')

-- Estimated velocities: a straight drag of 30 down and 300 right in 0.25 s (30 frames at 120 Hz) gives
-- 120 and 1200 pt/s by least squares. From expanded: released at 570, nearest expanded.
snap_to 'expanded'
settle()
drag { dy = 30, dx = 300, duration = 0.25 }
settle()
expect(sheet.detent == 'expanded', 'an estimated horizontal swipe settles at the nearest detent')
expect_near(seen.velocity_x, 1200, 1e-6, 'velocity_x estimated like velocity')
expect_near(seen.velocity, 120, 1e-6, 'velocity')

-- at_x sets where the finger lands: 100 pt left from x 300 in 0.25 s is -400 pt/s, still more than 120.
drag { dy = 30, dx = -100, at_x = 300, duration = 0.25 }
settle()
expect(sheet.detent == 'expanded', 'leftwards too')
expect(seen.start_x == 300 and seen.x == 200, 'landed at x 300, lifted at x 200')
expect_near(seen.velocity_x, -400, 1e-6, 'velocity_x -400')

-- Step by step: touch_down and touch_move take x (a move without x keeps the last), touch_up a
-- velocity_x. Released at 580 with 100 pt/s down and -50 sideways: mostly vertical, collapsed.
touch_down { x = 50, y = 254 }
touch_move { x = 120, y = 264 }
touch_move { y = 274 }
touch_up { velocity = 100, velocity_x = -50 }
settle()
expect(sheet.detent == 'collapsed', 'mostly vertical: collapsed')
expect(seen.start_x == 50 and seen.x == 120 and seen.velocity_x == -50, 'x 50 -> 120; velocity_x -50')
