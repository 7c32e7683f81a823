-- scenario: floating-panel: Tests/CoreTests.swift's test_targetState_*_bottomEdge (top panels), 61 checks.
-- The *_bottomEdge tests use FloatingPanelTop2BottomTestLayout (Tests/TestSupports.swift): position .top,
-- full 0 above the bottom, half 250 and tip 60 below the top, on the 375 x 667 view without safe area;
-- set here with position_top 1, full_inset 0, half_inset 250, tip_inset 60. A top panel's coordinate is
-- its bottom edge's y, the height itself. Rows at anchor +- 500 and the row at fullPos + 10 (height 677)
-- lie off this screen: floating_panel_target_state_far.lua checks them.

screen { width = 375, height = 667, safe_top = 0, safe_bottom = 0, fps = 120 }
behaviour 'floating-panel'
set { position_top = 1, full_inset = 0, half_inset = 250, tip_inset = 60 }
local anchors = { full = 667, half = 250, tip = 60, hidden = 0 }
local top_edge = true

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

local from_full = {
  { 'tip', -10, 3000, 'half' },
  { 'tip', 0, -100, 'tip' },
  { 'tip', 0, 0, 'tip' },
  { 'tip', 0, 500, 'half' },
  { 'tip', 0, 1000, 'half' },
  { 'tip', 0, 3000, 'half' },
  { 'tip', 10, 100, 'tip' },
  { 'half', -10, -100, 'half' },
  { 'half', 0, -1000, 'tip' },
  { 'half', 0, -100, 'half' },
  { 'half', 0, 0, 'half' },
  { 'half', 0, 100, 'half' },
  { 'half', 0, 1000, 'full' },
  { 'half', 10, 100, 'half' },
  { 'full', -10, -100, 'full' },
  { 'full', 0, -3000, 'half' },
  { 'full', 0, -1000, 'half' },
  { 'full', 0, -500, 'half' },
  { 'full', 0, -100, 'full' },
  { 'full', 0, 0, 'full' },
  { 'full', 0, 100, 'full' },
}
local from_half = {
  { 'tip', 0, -100, 'tip' },
  { 'tip', 0, 0, 'tip' },
  { 'tip', 0, 500, 'half' },
  { 'tip', 0, 1000, 'half' },
  { 'tip', 0, 3000, 'half' },
  { 'tip', 10, 100, 'tip' },
  { 'half', -10, -100, 'half' },
  { 'half', 0, -1000, 'tip' },
  { 'half', 0, -100, 'half' },
  { 'half', 0, 0, 'half' },
  { 'half', 0, 100, 'half' },
  { 'half', 0, 1000, 'full' },
  { 'half', 10, 100, 'half' },
  { 'full', -10, -100, 'full' },
  { 'full', 0, -3000, 'half' },
  { 'full', 0, -1000, 'half' },
  { 'full', 0, -500, 'half' },
  { 'full', 0, -100, 'full' },
  { 'full', 0, 0, 'full' },
  { 'full', 0, 100, 'full' },
}
local from_tip = {
  { 'tip', 0, -100, 'tip' },
  { 'tip', 0, 0, 'tip' },
  { 'tip', 0, 500, 'half' },
  { 'tip', 0, 1000, 'half' },
  { 'tip', 0, 3000, 'half' },
  { 'tip', 10, 100, 'tip' },
  { 'half', -10, -100, 'half' },
  { 'half', 0, -3000, 'tip' },
  { 'half', 0, -100, 'half' },
  { 'half', 0, 0, 'half' },
  { 'half', 0, 100, 'half' },
  { 'half', 0, 1000, 'full' },
  { 'half', 10, 100, 'half' },
  { 'full', -10, -100, 'full' },
  { 'full', 0, -3000, 'half' },
  { 'full', 0, -1000, 'half' },
  { 'full', 0, -500, 'half' },
  { 'full', 0, -100, 'full' },
  { 'full', 0, 0, 'full' },
  { 'full', 0, 100, 'full' },
}

present()
settle()
expect(sheet.detent == 'half', 'a top panel presents at half (initialState)')
rows('test_targetState_3positionsFromFull_bottomEdge', 'full', from_full)
rows('test_targetState_3positionsFromHalf_bottomEdge', 'half', from_half)
rows('test_targetState_3positionsFromTip_bottomEdge', 'tip', from_tip)
