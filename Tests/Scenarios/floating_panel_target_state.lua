-- scenario: floating-panel: Tests/CoreTests.swift's test_targetState_* rows (bottom panels), 152 checks.
-- scenee/FloatingPanel Tests/CoreTests.swift asserts Core.targetState(from:with:) for a surface placed at
-- an anchor's y plus an offset and a release velocity (assertTargetState). The tests' geometry: a 375 x 667
-- view without safe area (TestSupports.swift showForTest) and FloatingPanelTestLayout's anchors, 20 below
-- the top (full), 250 and 60 above the bottom (half, tip): set here with full_inset 20, half_inset 250 and
-- tip_inset 60. A layout without tip (or half) sets that inset to 0, so the detent's height is 0 and it
-- is inactive; a layout with a .hidden anchor sets hidden_anchor 1 (height 0; reaching it dismisses).
-- Rows at anchor +- 500 lie off this screen: floating_panel_target_state_far.lua checks them on a taller
-- screen with the same distances. Not reproducible: test_targetState_2positionsWithHidden's block after
-- `move(to: .hidden)` (14 rows; a hidden sheet takes no pan) and its row at hiddenPos + 10 (height -10).

screen { width = 375, height = 667, safe_top = 0, safe_bottom = 0, fps = 120 }
behaviour 'floating-panel'
local anchors = { full = 647, half = 250, tip = 60, hidden = 0 }
local top_edge = false

-- check(test, from, at, offset, v, expected): one assertTargetState row. The panel rests at `from`;
-- the surface moves to anchor `at`'s y plus `offset` (screen y, positive down) and is released at `v`
-- (pt/s, positive down); FloatingPanel's targetState must be `expected` ('hidden': a dismissal).
local function check(test, from, at, offset, v, expected)
  if sheet.state ~= 'resting' then
    present()
    settle()
  end
  snap_to(from)
  settle()
  local h = anchors[at] - offset
  local dy = anchors[from] - h
  if top_edge then
    h = anchors[at] + offset
    dy = h - anchors[from]
  end
  drag { dy = dy, duration = 0.05, velocity = v }
  settle()
  local got = sheet.detent
  if sheet.state == 'dismissed' then
    got = 'hidden'
  end
  expect(got == expected, ('Tests/CoreTests.swift %s: from %s at %sPos %+d, v %d -> %s (got %s)'):format(
    test, from, at, offset, v, expected, tostring(got)))
end

local function rows(test, from, list)
  for _, r in ipairs(list) do
    check(test, from, r[1], r[2], r[3], r[4])
  end
end

