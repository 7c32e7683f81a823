-- scenario: Hot reload during a drag: the running gesture keeps the old version to its end (no jump; the old
-- version's release decides); the new one takes over at the next gesture.
-- fixtures/reload_v1.lua: 1:1 drag, any upward release -> high (600).
-- fixtures/reload_v2.lua: drag at half the travel, high only past 200 pt up.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'fixtures/reload_v1.lua'
present()
settle()

touch_down { y = 554 }
touch_move { y = 504 }
expect_near(sheet.height, 350, 0.01, 'v1: up 50 -> 350')
reload 'fixtures/reload_v2.lua'
expect_near(sheet.height, 350, 0.01, 'no jump at the reload')
touch_move { y = 454 }
expect_near(sheet.height, 400, 0.01, 'the same gesture still follows v1 (1:1): 400, not 350')
-- released 100 up: v1 says high (v2 would say low)
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'high', "the gesture's release is v1's: high")
expect_near(sheet.height, 600, 0.01, 'h 600')

-- the next gesture is v2's: from high (top edge y 244), down 100 -> 600 - 50 = 550
drag { dy = 100, duration = 0.25, release = false }
expect_near(sheet.height, 550, 0.01, 'next gesture: v2 (half travel)')
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'low', 'v2: not past 200 up -> low')
