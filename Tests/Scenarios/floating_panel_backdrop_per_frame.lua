-- scenario: floating-panel: the backdrop re-evaluated at every animation frame (backdrop_follows_height).
-- Source: scenee/FloatingPanel Sources/Core.swift, the attraction animator's update: every frame sets the
-- backdrop alpha from getBackdropAlpha(at:with:) at the frame's position. The core's blend by progress
-- would give other values: a snap from half (alpha 0) to full (0.3) would be at 0.3 * progress.
screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'floating-panel'
present()
settle()

-- Core.swift: during an attraction every frame's alpha is getBackdropAlpha at the frame's position. A
-- snap from tip (103, alpha 0) to full (779, alpha 0.3) passes half (415.5, alpha 0): below half each
-- frame's alpha is 0, above it 0.3 * (h - 415.5) / (779 - 415.5), computed here from the frame's height.
-- A blend by progress would give 0.3 * (h - 103) / 676 instead (0.139 at half), so the frames below half
-- tell the two apart.
snap_to 'tip'
settle()
expect_near(sheet.backdrop, 0, 1e-9, 'Layout.swift backdropAlpha: 0 at tip')
snap_to 'full'
local below, above = 0, 0
for _ = 1, 60 do
  wait(1 / 120)
  local h = sheet.height
  local expected = 0.0
  if h >= 779 then
    expected = 0.3
  elseif h > 415.5 then
    expected = 0.3 * (h - 415.5) / (779 - 415.5)
  end
  if h < 415.5 then
    below = below + 1
  elseif h < 779 then
    above = above + 1
  end
  expect_near(sheet.backdrop, expected, 1e-9,
    ('Core.swift: the attraction frame at %.2f has getBackdropAlpha at its height'):format(h))
end
expect(below >= 3 and above >= 3, ('frames both below (%d) and above (%d) half'):format(below, above))
settle()
expect(sheet.detent == 'full', 'the snap ends at full')
