-- scenario: floating-panel: default layout, getBackdropAlpha and updateBackdropAlpha tests, removal, springs.
-- Sources (scenee/FloatingPanel): Sources/Layout.swift FloatingPanelBottomLayout (anchors 18 / 0.5 / 69 on
-- the safe area, initialState half, alpha full 0.3); Tests/CoreTests.swift test_getBackdropAlpha_* and
-- test_updateBackdropAlpha; Sources/Core.swift panningEnd / shouldRemove (removal: v / distance to the
-- hidden position, 100 pt past the edge, >= 5.5 per s) and NumericSpringAnimator (damping 1 at or
-- below 300 pt/s, ln(0.991) / (-2 pi 0.001 / 0.4) = 0.5756 above).
-- Not reproducible: the getBackdropAlpha rows at fullPos - 100 (height 747 > 667) and at the hidden
-- position of a layout without a .hidden anchor (height -100): SheetCore's heights stay in [0, H].

-- Holds the finger at `h` (from `from`'s height `h0`) and checks the backdrop there, then lifts it.
local function alpha_at(h0, h, expected, message)
  drag { dy = h0 - h, duration = 0.1, release = false }
  expect_near(sheet.backdrop, expected, 1e-9, message)
  touch_up { velocity = 0 }
  settle()
end

-- FloatingPanelBottomLayout on the reference screen 390 x 844, safe area 47 / 34.
screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'floating-panel'
present()
settle()
expect(sheet.detent == 'half', 'Layout.swift FloatingPanelBottomLayout.initialState: half')
expect_near(sheet.height, 34 + 0.5 * (844 - 47 - 34), 1e-9,
  'Layout.swift: half = fractionalInset 0.5 of the safe area')
expect_near(sheet.backdrop, 0, 1e-9, 'Layout.swift backdropAlpha: 0 at half')
snap_to 'full'
settle()
expect_near(sheet.height, 844 - 47 - 18, 1e-9,
  'Layout.swift: full = absoluteInset 18 below the safe-area top')
expect_near(sheet.backdrop, 0.3, 1e-9, 'Layout.swift backdropAlpha: 0.3 at full')
snap_to 'tip'
settle()
expect_near(sheet.height, 34 + 69, 1e-9, 'Layout.swift: tip = absoluteInset 69 above the safe-area bottom')

-- Removal (Core.swift shouldRemove), on for this part: from half (415.5), 415.5 + 100 pt from the hidden
-- position; 2900 / 515.5 = 5.63 >= 5.5 removes, 2800 / 515.5 = 5.43 does not (targetState: tip).
set { removal = 1 }
snap_to 'half'
settle()
flick { dy = 0, velocity = 2900 }
settle()
expect(sheet.state == 'dismissed', 'Core.swift shouldRemove: 2900 / 515.5 = 5.63 per s >= 5.5 removes')
present()
settle()
flick { dy = 0, velocity = 2800 }
settle()
expect(sheet.state == 'resting' and sheet.detent == 'tip',
  'Core.swift shouldRemove: 2800 / 515.5 = 5.43 < 5.5 keeps it; targetState gives tip')
set { removal = 0 }

-- NumericSpringAnimator: a release from tip at -1000 pt/s (above 300) attracts to half with damping
-- 0.5756 and overshoots it; one at -250 pt/s (critically damped) does not.
local function peak_after(velocity)
  snap_to 'tip'
  settle()
  flick { dy = 0, velocity = velocity }
  local peak = sheet.height
  while sheet.state ~= 'resting' do
    wait(1 / 120)
    peak = math.max(peak, sheet.height)
  end
  return peak
end
expect(peak_after(-1000) > 415.5 + 1,
  'Core.swift NumericSpringAnimator: abs(v) 1000 > 300, damping 0.5756 overshoots')
expect(peak_after(-250) <= 415.5 + 1e-6,
  'Core.swift NumericSpringAnimator: abs(v) 250 <= 300, damping 1, no overshoot')

-- test_getBackdropAlpha_3positions: the default layout on showForTest's 375 x 667 view (no safe area):
-- full 649, half 333.5, tip 69; distance1 = 315.5, distance2 = 264.5.
screen { width = 375, height = 667, safe_top = 0, safe_bottom = 0 }
snap_to 'full'
settle()
alpha_at(649, 649, 0.3, 'CoreTests.swift test_getBackdropAlpha_3positions: at fullPos 0.3')
alpha_at(649, 649 - 315.5 * 0.5, 0.15, 'test_getBackdropAlpha_3positions: fullPos + distance1 / 2: 0.3 * 0.5')
alpha_at(649, 333.5, 0, 'test_getBackdropAlpha_3positions: at halfPos 0 (from full)')
snap_to 'half'
settle()
alpha_at(333.5, 333.5, 0, 'test_getBackdropAlpha_3positions: at halfPos 0 (from half)')
alpha_at(333.5, 649 - 315.5 * 0.5, 0.15, 'test_getBackdropAlpha_3positions: back up halfway: 0.3 * 0.5')
alpha_at(333.5, 649, 0.3, 'test_getBackdropAlpha_3positions: up to fullPos: 0.3')
snap_to 'tip'
settle()
alpha_at(69, 69, 0, 'test_getBackdropAlpha_3positions: at tipPos 0')
alpha_at(69, 333.5 - 264.5 * 0.5, 0, 'test_getBackdropAlpha_3positions: halfway tip-half: 0')
alpha_at(69, 333.5, 0, 'test_getBackdropAlpha_3positions: up to halfPos: 0')

-- test_updateBackdropAlpha: BackdropTestLayout's alphas full 0.3, half 0, tip 0.3, after each move.
set { alpha_tip = 0.3 }
for _, step in ipairs({ { 'full', 0.3 }, { 'half', 0 }, { 'tip', 0.3 } }) do
  snap_to(step[1])
  settle()
  expect_near(sheet.backdrop, step[2], 1e-6, ('CoreTests.swift test_updateBackdropAlpha: %s -> %g'):format(
    step[1], step[2]))
end
set { alpha_tip = 0 }

-- test_getBackdropAlpha_2positions: full 20 below the top (647), half 250 (distance1 397).
set { full_inset = 20, half_inset = 250, tip_inset = 0 }
snap_to 'full'
settle()
alpha_at(647, 647, 0.3, 'CoreTests.swift test_getBackdropAlpha_2positions: at fullPos 0.3')
alpha_at(647, 647 - 397 * 0.5, 0.15, 'test_getBackdropAlpha_2positions: fullPos + distance1 / 2: 0.15')
alpha_at(647, 250, 0, 'test_getBackdropAlpha_2positions: at halfPos 0')
snap_to 'half'
settle()
alpha_at(250, 250, 0, 'test_getBackdropAlpha_2positions: at halfPos 0 (from half)')
alpha_at(250, 647 - 397 * 0.5, 0.15, 'test_getBackdropAlpha_2positions: halfway up: 0.15')
alpha_at(250, 647, 0.3, 'test_getBackdropAlpha_2positions: up to fullPos: 0.3')

-- test_getBackdropAlpha_1positions (and ..._1positionsWithInitialHidden): .full only (647); below it
-- the alpha falls toward the hidden position (height -100).
set { half_inset = 0, half_fraction = 0 }
snap_to 'full'
settle()
alpha_at(647, 647, 0.3, 'CoreTests.swift test_getBackdropAlpha_1positions: at fullPos 0.3')
drag { dy = 100, duration = 0.1, release = false }
expect(sheet.backdrop < 0.3, 'test_getBackdropAlpha_1positions: at fullPos + 100 less than 0.3')
touch_up { velocity = 0 }
settle()
alpha_at(647, 647, 0.3, 'test_getBackdropAlpha_1positionsWithInitialHidden: at fullPos 0.3')

-- test_getBackdropAlpha_2positionsWithHidden: .full (647) and .hidden (0).
set { hidden_anchor = 1 }
snap_to 'full'
settle()
alpha_at(647, 647, 0.3, 'CoreTests.swift test_getBackdropAlpha_2positionsWithHidden: at fullPos 0.3')
drag { dy = 647, duration = 0.1, release = false }
expect_near(sheet.backdrop, 0, 1e-9, 'test_getBackdropAlpha_2positionsWithHidden: at hiddenPos 0')
touch_up { velocity = 0 }
settle()
