-- scenario: the helpers of `require 'sheet'` (Sources/SheetScript/Presets/sheet.lua), each against a value
-- worked out by hand. fixtures/helpers_probe.lua calls them at its top level and hands the results back
-- as thresholds; tables and error messages come back as flags (1: the check held).

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'fixtures/helpers_probe.lua'
set { dismiss_velocity = 1800 }
present() -- the behaviour loads here, with the override
local r = sheet.thresholds

-- nearest: |197 - 40| = 157, |197 - 297| = 100, |197 - 797| = 600 -> the second, 297.
expect(r.nearest_index == 2 and r.nearest_value == 297, 'nearest(197, {40, 297, 797}) = 2, 297')
-- 5 is 5 from both 0 and 10: the first wins.
expect(r.nearest_tie_index == 1 and r.nearest_tie_value == 0, 'nearest tie: the first wins')
-- -5 is 1 from both -4 and -6: the first of them (index 2).
expect(r.nearest_negative_index == 2 and r.nearest_negative_value == -4, 'nearest tie, negative values')
expect(r.nearest_single_index == 1 and r.nearest_single_value == 7, 'nearest of one entry')
expect(r.nearest_empty_raises == 1, 'nearest refuses an empty list')
expect(r.nearest_nan_raises == 1, 'nearest refuses a NaN entry, naming it')

-- project: v / 1000 * r / (1 - r). 1 * 0.998 / 0.002 = 499; -0.6 * 499 = -299.4; 0.2 * 0.99 / 0.01 = 19.8.
expect_near(r.project_1000, 499, 1e-9, 'project(1000, 0.998) = 499')
expect_near(r.project_default_rate, -299.4, 1e-9, 'project(-600) with the default rate 0.998')
expect_near(r.project_rate_099, 19.8, 1e-9, 'project(200, 0.99) = 19.8')
expect(r.project_rate_raises == 1, 'project refuses a rate of 1')

-- rubber_band: (1 - 1 / (x c / d + 1)) d = x c d / (x c + d).
-- x = 100, d = 800, c = 0.55: 44000 / 855 = 51.461988...; x = 200, d = 797, c = 0.3: 47820 / 857.
expect_near(r.rubber_band_100, 44000 / 855, 1e-9, 'rubber_band(100, 800, 0.55) = 51.46')
expect_near(r.rubber_band_100, 51.46, 0.005, 'rubber_band(100, 800, 0.55) is 51.46 to two places')
expect_near(r.rubber_band_default, 44000 / 855, 1e-9, 'rubber_band default constant 0.55')
expect_near(r.rubber_band_negative, -44000 / 855, 1e-9, 'rubber_band mirrors a negative overshoot')
expect(r.rubber_band_zero == 0, 'rubber_band(0, ...) = 0')
expect_near(r.rubber_band_stiff, 47820 / 857, 1e-9, 'rubber_band(200, 797, 0.3) = 55.80')
expect(r.rubber_band_raises == 1, 'rubber_band refuses a zero dimension')

-- clamp and lerp.
expect(r.clamp_inside == 5 and r.clamp_below == 0 and r.clamp_above == 10, 'clamp to [0, 10]')
expect(r.clamp_point == 3, 'clamp to a point interval')
expect(r.clamp_order_raises == 1, 'clamp refuses lo > hi')
expect(r.clamp_type_raises == 1, 'clamp refuses a string, quoting it')
expect_near(r.lerp_quarter, 2.5, 1e-12, 'lerp(0, 10, 0.25) = 2.5')
expect_near(r.lerp_beyond, 600, 1e-12, 'lerp(300, 500, 1.5) = 600: t is not clamped')
expect(r.lerp_flat == 1, 'lerp(1, 1, t) = 1')
expect(r.lerp_raises == 1, 'lerp refuses an infinite t')
expect(r.errors_name_caller == 1, "a helper's error names the caller's file and line")

-- The constructors' tables.
expect(r.ease_in_table == 1, "ease_in(0.2) = { curve = 'ease_in', duration = 0.2 }")
expect(r.ease_out_table == 1, "ease_out(0.25) = { curve = 'ease_out', duration = 0.25 }")
expect(r.ease_in_out_table == 1, "ease_in_out(0.3) = { curve = 'ease_in_out', duration = 0.3 }")
expect(r.linear_table == 1, "linear(0.5) = { curve = 'linear', duration = 0.5 }")
expect(r.curve_raises == 1, 'a curve refuses a zero duration')
expect(r.spring_table == 1, 'spring(0.8, 0.4) = { spring = { damping_ratio = 0.8, response = 0.4 } }')
expect(r.spring_duration_table == 1,
  'spring_duration(0.3, 1) = { spring = { duration = 0.3, damping_ratio = 1 } }')
