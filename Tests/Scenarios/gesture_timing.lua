-- scenario: gesture.start_time, gesture.time and the whole drag's average velocity, read by a release
-- rule after vaul's (emilkowalski/vaul src/index.tsx, onRelease: velocity = |distance| / (pointer up -
-- pointer down), px/ms; close above VELOCITY_THRESHOLD 0.4 (constants.ts) or when dragged down past
-- CLOSE_THRESHOLD 0.25 of the drawer's height). No state is kept between callbacks: the view has it.
-- One detent: open 400.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }

local seen = {}

behaviour {
  detents = { { id = 'open', height = 400 } },
  on_release = function(_, gesture)
    for _, name in ipairs { 'start_time', 'time', 'velocity', 'average_velocity', 'average_velocity_x' } do
      seen[name] = gesture[name]
    end
    local speed = math.abs(gesture.average_velocity) / 1000   -- px/ms, as vaul measures it
    if gesture.translation > 0 and speed > 0.4 then return 'dismiss', 'fast' end
    if gesture.translation >= 0.25 * gesture.start_height then return 'dismiss', 'far' end
    return 'open', 'back'
  end,
}

present()
settle()

-- A flick of 60 pt at 1200 pt/s lasts 60 / 1200 = 0.05 s (6 frames): average 1200 pt/s = 1.2 px/ms.
flick { dy = 60, velocity = 1200 }
settle()
expect(sheet.state == 'dismissed', '1.2 px/ms > 0.4: closes')
expect_near(seen.time - seen.start_time, 0.05, 1e-9, 'the drag took 0.05 s')
expect_near(seen.average_velocity, 1200, 1e-6, 'average 1200 pt/s')

-- Held still 1 s, then the same quick 60 pt (and 21 pt left): the finger's velocity at the release is
-- still 1200 pt/s, but over the whole drag 60 pt took 1.05 s: 57.14 pt/s = 0.057 px/ms, and 60 < 100
-- (a quarter of 400): back to open.
present()
settle()
touch_down {}
local down = sheet.time
wait(1.0)
drag { dy = 60, dx = -21, duration = 0.05 }
settle()
expect(sheet.state == 'resting' and sheet.detent == 'open', 'a held drag is slow on average: stays')
expect_near(seen.start_time, down, 1e-9, 'start_time is when the finger went down')
expect_near(seen.time - seen.start_time, 1.05, 1e-9, 'held 1 s, moved 0.05 s')
expect_near(seen.velocity, 1200, 1e-6, 'the least-squares velocity at the release')
expect_near(seen.average_velocity, 60 / 1.05, 1e-6, 'the average: 57.14 pt/s')
expect_near(seen.average_velocity_x, -21 / 1.05, 1e-6, 'the horizontal average: -20 pt/s')

-- Slow but far: 120 pt in 1 s is 0.12 px/ms, but 120 >= 100: closes.
drag { dy = 120, duration = 1 }
settle()
expect(sheet.state == 'dismissed', 'dragged past a quarter of the height: closes')
expect_near(seen.average_velocity, 120, 1e-6, 'average 120 pt/s')
