-- scenario: Hot reload of broken files: each is refused (the error is reported), the running version stays,
-- and a later good reload still works.
-- How the refusal reaches the scenario is the host's choice (an error raised into the scenario, or
-- false plus a message); pcall sees either, so this scenario accepts both.
-- fixtures/reload_v1.lua: 1:1 drag, any upward release -> high. fixtures/reload_v2.lua: half travel.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'fixtures/reload_v1.lua'
present()
settle()

-- Returns true when `reload(path)` was refused.
local function refused(path)
  local ok, result = pcall(reload, path)
  return (not ok) or result == false
end

expect(refused('fixtures/reload_broken_syntax.lua'), 'a syntax error is refused')
expect(refused('fixtures/reload_broken_type.lua'), 'a wrong field type and a misspelt field are refused')
expect(sheet.state == 'resting', 'the sheet is undisturbed')
expect_near(sheet.height, 300, 0.01, 'still at low')

-- v1 still runs: 1:1 drag, upward release -> high
drag { dy = -100, duration = 0.25, release = false }
expect_near(sheet.height, 400, 0.01, 'v1 still drags 1:1')
-- a broken reload in the middle of this drag changes nothing either
expect(refused('fixtures/reload_broken_syntax.lua'), 'refused mid-drag')
touch_move { y = 404 }
expect_near(sheet.height, 450, 0.01, 'v1: up 150 -> 450')
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'high', 'v1 decides: high')

-- a good reload after the broken ones is swapped in
reload 'fixtures/reload_v2.lua'
drag { dy = 100, duration = 0.25, release = false }
expect_near(sheet.height, 550, 0.01, 'v2 now: half travel')
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'low', 'v2 decides: low')
