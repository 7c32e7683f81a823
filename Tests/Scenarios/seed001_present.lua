-- scenario: Seed 001 (half-modal): "present", "tap in the gesture area", "programmatic dismiss", "dismiss".
-- Content C = 600 on the reference screen: the sheet spans y 244 .. 844 at rest; the gesture area is
-- everything above y = 244 plus the band y 244 .. 272 (28 pt into the content).
-- UIKit's default curve (ease-in-out) at u = 0.5 gives 0.5 (1/36 of u either side: 0.4522 .. 0.5478).

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'half-modal'
content { height = 600 }

-- present: h 0 -> 600, backdrop 0 -> 0.7, 0.3 s default curve
present()
wait(0.15)
expect(sheet.state == 'presenting', 'presenting half-way through 0.3 s')
expect_near(sheet.height, 300, 30, 'ease-in-out half-way: 600 * 0.5 = 300 (a frame either way 271 .. 329)')
expect_near(sheet.backdrop, 0.35, 0.035, 'backdrop with the height: 0.7 * 0.5')
wait(0.2)
expect(sheet.state == 'resting', 'present takes 0.3 s')
expect(sheet.detent == 'content', 'at the content detent')
expect_near(sheet.height, 600, 0.01, 'h = C = 600')
expect_near(sheet.backdrop, 0.7, 1e-6, 'backdrop 0.7')

-- a tap in the band (y 260, 16 pt into the content) dismisses in 0.3 s
tap { y = 260 }
wait(0.25)
expect(sheet.state == 'dismissing', 'still dismissing at 0.25 s of 0.3 s')
wait(0.1)
expect(sheet.state == 'dismissed', 'a tap in the grab band dismisses (0.3 s)')
expect_near(sheet.height, 0, 0.01, 'hidden')
expect_near(sheet.backdrop, 0, 1e-6, 'backdrop 0')

-- a tap above the content (the backdrop is part of the gesture area) dismisses
present()
settle()
tap { y = 100 }
wait(0.35)
expect(sheet.state == 'dismissed', 'a tap above the content dismisses')

-- a tap on the content below the band does nothing
present()
settle()
tap { y = 400 }
wait(0.35)
expect(sheet.state == 'resting', 'a tap on the content (below the band) keeps the sheet')
expect_near(sheet.height, 600, 0.01, 'still 600')

-- programmatic dismiss (the seed's delegate): same as the tap, 0.3 s default curve
dismiss()
wait(0.15)
expect_near(sheet.height, 300, 30, 'dismiss half-way: 600 * (1 - 0.5) = 300')
wait(0.2)
expect(sheet.state == 'dismissed', 'programmatic dismiss takes 0.3 s')