local one = {
  { 'full', -10, 1000, 'full' },
  { 'full', 0, -1000, 'full' },
  { 'full', 0, -100, 'full' },
  { 'full', 0, 0, 'full' },
  { 'full', 0, 100, 'full' },
  { 'full', 0, 1000, 'full' },
  { 'full', 10, 100, 'full' },
}
local two = {
  { 'full', -10, 1000, 'half' },
  { 'full', 0, -1000, 'full' },
  { 'full', 0, -100, 'full' },
  { 'full', 0, 0, 'full' },
  { 'full', 0, 100, 'full' },
  { 'full', 0, 1000, 'half' },
  { 'full', 10, 100, 'full' },
  { 'half', -10, -100, 'half' },
  { 'half', 0, -1000, 'full' },
  { 'half', 0, -100, 'half' },
  { 'half', 0, 0, 'half' },
  { 'half', 0, 100, 'half' },
  { 'half', 0, 1000, 'half' },
  { 'half', 10, -1000, 'full' },
}
local two_hidden = {
  { 'full', -10, 1000, 'hidden' },
  { 'full', 0, -1000, 'full' },
  { 'full', 0, -100, 'full' },
  { 'full', 0, 0, 'full' },
  { 'full', 0, 100, 'full' },
  { 'full', 0, 1000, 'hidden' },
  { 'full', 10, 100, 'full' },
  { 'hidden', -10, -100, 'hidden' },
  { 'hidden', 0, -1000, 'full' },
  { 'hidden', 0, -100, 'hidden' },
  { 'hidden', 0, 0, 'hidden' },
  { 'hidden', 0, 100, 'hidden' },
  { 'hidden', 0, 1000, 'hidden' },
}
local from_full = {
  { 'full', -10, 3000, 'half' },
  { 'full', 0, -100, 'full' },
  { 'full', 0, 0, 'full' },
  { 'full', 0, 500, 'half' },
  { 'full', 0, 1000, 'half' },
  { 'full', 0, 3000, 'half' },
  { 'full', 10, 100, 'full' },
  { 'half', -10, -100, 'half' },
  { 'half', 0, -1000, 'full' },
  { 'half', 0, -100, 'half' },
  { 'half', 0, 0, 'half' },
  { 'half', 0, 100, 'half' },
  { 'half', 0, 1000, 'tip' },
  { 'half', 10, 100, 'half' },
  { 'tip', -10, -100, 'tip' },
  { 'tip', 0, -3000, 'half' },
  { 'tip', 0, -1000, 'half' },
  { 'tip', 0, -500, 'half' },
  { 'tip', 0, -100, 'tip' },
  { 'tip', 0, 0, 'tip' },
  { 'tip', 0, 100, 'tip' },
  { 'tip', 10, -3000, 'half' },
}
local from_half = {
  { 'full', 0, -100, 'full' },
  { 'full', 0, 0, 'full' },
  { 'full', 0, 500, 'half' },
  { 'full', 0, 1000, 'half' },
  { 'full', 0, 3000, 'half' },
  { 'full', 10, 100, 'full' },
  { 'half', -10, -100, 'half' },
  { 'half', 0, -1000, 'full' },
  { 'half', 0, -100, 'half' },
  { 'half', 0, 0, 'half' },
  { 'half', 0, 100, 'half' },
  { 'half', 0, 1000, 'tip' },
  { 'half', 10, 100, 'half' },
  { 'tip', -10, -100, 'tip' },
  { 'tip', 0, -3000, 'half' },
  { 'tip', 0, -1000, 'half' },
  { 'tip', 0, -500, 'half' },
  { 'tip', 0, -100, 'tip' },
  { 'tip', 0, 0, 'tip' },
  { 'tip', 0, 100, 'tip' },
}
local from_tip = {
  { 'full', 0, -100, 'full' },
  { 'full', 0, 0, 'full' },
  { 'full', 0, 500, 'half' },
  { 'full', 0, 1000, 'half' },
  { 'full', 0, 3000, 'half' },
  { 'full', 10, 100, 'full' },
  { 'half', -10, -100, 'half' },
  { 'half', 0, -3000, 'full' },
  { 'half', 0, -100, 'half' },
  { 'half', 0, 0, 'half' },
  { 'half', 0, 100, 'half' },
  { 'half', 0, 1000, 'tip' },
  { 'half', 10, 100, 'half' },
  { 'tip', -10, -100, 'tip' },
  { 'tip', 0, -3000, 'half' },
  { 'tip', 0, -1000, 'half' },
  { 'tip', 0, -500, 'half' },
  { 'tip', 0, -100, 'tip' },
  { 'tip', 0, 0, 'tip' },
  { 'tip', 0, 100, 'tip' },
}
local all_projection = {
  { 'full', -10, 3000, 'tip' },
  { 'full', 0, 1000, 'tip' },
  { 'full', 0, 3000, 'tip' },
  { 'half', 0, 1000, 'tip' },
  { 'half', 0, -1000, 'full' },
  { 'tip', 0, -3000, 'full' },
  { 'tip', 0, -1000, 'full' },
  { 'tip', 10, -3000, 'full' },
}
local all_projection_tip = {
  { 'full', 0, 1000, 'tip' },
  { 'full', 0, 3000, 'tip' },
  { 'tip', 0, -3000, 'full' },
  { 'tip', 0, -1000, 'full' },
}
local hidden_from_full = {
  { 'full', 0, 1000, 'half' },
}
local hidden_from_half = {
  { 'half', 0, -100, 'half' },
  { 'half', 0, -1000, 'full' },
  { 'half', 0, 0, 'half' },
  { 'half', 0, 1000, 'hidden' },
}
local without_full_from_half = {
  { 'half', 0, -100, 'half' },
  { 'half', 0, 0, 'half' },
  { 'half', 0, 385, 'tip' },
  { 'half', 0, 1000, 'hidden' },
  { 'half', 10, 100, 'half' },
  { 'tip', -10, -100, 'tip' },
  { 'tip', 0, -3000, 'half' },
  { 'tip', 0, -10, 'tip' },
  { 'tip', 0, 0, 'tip' },
  { 'tip', 0, 10, 'tip' },
  { 'tip', 0, 1000, 'hidden' },
  { 'tip', 10, 10, 'tip' },
  { 'tip', -10, 10, 'tip' },
}
local without_full_from_tip = {
  { 'tip', 0, -100, 'tip' },
  { 'tip', 0, -1000, 'half' },
  { 'tip', 0, 0, 'tip' },
  { 'tip', 0, 1000, 'hidden' },
}

