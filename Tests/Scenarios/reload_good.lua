-- scenario: Hot reload: a valid new version is swapped in; it takes effect at the next gesture, no jump.
-- fixtures/reload_v1.lua: low 300 / high 600, 1:1 drag, any upward release -> high.
-- fixtures/reload_v2.lua: same detents, drag at half the finger's travel, high only past 200 pt up.
-- Reference screen: low's top edge at y 544 (default `at` y 554).

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'fixtures/reload_v1.lua'
present()
settle()
expect_near(sheet.height, 300, 0.01, 'v1 presents at low 300')

-- v1: up 100 -> 400 (1:1), released up -> high
drag { dy = -100, duration = 0.25, release = false }
expect_near(sheet.height, 400, 0.01, 'v1 follows the finger 1:1')
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'high', 'v1: any upward release -> high')
snap_to 'low'
settle()

reload 'fixtures/reload_v2.lua'
expect(sheet.state == 'resting', 'a reload at rest does not move the sheet')
expect_near(sheet.height, 300, 0.01, 'no jump on reload')
wait(0.2)
expect_near(sheet.height, 300, 0.01, 'still no movement after the reload')

-- v2 from the next gesture: up 100 -> 300 + 100 * 0.5 = 350; released 100 up (not past 200) -> low
drag { dy = -100, duration = 0.25, release = false }
expect_near(sheet.height, 350, 0.01, 'v2 drags at half the travel')
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'low', 'v2: 100 pt up is not enough -> low')
expect_near(sheet.height, 300, 0.01, 'back at 300')

-- v2: up 250 (y 554 -> 304) -> 425 shown; released 250 up -> high
drag { dy = -250, duration = 0.25, velocity = 0 }
settle()
expect(sheet.detent == 'high', 'v2: 250 pt up -> high')
expect_near(sheet.height, 600, 0.01, 'h 600')
