-- scenario: side sheets: `edge 'trailing'` (the screen's right edge) and `edge 'leading'` (its left
-- edge) attach the `system` rules to a side of the screen; the sheet's height is its width from that
-- edge, and the finger moves it along x. DERIVED from DefaultPolicy with the screen's width as the
-- extent (no safe-area insets along x): landscape 844 x 390, detents peek 120 and half 0.5 * 844 = 422;
-- the rubber band past half, b(x) = (1 - 1 / (x * 0.55 / 844 + 1)) * 844, b(100) = 51.635.
local S = require 'sheet'

screen { width = 844, height = 390, safe_top = 0, safe_bottom = 21, fps = 120 }
behaviour(S.extend('system', {
  detents = { { id = 'peek', height = 120 }, { id = 'half', fraction = 0.5 } },
}))
edge 'trailing'

present()
settle()
expect(sheet.edge == 'trailing', 'attached to the right edge')
expect(sheet.detent == 'peek' and sheet.height == 120, 'at peek, 120 pt wide')

-- from 10 pt inside the leading edge (x = 844 - 120 + 10 = 734) 100 pt left: 220 wide, point for point
drag { dx = -100, duration = 0.5, release = false }
expect_near(sheet.height, 220, 1e-9, 'dragged left 100: 120 + 100')
-- to x = 332: 402 pt of travel, 100 past half: 422 + b(100)
touch_move { x = 332, y = 195 }
expect_near(sheet.height, 473.635, 0.001, 'over-drag 100 past half shows as 51.635 (rubber band 0.55)')
touch_up { velocity = 0, velocity_x = 0 }
settle()
expect(sheet.detent == 'half' and sheet.height == 422, 'let go still past half: back to half')

-- a fling right (closed) at 3000 pt/s from half: released at 422 - 150 = 272, projected
-- 272 - 3 * 499 = -1225, at most one detent a fling: peek; the same fling from peek dismisses
flick { dx = 150, velocity_x = 3000 }
settle()
expect(sheet.detent == 'peek', 'a fling toward the edge from half: one detent, peek')
flick { dx = 60, velocity_x = 3000 }
settle()
expect(sheet.state == 'dismissed', 'the same fling from peek dismisses')

-- rotation: at half, the portrait screen's width 390 is the new extent: half = 195
present()
settle()
snap_to 'half'
settle()
resize { width = 390, height = 844, safe_top = 47, safe_bottom = 34 }
settle()
expect(sheet.detent == 'half' and sheet.height == 195, 'rotated: half of the width 390')
-- the keyboard rises across a side sheet's axis: it takes no room along x
keyboard { height = 336 }
settle()
expect(sheet.height == 195, 'the keyboard leaves a side sheet where it is')
keyboard { height = 0 }
settle()

-- the left edge: the same rules mirrored; a drag right opens it (from x = 195 - 10 = 185, 50 right),
-- past half, now the largest detent: 195 + b(50) with the width 390, (1 - 1 / (50 * 0.55 / 390 + 1))
-- * 390 = 25.689; a drag left by 40 closes it point for point
edge 'leading'
settle()
expect(sheet.edge == 'leading' and sheet.height == 195, 'moved to the left edge at half')
drag { dx = 50, duration = 0.5, release = false }
expect_near(sheet.height, 220.689, 0.001, 'dragged right 50 past half: rubber band 25.689')
touch_move { x = 145, y = 422 }
expect_near(sheet.height, 155, 1e-9, 'dragged back to 40 left of the start: 195 - 40')
touch_up { velocity = 0, velocity_x = 0 }
settle()
expect(sheet.detent == 'peek', 'let go still at 155: nearer peek (35 pt) than half (40 pt)')
-- a tap on the backdrop (1 pt inside the right edge) dismisses
tap_backdrop()
settle()
expect(sheet.state == 'dismissed', 'a tap on the backdrop dismisses')
