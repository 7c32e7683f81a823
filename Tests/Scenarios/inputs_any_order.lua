-- scenario: every input in every state: odd orders never end a scenario. What a
-- state cannot take is recorded in the trace as `ignored input=... state=...` and changes nothing;
-- `dismiss()` during a drag is `queued` and applies when the finger lifts. DefaultPolicy
-- on the reference phone:
--   A = 844 - 47 = 797; medium = 0.5 * 797 = 398.5; large = 797 - 10 = 787.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }

-- The finger's default landing point: 10 pt inside the sheet's top edge.
local function grab_y() return 844 - sheet.height + 10 end

-- Nothing on screen: a drag, a lift, a move, a cancel, a tap, a snap and a dismiss all fall through.
drag { dy = -200 }
touch_up {}
touch_move { y = 300 }
touch_cancel {}
tap_backdrop()
dismiss()
expect(sheet.state == 'hidden' and sheet.height == 0, 'inputs on a hidden sheet fall through')

-- present() twice: the second is ignored while presenting, a third while resting.
present()
present()
settle()
present()
expect(sheet.state == 'resting' and sheet.detent == 'medium', 'present twice: presented once, at medium')

-- dismiss() twice, and tap_backdrop while dismissing: the dismissal just goes on.
dismiss()
wait(0.05)
dismiss()
tap_backdrop()
expect(sheet.state == 'dismissing', 'dismiss twice and a backdrop tap: still dismissing')
settle()
expect(sheet.state == 'dismissed' and sheet.height == 0, 'dismissed once')

-- A drag on a dismissed sheet, a snap, a tap and a dismiss: nothing to take them.
drag { dy = -300 }
flick { dy = -100, velocity = -3000 }
snap_to 'large'
tap { y = 600 }
dismiss()
expect(sheet.state == 'dismissed' and sheet.height == 0 and sheet.backdrop == 0,
  'a dismissed sheet stays dismissed')

present()
settle()
expect(sheet.state == 'resting' and sheet.detent == 'medium', 'presented again after a dismissal')

-- snap_to during a drag is ignored: the finger owns the sheet and the release decides.
touch_down {}
touch_move { y = grab_y() - 40 }
snap_to 'large'
expect(sheet.state == 'dragging', 'snap_to during a drag: still dragging')
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'medium', 'the slow release went back to medium; the snap did not apply')

-- touch_down twice: the second finger is ignored and the first keeps the sheet.
local y = grab_y()
touch_down {}
touch_down { y = 100 }
touch_move { y = y + 20 }
expect(sheet.state == 'dragging', 'touch_down twice: dragging')
expect_near(sheet.height, 398.5 - 20, 1e-9, 'the first finger moved the sheet 20 pt down')
touch_up { velocity = 0 }
touch_up {}
settle()
expect(sheet.state == 'resting' and sheet.detent == 'medium', 'back at medium after one lift')

-- touch_cancel: without moving the sheet rests again at once; mid-drag it is released at zero velocity.
touch_down {}
touch_cancel {}
expect(sheet.state == 'resting' and sheet.detent == 'medium', 'a cancel before any move: resting')
touch_down {}
touch_move { y = grab_y() - 100 }
touch_cancel()
expect(sheet.state == 'settling', 'a cancel mid-drag releases the sheet')
touch_move { y = 200 }
touch_up {}
settle()
expect(sheet.state == 'resting' and sheet.detent == 'medium', '100 pt up at zero velocity: back to medium')

-- dismiss() during a drag is queued: the sheet follows the finger, then dismisses when it lifts (a fling
-- up that would have expanded it).
touch_down {}
touch_move { y = grab_y() - 100 }
dismiss()
expect(sheet.state == 'dragging', 'dismiss during a drag waits for the finger')
touch_move { y = grab_y() - 50 }
expect_near(sheet.height, 398.5 + 150, 1e-9, 'the finger still moves the sheet')
touch_up { velocity = -2000 }
expect(sheet.state == 'dismissing', 'the queued dismiss applies at the lift')
settle()
expect(sheet.state == 'dismissed' and sheet.height == 0, 'dismissed')
