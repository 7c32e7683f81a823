-- scenario: pan-modal: the drag moves by each pan event's own travel, at 60 and 120 Hz.
-- Source: slackhq/PanModal PanModal/Controller/PanModalPresentationController.swift. respond(to:) reads
-- the recognizer's translation, halves it when the presented view's y is above longFormYPosition,
-- calls adjust(toYPosition: y + displacement), which sets y = max(yPos, anchoredYPosition), and resets
-- the translation to zero: every event moves the sheet from where it is by that event's travel. The
-- loop below is that rule over the same events (the finger's y each frame), in screen y.
screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'pan-modal'
present()
settle()

-- Every form .maxHeight: topOffset 47 + 21 = 68, short = long = anchor at y 68 (h 776).
expect_near(sheet.height, 844 - 68, 1e-9, 'long form y topOffset 68: h 776')

-- Past the anchor and back: 100 pt up holds the sheet at the anchor (adjust: max(y, 68)); the first
-- 40 pt back down move it at once, to y 108 (h 736). Travel from the start (the finger 60 pt above
-- it) would leave it at the anchor until the finger had come back 100 pt.
drag { dy = -100, duration = 0.25, release = false }
expect_near(sheet.height, 776, 1e-9, 'adjust(toYPosition:): held at anchoredYPosition 68 (h 776)')
drag { dy = 40, duration = 1 / 120, release = false }
expect_near(sheet.height, 844 - (68 + 40), 1e-9,
  'respond(to:): the event of 40 pt down moves y from 68 to 108 (h 736), no dead zone of 100 pt')
touch_up { velocity = 0 }
settle()

-- Halving by where the sheet was before each event: longFormHeight .contentHeight(500) gives long y
-- (844 - 68) - (500 + 34) + 68 = 310 (h 534), and anchor_to_long 0 anchors at topOffset 68.
set { anchor_to_long = 0, long_form_height = 500 }
snap_to 'long'
settle()
expect_near(sheet.height, 534, 1e-9, 'contentHeight(500): long y 310, h 534')

-- PanModal's y after each event of a finger moving from y0 by the travels in `moves` (pt, screen y).
local function pan_modal(y, moves)
  local ys = {}
  for k = 1, #moves do
    local displacement = moves[k]
    if y < 310 then
      displacement = displacement / 2
    end
    y = math.max(y + displacement, 68)
    ys[k] = y
  end
  return ys
end

-- A finger 100 pt up then back down, one event a frame over 0.25 s each way, checked event by event.
local function up_and_back(fps, after_up, after_back)
  screen { fps = fps }
  snap_to 'long'
  settle()
  local n = math.floor(0.25 * fps + 0.5)
  local finger, start = 844 - 534 + 10, 844 - 534 + 10
  touch_down { y = finger }
  local moves, targets = {}, {}
  for k = 1, 2 * n do
    local target = start - 100 * k / n
    if k > n then
      target = start - 100 + 100 * (k - n) / n
    end
    moves[k], targets[k] = target - finger, target
    finger = target
  end
  local ys = pan_modal(310, moves)
  local worst = 0
  for k = 1, 2 * n do
    touch_move { y = targets[k] }
    worst = math.max(worst, math.abs(sheet.height - (844 - ys[k])))
    if k == n then
      expect_near(sheet.height, after_up[1], 1e-9, after_up[2])
    end
  end
  expect(worst < 1e-9, ('%d Hz: each of %d events moves the sheet as respond(to:) does (worst %.1e)')
    :format(fps, 2 * n, worst))
  expect_near(sheet.height, after_back[1], 1e-9, after_back[2])
  touch_up { velocity = 0 }
  settle()
end

-- 120 Hz: 30 events of 10 / 3 pt up; the first starts at the long form (full), 29 above it (halved):
-- y 310 - 10 / 3 - 29 (5 / 3) = 258.33 (h 585.67). Back down, all 30 start above 310 (halved): y 308.33.
up_and_back(120,
  { 534 + 10 / 3 + 29 * 5 / 3, '120 Hz up: 534 + 10/3 + 29 (5/3) = 585.67' },
  { 844 - (310 - 10 / 3 - 29 * 5 / 3 + 30 * 5 / 3), '120 Hz back: y 258.33 + 30 (5/3) = 308.33 (h 535.67)' })
-- 60 Hz: 15 events of 20 / 3 pt: y 310 - 20 / 3 - 14 (10 / 3) = 256.67 (h 587.33); back: y 306.67.
up_and_back(60,
  { 534 + 20 / 3 + 14 * 10 / 3, '60 Hz up: 534 + 20/3 + 14 (10/3) = 587.33, not 120 Hz\'s 585.67' },
  { 844 - (310 - 20 / 3 - 14 * 10 / 3 + 15 * 10 / 3), '60 Hz back: y 256.67 + 15 (10/3) = 306.67, h 537.33' })
