-- scenario: the back action and the accessibility actions. Detents low 200, mid 400, high 600 (in
-- points, declared ascending). With `back = 'collapse'` back goes one detent down and dismisses from the
-- lowest (Android's persistent sheet); the default actions are Material 3's drag handle's, one detent at
-- a time: expand (to the next detent up), collapse (to the next one down) and dismiss.
behaviour {
  detents = { { id = 'low', height = 200 }, { id = 'mid', height = 400 }, { id = 'high', height = 600 } },
  back = 'collapse',
}
present()
settle()
expect(sheet.detent == 'low', 'presents at the first detent')

accessibility_action 'collapse'
expect(sheet.state == 'resting' and sheet.detent == 'low', 'no detent below low: collapse is not offered')
accessibility_action 'expand'
expect(sheet.target == 'mid', 'expand: low -> mid')
settle()
accessibility_action 'expand'
settle()
expect(sheet.detent == 'high' and sheet.height == 600, 'expand: mid -> high')
accessibility_action 'expand'
expect(sheet.state == 'resting', 'no detent above high: expand is not offered')
accessibility_action 'collapse'
settle()
expect(sheet.detent == 'mid' and sheet.height == 400, 'collapse: high -> mid')

back()
expect(sheet.target == 'low', 'back collapses: mid -> low')
settle()
back()
expect(sheet.state == 'dismissing', 'back from the lowest detent dismisses')
settle()
expect(sheet.state == 'dismissed' and sheet.height == 0, 'gone')
back()
expect(sheet.state == 'dismissed', 'back with no sheet on screen is ignored')

-- a sheet that may not be dismissed: back from the lowest detent and the dismiss action are attempts
local causes = {}
behaviour {
  detents = { { id = 'low', height = 200 }, { id = 'high', height = 600 } },
  allow_dismiss = false,
  on_dismiss_attempt = function(_, cause) causes[#causes + 1] = cause end,
  accessibility = function(_, actions)
    actions.dismiss = 'dismiss' -- offered all the same: the core refuses the dismissal
    return actions
  end,
}
present()
settle()
back()
expect(sheet.state == 'resting' and sheet.dismiss_attempts == 1 and causes[1] == 'back', 'back is an attempt')
accessibility_action 'dismiss'
expect(sheet.state == 'resting' and causes[2] == 'accessibility', 'so is the dismiss action')

-- on_back decides: false lets the back go on to the app, a detent id goes there
behaviour {
  detents = { { id = 'low', height = 200 }, { id = 'high', height = 600 } },
  on_back = function(sheet) if sheet.detent == 'high' then return 'low' end return false end,
}
present()
settle()
back()
expect(sheet.state == 'resting' and sheet.detent == 'low', 'on_back false: nothing')
snap_to 'high'
settle()
back()
settle()
expect(sheet.detent == 'low', 'on_back: high -> low')
