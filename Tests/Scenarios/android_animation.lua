-- scenario: `android` preset: the dialog's window animations. material-components-android
-- lib/java/com/google/android/material/bottomsheet/res/anim/mtrl_bottom_sheet_slide_in.xml (250 ms,
-- accelerate_decelerate: cos((t + 1) pi) / 2 + 0.5) and mtrl_bottom_sheet_slide_out.xml (200 ms,
-- fast_out_linear_in = cubic (0.4, 0, 1, 1), down by 20% of the parent while fading out).

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'android'
present()
wait(1 / 12)
expect_near(sheet.height, 659 * (math.cos(4 / 3 * math.pi) / 2 + 0.5), 0.01,
  'slide_in: accelerate_decelerate at t = 1/3: a quarter of 659 = 164.75')
wait(1 / 24)
expect_near(sheet.height, 329.5, 0.01, 'slide_in: accelerate_decelerate at t = 0.5: half way')
settle()
expect_near(sheet.backdrop, 0.32, 1e-12, 'the dim, m3_comp_scrim_container_opacity')
local t0 = sheet.time
dismiss()
settle()
expect_near(sheet.time - t0, 0.2, 0.004, 'slide_out: 200 ms')
expect_near(sheet.height, 659 - 0.2 * 844, 1e-6, 'slide_out: toYDelta 20%p, 168.8 px down')
expect(sheet.state == 'dismissed' and sheet.backdrop == 0, 'the dim goes with the window')
