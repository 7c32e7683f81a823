-- scenario: a sheet that may not be dismissed (`allow_dismiss = false`) tells `on_dismiss_attempt` when a
-- release below its lowest detent or a backdrop tap that does nothing tries to dismiss it (UIKit's
-- presentationControllerDidAttemptToDismiss under isModalInPresentation). Below the lowest detent the
-- drag meets the default rubber band: h = low - (1 - 1 / (x * c / A + 1)) * A with the over-drag x,
-- c = 0.55 and A = 844 - 47 = 797 (the reference screen's available height).
local seen = {}
behaviour {
  detents = { { id = 'low', height = 200 }, { id = 'high', height = 600 } },
  allow_dismiss = false,
  tap_to_dismiss = false,
  on_dismiss_attempt = function(sheet, cause)
    seen[#seen + 1] = { cause = cause, height = sheet.height, state = sheet.state }
  end,
}
present()
settle()
expect(sheet.dismiss_attempts == 0, 'no attempt yet')

-- x = 100: 100 * 0.55 / 797 = 0.0690088; 1 / 1.0690088 = 0.9354460; (1 - 0.9354460) * 797 = 51.4495
drag { dy = 100, release = false }
expect_near(sheet.height, 148.5505, 1e-3, 'rubber band below the lowest detent: 200 - 51.4495')
touch_up { velocity = 0 }
expect(sheet.dismiss_attempts == 1 and #seen == 1, 'the release below low is an attempt')
expect(seen[1].cause == 'release' and seen[1].state == 'dragging', 'told at the release, cause release')
expect_near(seen[1].height, 148.5505, 1e-3, 'the callback sees the released height')
settle()
expect(sheet.state == 'resting' and sheet.detent == 'low', 'the sheet stays: back to low')

-- a release above the lowest detent is no attempt
drag { dy = -50 }
settle()
expect(sheet.dismiss_attempts == 1, 'a drag up is no attempt')

tap_backdrop()
expect(sheet.dismiss_attempts == 2 and seen[2].cause == 'tap', 'a backdrop tap that does nothing is one')
expect(sheet.state ~= 'dismissing' and sheet.state ~= 'dismissed', 'the tap does not dismiss')

-- x = 300: 300 * 0.55 / 797 = 0.2070263; 1 / 1.2070263 = 0.8284827; (1 - 0.8284827) * 797 = 136.70
flick { dy = 300, velocity = 3000 }
expect(sheet.dismiss_attempts == 3 and seen[3].cause == 'release', 'a fast flick down is an attempt too')
expect_near(seen[3].height, 63.30, 1e-2, 'released at 200 - 136.70')
settle()
expect(sheet.state == 'resting' and sheet.detent == 'low', 'and the sheet stays')
