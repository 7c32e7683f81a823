-- scenario: reduce motion. With the host's setting on, every transition plays the behaviour's `reduced`
-- animation, or the default cross-fade: 0.2 s (Material 3's short motion, 200 ms) with ease-in-out, in
-- which the sheet is at its target at once (the fade, not a slide, carries the change) and does not
-- move. At 120 fps a frame is 1/120 s, so the cross-fade ends on frame 24.
behaviour {
  detents = { { id = 'low', height = 200 }, { id = 'high', height = 600 } },
  reduced = { snap = { curve = 'linear', duration = 0.5 } },
}
reduce_motion(true)
present()
wait(1 / 120)
expect(sheet.height == 200 and sheet.velocity == 0, 'the cross-fade puts the sheet at low at once')
expect(sheet.state == 'presenting', 'and it is still presenting: the fade runs')
wait(11 / 120)
-- ease-in-out is symmetric: progress 0.5 at half the time, and the backdrop follows it to 0.3 * 0.5
expect_near(sheet.backdrop, 0.15, 1e-9, 'halfway through the fade (0.1 s) the backdrop is at half')
wait(11 / 120)
expect(sheet.state == 'presenting', 'after 23 frames (0.19 s) the fade still runs')
wait(1 / 120)
expect(sheet.state == 'resting' and sheet.detent == 'low', 'at 0.2 s it is done')

-- the behaviour's reduced snap: linear over 0.5 s, so at 0.25 s half of 200 -> 600: 400
snap_to 'high'
wait(30 / 120)
expect_near(sheet.height, 400, 1e-9, 'the reduced snap is linear: 200 + 400 * 0.5')
settle()

-- dismiss has no reduced entry: the default cross-fade, so the height is 0 from the first frame
dismiss()
wait(1 / 120)
expect(sheet.height == 0 and sheet.state == 'dismissing', 'the cross-fade dismisses in place')
settle()

-- with the setting off, the default spring is back
reduce_motion(false)
present()
wait(1 / 120)
expect(sheet.height > 0 and sheet.height < 200 and sheet.velocity > 0, 'a spring moves the sheet')
