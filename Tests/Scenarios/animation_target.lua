-- scenario: the `animations` callback sees the transition's target: `sheet.target` (a detent id or
-- 'dismiss') and `sheet.target_height` (pt), so a duration can depend on the distance (Android's
-- ViewDragHelper settles in a time that grows with it). Expected values: the detents' declared heights
-- and 0 for a dismissal.
local S = require 'sheet'
local seen = {}
behaviour {
  detents = { { id = 'low', height = 200 }, { id = 'high', height = 600 } },
  animations = function(sheet, transition)
    seen[#seen + 1] = { transition = transition, target = sheet.target, height = sheet.target_height,
      from = sheet.height }
    -- 1 ms per 4 pt travelled
    return S.linear(math.max(math.abs(sheet.target_height - sheet.height) / 4000, 0.001))
  end,
}
present()
settle()
expect(seen[1].transition == 'present' and seen[1].target == 'low', 'present: target low')
expect_near(seen[1].height, 200, 1e-9, 'present: target_height 200')
expect_near(sheet.time, 0.05, 1e-9, 'present over 200 pt took 200 / 4000 = 0.05 s')
snap_to 'high'
settle()
expect(seen[2].transition == 'snap' and seen[2].target == 'high', 'snap: target high')
expect_near(seen[2].height, 600, 1e-9, 'snap: target_height 600')
expect_near(sheet.time, 0.15, 1e-9, 'snap over 400 pt took 0.1 s more')
dismiss()
settle()
expect(seen[3].transition == 'dismiss' and seen[3].target == 'dismiss', 'dismiss: target dismiss')
expect_near(seen[3].height, 0, 1e-9, 'dismiss: target_height 0')
