-- scenario: S.extend in a scenario: the `system` preset with three other detents, its thresholds merged
-- under the scenario's `set`, against decisions worked out by hand from DefaultPolicy's rule
-- (momentum projection, at most one candidate a fling, redirectional progress; TheStateMachine.md).
-- Reference screen: A = 844 - 47 = 797; peek 120, half 0.5 * 797 = 398.5, full 797 - 40 = 757.
local S = require 'sheet'

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
set { spring_response = 0.2 } -- before the extend: the preset loads with it
behaviour(S.extend('system', {
  detents = {
    { id = 'peek', height = 120 },
    { id = 'half', fraction = 0.5 },
    { id = 'full', inset = 40 },
  },
  thresholds = { redirect_progress = 0.3, spring_response = 0.35, backdrop_max = 0.5 },
}))

present()
settle()
expect(sheet.detent == 'peek', 'presented at the first detent, peek')
expect(sheet.thresholds.redirect_progress == 0.3, "the extend's redirect_progress 0.3")
expect(sheet.thresholds.spring_response == 0.2, "the scenario's set wins over the extend's 0.35")
expect(sheet.thresholds.medium_fraction == 0.5, "the preset's own thresholds stay")

-- 200 pt up over 1 s from peek: h = 320, v = 200 pt/s up, projected 320 + 0.2 * 499 = 419.8; one
-- candidate a fling from the start (peek): clamped to half 398.5 -> half.
drag { dy = -200, duration = 1 }
settle()
expect(sheet.detent == 'half', 'a slow drag up from peek -> half')
-- backdrop_max 0.5 is read once at load (system's `backdrop_max = thresholds.backdrop_max`): the
-- extend's value reached the preset's S.thresholds. Above the lowest detent the backdrop is full.
expect_near(sheet.backdrop, 0.5, 1e-12, "backdrop at half: the extend's backdrop_max")

-- 20 pt down at 200 pt/s from half: h = 378.5, projected 378.5 - 0.2 * 499 = 278.7, between peek 120
-- and half 398.5; moving down, progress (398.5 - 278.7) / 278.5 = 0.43 > 0.3 -> peek (the native 0.5
-- would have kept half).
flick { dy = 20, velocity = 200 }
settle()
expect(sheet.detent == 'peek', 'progress 0.43 > redirect_progress 0.3 -> peek')
