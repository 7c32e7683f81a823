-- scenario: an on_tap answer that is not an active detent is a script error (reported at on_tap's line)
-- and the native tap rule decides instead: tap_to_dismiss = 'backdrop' dismisses a backdrop tap and
-- leaves a tap on the sheet alone.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
expect_script_error 'on_tap'

behaviour {
  detents = { { id = 'low', height = 300 }, { id = 'high', height = 600 } },
  tap_to_dismiss = 'backdrop',
  on_tap = function() return 'hgih' end,
}

present()
settle()
tap { y = 700 }   -- on the sheet: the native rule does nothing
settle()
expect(sheet.state == 'resting' and sheet.detent == 'low', 'an unknown id falls back: the sheet stays')
tap_backdrop()    -- on the backdrop: the native rule dismisses
settle()
expect(sheet.state == 'dismissed', 'the native rule dismissed the backdrop tap')
