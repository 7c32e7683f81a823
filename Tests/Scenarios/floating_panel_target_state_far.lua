-- scenario: floating-panel: Tests/CoreTests.swift's test_targetState_3positions* rows off-screen, 37 checks.
-- Rows with the surface 500 pt past the outer anchors ("far from topMostState / bottomMostState") and the
-- top panel's row at fullPos + 10 put the panel beyond the 375 x 667 view, where SheetCore's heights
-- (0 .. screen height) cannot go. targetState depends only on the anchors' distances and the offsets, so
-- these rows run on a 375 x 1667 screen with every anchor 500 pt further from the edge: tip 560, half
-- 750, full 1147 (full_inset 520), the tests' 60 / 250 / 647 shifted by 500.

screen { width = 375, height = 1667, safe_top = 0, safe_bottom = 0, fps = 120 }
behaviour 'floating-panel'
set { full_inset = 520, half_inset = 750, tip_inset = 560 }
local anchors = { full = 1147, half = 750, tip = 560, hidden = 0 }
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

local far = {
  { 'full', -500, -100, 'full' },
  { 'full', -500, 0, 'full' },
  { 'full', -500, 100, 'full' },
  { 'tip', 500, -100, 'tip' },
  { 'tip', 500, 0, 'tip' },
  { 'tip', 500, 100, 'tip' },
}
local far_top = {
  { 'tip', -500, -100, 'tip' },
  { 'tip', -500, 0, 'tip' },
  { 'tip', -500, 100, 'tip' },
  { 'full', 500, -100, 'full' },
  { 'full', 500, 0, 'full' },
  { 'full', 500, 100, 'full' },
}

present()
settle()
rows('test_targetState_3positionsFromFull', 'full', far)
rows('test_targetState_3positionsFromHalf', 'half', far)
rows('test_targetState_3positionsFromTip', 'tip', far)

-- The *_bottomEdge tests: a top panel (FloatingPanelTop2BottomTestLayout), full 520 above the bottom.
set { position_top = 1 }
top_edge = true
rows('test_targetState_3positionsFromFull_bottomEdge', 'full', far_top)
rows('test_targetState_3positionsFromFull_bottomEdge', 'full', { { 'full', 10, -3000, 'half' } })
rows('test_targetState_3positionsFromHalf_bottomEdge', 'half', far_top)
rows('test_targetState_3positionsFromTip_bottomEdge', 'tip', far_top)
