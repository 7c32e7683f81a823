-- scenario: `sheet.index`, the fractional detent index (gorhom's animatedIndex): the height interpolated
-- linearly over the points (0, -1), (low 200, 0), (mid 400, 1), (high 600, 2), clamped to [-1, 2]. A
-- behaviour's callbacks read the same `sheet.index`.
local rested = {}
behaviour {
  detents = { { id = 'low', height = 200 }, { id = 'mid', height = 400 }, { id = 'high', height = 600 } },
  on_state = function(sheet, _, to)
    if to == 'resting' then rested[#rested + 1] = sheet.index end
  end,
}
expect(sheet.index == -1, 'before the sheet is shown: height 0, index -1')
present()
wait(0.05)
local h = sheet.height
expect(h > 0 and h < 200, 'presenting: between 0 and low')
expect_near(sheet.index, -1 + h / 200, 1e-12, 'below low: -1 + h / 200')
settle()
expect(sheet.index == 0 and rested[1] == 0, 'at low: 0, in sheet and in on_state')
snap_to 'high'
settle()
expect(sheet.index == 2 and rested[2] == 2, 'at high: 2')

-- 100 pt down from high: 500 is halfway between mid (400) and high (600): 1 + (500 - 400) / 200 = 1.5
drag { dy = 100, release = false }
expect_near(sheet.height, 500, 1e-9, 'the drag follows the finger')
expect_near(sheet.index, 1.5, 1e-12, 'halfway between mid and high')
expect_near(sheet.index % 1, 0.5, 1e-12, 'the progress toward high: 0.5')
-- 450 pt down in all: 150, below low: -1 + 150 / 200 = -0.25
touch_move { y = 844 - 600 + 10 + 450 }
expect_near(sheet.height, 150, 1e-9, 'the finger at 150')
expect_near(sheet.index, -0.25, 1e-12, 'below low: -1 + 150 / 200')
-- 100 pt up from the start: above high the index stays 2 (clamped)
touch_move { y = 844 - 600 + 10 - 100 }
expect(sheet.height > 600 and sheet.index == 2, 'above the largest detent: clamped at 2')
touch_up { velocity = 0 }
settle()
expect(sheet.index == 2, 'back at high')
