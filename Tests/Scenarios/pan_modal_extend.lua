-- scenario: pan-modal started from S.extend with its own two detent ids (and four): the rule reads
-- sheet.order, the lowest detent as the short form and the highest as the long form.
-- Every expectation is DERIVED from slackhq/PanModal PanModal/Controller/PanModalPresentationController
-- .swift: didPanOnPresentedView's .ended branch (fast when abs(vy) - 1000 (1 - 0.7) > 0, i.e. above
-- 300 pt/s; fast up -> longForm; fast down -> shortForm when nearest(to: y, [longY, H]) is longY and
-- y < shortY, else dismiss; slow -> nearest(to: y, [H, shortY, longY]), longY checked first), and
-- adjust(toYPosition:) (y never above anchoredYPosition = longY; dim 0.7 at and above shortY).
-- Screen 390 x 844: low 300 (y 544), high 700 (y 144), the bottom y 844.
local S = require 'sheet'

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour(S.extend('pan-modal', {
  present_detent = 'low',
  detents = { { id = 'low', height = 300 }, { id = 'high', height = 700 } },
}))
present()
settle()
expect(sheet.detent == 'low', 'presented at the short form, low')
expect_near(sheet.backdrop, 0.7, 1e-9, 'adjust(toYPosition:): dim 0.7 at the short form')

-- Slow (150 pt/s) 150 up: y 394; nearest of [844, 544, 144]: 450, 150, 250 -> shortForm.
drag { dy = -150, duration = 1 }
settle()
expect(sheet.detent == 'low', 'didPanOnPresentedView slow: y 394 nearest the short form 544 -> low')

-- Slow 250 up: y 294; distances 550, 250, 150 -> longForm.
drag { dy = -250, duration = 1 }
settle()
expect(sheet.detent == 'high', 'didPanOnPresentedView slow: y 294 nearest the long form 144 -> high')

-- Dragging past the long form: adjust(toYPosition:) holds y at anchoredYPosition 144 (h 700).
drag { dy = -200, duration = 0.5, release = false }
expect_near(sheet.height, 700, 1e-9, 'adjust(toYPosition:): not above the long form (anchorModalToLongForm)')
drag { dy = 0, duration = 0.1 }
settle()

-- Fast down 100 (vy 1000): y 244, nearer 144 than 844 and above the short y 544 -> shortForm.
flick { dy = 100, velocity = 1000 }
settle()
expect(sheet.detent == 'low',
  'didPanOnPresentedView fast down: y 244 nearer the long form, above short -> low')

-- Fast up from low -> longForm.
flick { dy = -40, velocity = -1000 }
settle()
expect(sheet.detent == 'high', 'didPanOnPresentedView fast up -> longForm, high')

-- Fast down 450 (vy 1000): y 594, nearer 844 than 144 -> dismiss.
flick { dy = 450, velocity = 1000 }
settle()
expect(sheet.state == 'dismissed', 'didPanOnPresentedView fast down: y 594 nearer the bottom -> dismiss')

-- Four detents: the lowest is the short form, the highest the long form; a slow release goes to the
-- nearest of [H, every detent] (the two-form list when there are two).
behaviour(S.extend('pan-modal', {
  present_detent = 'a',
  detents = {
    { id = 'a', height = 150 }, { id = 'b', height = 320 },
    { id = 'c', height = 520 }, { id = 'd', height = 760 },
  },
}))
present()
settle()
-- Slow 180 up from a: h 330 nearest b 320 (10 away).
drag { dy = -180, duration = 1 }
settle()
expect(sheet.detent == 'b', 'slow: h 330 nearest b 320')
-- Fast up -> the long form d.
flick { dy = -40, velocity = -1000 }
settle()
expect(sheet.detent == 'd', 'fast up -> longForm, d')
-- Fast down 100 from d: y 184, nearer the long y 84 than 844, above the short y 694 -> shortForm a.
flick { dy = 100, velocity = 1000 }
settle()
expect(sheet.detent == 'a', 'fast down: nearer the long form, above short -> shortForm, a')
