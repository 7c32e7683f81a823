-- scenario: floating-panel: the attraction moves one NumericSpringAnimator step a frame, at 60 and 120 Hz.
-- Source: scenee/FloatingPanel Sources/Core.swift, NumericSpringAnimator. Each display-link frame takes
-- one step with the frame's interval h = targetTimestamp - timestamp: f = 1 + 2 h zeta omega,
-- det = f + h^2 omega^2, x = (f x + h v + h^2 omega^2 xt) / det, then v = (v + h omega^2 (xt - x)) / det
-- with the x just computed; omega = 2 pi / 0.4 s, zeta = ln(0.991) / (-2 pi 2.5 0.001) = 0.5756 above
-- 300 pt/s, else 1. It stops when |xt - x| <= 1 / displayScale and the frame moved x at most as far
-- (displayScale 3 on the reference iPhone), and the completion puts the panel on its anchor.
-- The expected frames below are that loop, written here in the panel's y (the top edge's screen y).
screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 60 }
behaviour 'floating-panel'
present()
settle()

local H, full_y = 844, 844 - 779
local omega = 2 * math.pi / 0.4

-- The panel's y after each frame from y0 at velocity v0 (screen pt/s) toward xt, until the stop test.
local function numeric_spring(y0, v0, xt, h)
  local zeta = 1.0
  if math.abs(v0) > 300 then
    zeta = math.log(0.991) / (-2.0 * math.pi * (1 / 0.4) * 0.001)
  end
  local x, v, ys = y0, v0, {}
  repeat
    local pre = x
    local f = 1.0 + 2.0 * h * zeta * omega
    local det = f + h * h * omega * omega
    x = (f * x + h * v + h * h * omega * omega * xt) / det
    v = (v + h * omega * omega * (xt - x)) / det
    ys[#ys + 1] = x
  until math.abs(xt - x) <= 1 / 3 and math.abs(pre - x) / (1 / 3) <= 1
  return ys
end

-- A flick up from half (y 428.5) at 1500 pt/s: targetState gives full (y 65); each frame's height is
-- 844 - y of the loop, the last frame is on the anchor.
local function attraction(fps, checks)
  screen { fps = fps }
  snap_to 'half'
  settle()
  flick { dy = 0, velocity = -1500 }
  local ys = numeric_spring(H - 415.5, -1500, full_y, 1 / fps)
  local worst = 0
  for k = 1, #ys - 1 do
    wait(1 / fps)
    worst = math.max(worst, math.abs(sheet.height - (H - ys[k])))
    local check = checks[k]
    if check then
      expect_near(sheet.height, check[1], 1e-3, check[2])
    end
  end
  expect(worst < 1e-9, ('%d Hz: every one of %d frames is the step loop\'s height (worst %.1e pt)'):format(
    fps, #ys - 1, worst))
  wait(1 / fps)
  expect(sheet.state == 'resting' and sheet.height == 779, ('%d Hz: frame %d passes the stop test and '
    .. 'the completion puts the panel on full'):format(fps, #ys))
end

attraction(60, {
  [6] = { 653.161, '60 Hz, 0.1 s: 653.161 (the closed-form spring would be at 683.423, 30.3 pt higher)' },
  [12] = { 772.504, '60 Hz, 0.2 s: 772.504 (closed form 816.743)' },
})
attraction(120, {
  [12] = { 665.271, '120 Hz, 0.1 s: 665.271 (closed form 683.423; 60 Hz 653.161)' },
  [24] = { 790.782, '120 Hz, 0.2 s: 790.782 (closed form 816.743)' },
})