-- test_targetState_1positions: FloatingPanelLayout1Positions, .full only (absoluteInset 20, top).
set { full_inset = 20, half_inset = 0, half_fraction = 0, tip_inset = 0 }
present()
settle()
expect(sheet.detent == 'full', 'one anchor: the panel shows at full (half is inactive)')
rows('test_targetState_1positions', 'full', one)

-- test_targetState_2positions: .full (20, top) and .half (250, bottom); from full, then from half.
set { full_inset = 20, half_inset = 250, tip_inset = 0 }
rows('test_targetState_2positions', 'full', two)
rows('test_targetState_2positions', 'half', two)

-- test_targetState_2positionsWithHidden: .full (20, top) and .hidden (0, bottom); from full.
set { full_inset = 20, half_inset = 0, half_fraction = 0, tip_inset = 0, hidden_anchor = 1 }
rows('test_targetState_2positionsWithHidden', 'full', two_hidden)

-- test_targetState_3positionsFrom{Full,Half,Tip}: FloatingPanelTestLayout (20 / 250 / 60).
set { full_inset = 20, half_inset = 250, tip_inset = 60, hidden_anchor = 0 }
rows('test_targetState_3positionsFromFull', 'full', from_full)
rows('test_targetState_3positionsFromHalf', 'half', from_half)
rows('test_targetState_3positionsFromTip', 'tip', from_tip)

-- test_targetState_3positionsAllProjection: FloatingPanelProjectableBehavior (shouldProjectMomentum true).
-- Its middle block is headed "From .half" but moves to .tip first, as here.
set { project_momentum = 1 }
rows('test_targetState_3positionsAllProjection', 'full', all_projection)
rows('test_targetState_3positionsAllProjection', 'tip', all_projection_tip)
rows('test_targetState_3positionsAllProjection', 'tip', all_projection)

-- test_targetState_3positionsWithHidden: .full (20), .half (250) and .hidden (0); default behaviour.
set { project_momentum = 0, tip_inset = 0, hidden_anchor = 1 }
rows('test_targetState_3positionsWithHidden', 'full', hidden_from_full)
rows('test_targetState_3positionsWithHidden', 'half', hidden_from_half)

-- test_targetState_3positionsWithHiddenWithoutFull: .half (250), .tip (60), .hidden (0), projectable;
-- full_inset 667 puts full at height 0 (inactive).
set { project_momentum = 1, full_inset = 667, tip_inset = 60, hidden_anchor = 1 }
rows('test_targetState_3positionsWithHiddenWithoutFull', 'half', without_full_from_half)
rows('test_targetState_3positionsWithHiddenWithoutFull', 'tip', without_full_from_tip)
