-- scenario: on_tap answering a detent id: tapping the collapsed sheet opens it (transition 'snap'),
-- tapping the open sheet's top band collapses it, a backdrop tap dismisses. tap { x, y } gives the
-- tap's x (default: the screen's centre, 195 on this 390 pt screen), which on_tap reads as tap.x.
-- Detents: peek 120, open 600; the sheet's top edge is at 844 - height.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }

local taps = {}   -- each tap's x as on_tap read it

behaviour {
  detents = { { id = 'peek', height = 120 }, { id = 'open', height = 600 } },
  present_detent = 'peek',
  on_tap = function(sheet, tap)
    taps[#taps + 1] = tap.x
    if tap.region == 'backdrop' then return 'dismiss' end
    if sheet.detent == 'peek' then return 'open' end
    -- the open sheet collapses from a tap in its top 44 pt, on the left half of the screen
    if tap.y < 844 - sheet.height + 44 and tap.x < 195 then return 'peek' end
    return nil
  end,
}

present()
settle()
expect(sheet.detent == 'peek', 'presented at peek')

tap { y = 800 }   -- on the peeking sheet (its top edge is at 724)
expect(sheet.state == 'settling' and sheet.target == 'open', 'the tap starts a snap to open')
settle()
expect(sheet.detent == 'open' and sheet.height == 600, 'the tap opened the sheet')
expect(taps[1] == 195, 'a tap without x is at the centre')

tap { x = 300, y = 260 }   -- in the top band, right half: nothing
settle()
expect(sheet.detent == 'open', 'a tap on the right half does nothing')

tap { x = 40, y = 260 }    -- in the top band, left half: back to peek
settle()
expect(sheet.detent == 'peek' and sheet.height == 120, 'a tap in the top band collapsed the sheet')
expect(taps[2] == 300 and taps[3] == 40, 'on_tap read the taps x')

tap_backdrop()
settle()
expect(sheet.state == 'dismissed', 'a backdrop tap still dismisses')
