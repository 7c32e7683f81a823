-- scenario: touches with their own timestamps (`time`), as a host (or `sheet preview`'s recording) feeds
-- them: each sample goes in at its time on the sheet's clock, between frames, and steps no frame; the
-- release velocity is the least-squares slope through those samples and times. The bottom-sheet-vc
-- preset dismisses above 1500 pt/s down, else snaps to the nearest of [40, 297, 797] (ThePresets.md).
behaviour 'bottom-sheet-vc'

present()
settle()
local t0 = sheet.time

-- 1. Six samples 10 ms apart, 20 pt each, off the 120 Hz frame grid: exactly 2000 pt/s down.
touch_down { y = 354, time = t0 + 0.0013 }
for k = 1, 6 do
  touch_move { y = 354 + 20 * k, time = t0 + 0.0013 + 0.01 * k }
end
expect(sheet.time == t0, 'timed touches step no frame')
expect_near(sheet.height, 500 - 120, 1e-9, 'the sheet follows the finger: 500 - 120')
touch_up { time = t0 + 0.0613 }
expect(sheet.target == 'dismiss', '2000 pt/s down > 1500: dismiss')
settle()
expect(sheet.state == 'dismissed', 'dismissed')

-- 2. The same travel at half the speed (20 ms apart): 1000 pt/s < 1500, so the nearest rule:
--    c = 297 + 120 = 417, nearest of [40, 297, 797] is 297 -> normal.
present()
settle()
t0 = sheet.time
touch_down { y = 354, time = t0 + 0.0047 }
for k = 1, 6 do
  touch_move { y = 354 + 20 * k, time = t0 + 0.0047 + 0.02 * k }
end
wait(3 / 120)
expect_near(sheet.time, t0 + 3 / 120, 1e-12, 'wait steps the frames between samples')
touch_up { time = t0 + 0.1247 }
expect(sheet.target == 'normal', '1000 pt/s: nearest -> normal')
settle()
expect(sheet.state == 'resting' and sheet.detent == 'normal', 'back at normal')