expect(r.spring_raises == 1, 'spring refuses a zero damping ratio')
expect(r.spring_duration_raises == 1, 'spring_duration refuses a negative duration')

-- The spring helpers' options and forms, and the function curve, as tables.
expect(r.spring_options_table == 1, 'spring(0.8, 0.4, options) copies the four options into the spring')
expect(r.spring_duration_options_table == 1, 'spring_duration(0.5, 0.8, { velocity_fraction = 0 })')
expect(r.option_range_raises == 1, 'an option outside its range is refused, quoting it')
expect(r.option_unknown_raises == 1, 'an unknown option is refused, naming it')
expect(r.option_clamp_raises == 1, 'clamp must be a boolean')
expect(r.options_type_raises == 1, 'options must be a table')
expect(r.spring_physics_table == 1, "spring_physics(1000, 500, 3, gorhom's options)")
expect(r.spring_physics_default_mass == 1, 'spring_physics without a mass leaves it to the host (1)')
expect(r.spring_physics_raises == 1, 'spring_physics refuses a zero mass')
expect(r.spring_bounce_table == 1, 'spring_bounce(0.5, 0.3) = { spring = { duration = 0.5, bounce = 0.3 } }')
expect(r.spring_bounce_raises == 1, 'spring_bounce refuses a bounce of 1 (undamped)')
expect(r.smooth_table == 1, "smooth() = { spring = { preset = 'smooth' } } (the host's 0.5 s)")
expect(r.snappy_table == 1, "snappy(0.3) = { spring = { preset = 'snappy', duration = 0.3 } }")
expect(r.bouncy_table == 1, "bouncy(nil, { clamp = true }) keeps the option")
expect(r.preset_raises == 1, 'a preset refuses a zero duration')
expect(r.preset_error_names_caller == 1, "a preset's error names the caller's line")
expect(r.curve_function_table == 1, 'curve(fn, 0.3) = { curve = fn, duration = 0.3 }')
expect(r.curve_function_raises == 1, 'curve refuses a non-function')
expect(r.curve_duration_raises == 1, 'curve refuses a zero duration')

-- thresholds: set {} overrides dismiss_velocity before the file runs, so a value the file derives at
-- load time follows it: 2 * 1800 = 3600.
expect(r.dismiss_velocity == 1800 and r.tuned_dismiss == 1800, 'the override reached S.thresholds')
expect(r.dismiss_twice == 3600, 'a value derived at load time follows the override')
expect(r.thresholds_same_table == 1, 'thresholds returns the table it was given')
expect(r.thresholds_adds_nothing == 1, 'thresholds overrides only the names it is given')
expect(r.thresholds_raises == 1, 'thresholds refuses a non-table')

-- S.linear(0.5) played as the present animation: linear from 0 to 300 in 0.5 s, so 150 at 0.25 s.
wait(0.25)
expect_near(sheet.height, 150, 1e-6, 'S.linear(0.5) presents linearly: 150 at 0.25 s')
settle()
expect(sheet.state == 'resting' and sheet.detent == 'only', 'presented at its detent')
expect_near(sheet.time, 0.5, 1e-9, 'in 0.5 s')

-- The quintic ease-out (t - 1)^5 + 1 played as the snap from 300 to 600 over 0.3 s: at 0.15 s
-- (t = 0.5) the height is 300 + 300 (1 - 1/32) = 590.625, at 0.075 s (t = 0.25) 300 + 300 (1 - 0.75^5)
-- = 528.80859375.
snap_to 'tall'
wait(0.075)
expect_near(sheet.height, 528.80859375, 1e-6, 'the quintic curve at a quarter of its time')
wait(0.075)
expect_near(sheet.height, 590.625, 1e-6, 'the quintic curve at half its time')
settle()
expect(sheet.detent == 'tall' and sheet.height == 600, 'the curve ends at the target')

-- gorhom's spring as the dismissal, 600 -> 0 from rest: critically damped at w = sqrt(1000 / 3)
-- (damping beyond critical counts for nothing in Reanimated), resting when within 10 pt and 10 pt/s:
-- 600 (1 + w t) e^(-w t) <= 10 and 600 w^2 t e^(-w t) <= 10 first hold at frame 61 (61 / 120 s).
local dismissed_at = sheet.time
dismiss()
settle()
expect(sheet.state == 'dismissed', 'dismissed by the spring')
expect_near(sheet.time - dismissed_at, 61 / 120, 1e-9, "gorhom's spring rests at frame 61")
